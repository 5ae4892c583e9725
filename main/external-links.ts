/**
 * Only plain https links leave the app, and only to the system browser; plus plain http to the
 * origins given (the built-in sandbox's signing pages on this computer).
 */
export function isSafeExternalUrl(candidate: string, alsoAllowedOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.username !== "" || url.password !== "" || url.hostname === "") return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && alsoAllowedOrigins.includes(url.origin);
}
