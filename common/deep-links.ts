import { parseUrl } from "./parse-url";

/** The scheme the installers register: a link `signdesk://document/<pdfId>` opens that document's details. */
export const deepLinkScheme = "signdesk";

export type DeepLink = { kind: "document"; pdfId: string };

/** The longest link read: anything longer is not one of ours. */
const maxLinkLength = 2048;
/** As the contract takes a document's ID (1 to 200 characters), with no control character. */
const maxPdfIdLength = 200;

/**
 * What a link asks of Signdesk, or null when it asks nothing it does. Only `signdesk://document/<pdfId>` (the ID
 * percent-encoded as needed) opens something; its query and fragment are ignored, and any other address, host or path
 * opens nothing: a link comes from anywhere (a web page, an e-mail), so it may only show what the person has.
 */
export function parseDeepLink(link: string): DeepLink | null {
  if (link.length > maxLinkLength) return null;
  const url = parseUrl(link);
  if (url === null) return null;
  if (url.protocol !== `${deepLinkScheme}:` || url.hostname.toLowerCase() !== "document" || url.port !== "")
    return null;
  if (url.username !== "" || url.password !== "") return null;
  const segments = url.pathname.split("/").filter((segment) => segment !== "");
  const [segment] = segments;
  if (segments.length !== 1 || segment === undefined) return null;
  let pdfId: string;
  try {
    pdfId = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (pdfId.length === 0 || pdfId.length > maxPdfIdLength || /[\p{Cc}/\\]/u.test(pdfId)) return null;
  return { kind: "document", pdfId };
}

/**
 * The link on a command line (the first start, or the one a second instance hands over, whose arguments Chromium may
 * reorder and add to): the first argument in our scheme, or null.
 */
export function deepLinkIn(argv: readonly string[]): DeepLink | null {
  const link = argv.find((arg) => arg.toLowerCase().startsWith(`${deepLinkScheme}:`));
  return link === undefined ? null : parseDeepLink(link);
}
