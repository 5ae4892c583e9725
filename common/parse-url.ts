/** The parts of a URL common/ reads. */
export type ParsedUrl = Readonly<
  Record<
    "protocol" | "hostname" | "host" | "port" | "username" | "password" | "pathname" | "search" | "hash" | "origin",
    string
  >
>;

/** The WHATWG URL parser: global in every runtime this runs in (Node, Chromium); common/ has neither's types. */
declare const URL: new (input: string) => ParsedUrl;

/** `input` parsed as the WHATWG URL standard says, or null when it is not a URL. */
export function parseUrl(input: string): ParsedUrl | null {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}
