const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A service base URL as the app stores it (no trailing slash): https, or http only to this machine.
 * Answers the normalised URL or a message saying what is wrong.
 */
export function checkBaseUrl(candidate: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(candidate.trim());
  } catch {
    return { ok: false, message: "Enter a full address, such as https://api.example.com." };
  }
  if (url.username !== "" || url.password !== "")
    return { ok: false, message: "The address must not contain a user name or password." };
  const loopback = loopbackHosts.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    return { ok: false, message: "Use an https:// address (plain http:// is allowed only for this computer)." };
  }
  if (url.search !== "" || url.hash !== "") return { ok: false, message: "The address must not contain ? or #." };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}
