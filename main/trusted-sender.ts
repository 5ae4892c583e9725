/** Where our own page is served from: the app protocol, or the Vite dev server in development. */
export const appOrigin = "app://signdesk";

export interface SenderFrame {
  url: string;
  isMainFrame: boolean;
}

/** IPC is answered only for the main frame of a page served from one of `allowedOrigins`. */
export function isTrustedSender(frame: SenderFrame | null, allowedOrigins: readonly string[]): boolean {
  if (frame === null || !frame.isMainFrame) return false;
  let origin: string;
  try {
    const url = new URL(frame.url);
    // URL.origin is "null" for non-special schemes such as app://; rebuild it from its parts.
    origin = `${url.protocol}//${url.host}`;
  } catch {
    return false;
  }
  return allowedOrigins.includes(origin);
}
