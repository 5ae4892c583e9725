import type { ProxyCredentials } from "../../common/proxy";
import type { ProxySettings } from "./proxy-agents";
import { type ProxyChoice, parseProxyChoice } from "./proxy-choice";

export type HttpProxy = Extract<ProxyChoice, { kind: "proxy" }>;

/**
 * How the system's settings send a request to an address: direct, through an HTTP proxy (with the user name and
 * password the keychain keeps for it, if any), or not at all: settings that cannot be read, or that name only
 * proxies Signdesk cannot speak (SOCKS), are said rather than gone around.
 */
export type SystemProxy =
  | { kind: "direct" }
  | { kind: "proxy"; proxy: HttpProxy; credentials: ProxyCredentials | null }
  | { kind: "refused"; message: string };

/** What the system's proxy settings say for `url` (every request main makes asks: the service's, a download's…). */
export async function systemProxyFor(settings: ProxySettings | undefined, url: URL): Promise<SystemProxy> {
  if (settings === undefined) return { kind: "direct" };
  let choice: ProxyChoice;
  try {
    choice = parseProxyChoice(await settings.resolve(url.href));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: "refused", message: `The system's proxy settings for ${url.origin} could not be read: ${reason}` };
  }
  if (choice.kind === "direct") return { kind: "direct" };
  if (choice.kind === "unsupported")
    return {
      kind: "refused",
      message: `The system's proxy settings send ${url.origin} only through proxies Signdesk cannot use (${choice.entries}): set an HTTP proxy for it, or none.`,
    };
  return { kind: "proxy", proxy: choice, credentials: await settings.credentials(choice.address) };
}
