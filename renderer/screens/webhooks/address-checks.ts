/** The checks the forms make before calling main: the same rules as the service and main apply, told per field. */

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type AddressCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * An http(s) address: https anywhere, plain http only to this computer (localhost, 127.0.0.1, [::1]).
 * `example` is shown in the messages; `allowQuery` lets a webhook address keep its ?query (a service's cannot).
 */
export function checkHttpsAddress(candidate: string, example: string, options: { allowQuery: boolean }): AddressCheck {
  const trimmed = candidate.trim();
  if (trimmed === "") return { ok: false, message: `Enter the address, such as ${example}.` };
  if (trimmed.length > 2048) return { ok: false, message: "The address is longer than 2,048 characters." };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: `Enter a full address that starts with https://, such as ${example}.` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, message: `The address must start with https:// (not ${url.protocol}//).` };
  }
  if (url.hostname === "") return { ok: false, message: `Enter a full address, such as ${example}.` };
  if (url.username !== "" || url.password !== "")
    return { ok: false, message: "The address must not contain a user name or password." };
  if (url.protocol === "http:" && !loopbackHosts.has(url.hostname)) {
    return {
      ok: false,
      message: `Plain http:// is allowed only for this computer (localhost, 127.0.0.1 or [::1]). Use https://${url.host}${url.pathname === "/" ? "" : url.pathname} instead.`,
    };
  }
  if (!options.allowQuery && (url.search !== "" || url.hash !== ""))
    return { ok: false, message: "The address must not contain ? or #." };
  return { ok: true, url: trimmed };
}
