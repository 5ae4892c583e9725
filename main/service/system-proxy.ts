import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import type { ProxyCredentials } from "../../common/proxy";
import type { ProxySettings } from "./proxy-agents";
import { type ProxyChoice, parseProxyChoice } from "./proxy-choice";

const messages = defineMessages({
  unreadable: {
    id: "main.service.proxySettingsUnreadable",
    defaultMessage: "The system's proxy settings for {origin} could not be read: {reason}",
    description: "{reason} is the system's own error message.",
  },
  unusable: {
    id: "main.service.proxySettingsUnusable",
    defaultMessage:
      "The system's proxy settings send {origin} only through proxies Signdesk cannot use ({entries}): set an HTTP proxy for it, or none.",
    description: "{entries} are the proxy settings' entries as the system gives them, e.g. SOCKS5 host:1080.",
  },
});

export type HttpProxy = Extract<ProxyChoice, { kind: "proxy" }>;

/**
 * How the system's settings send a request to an address: direct, through an HTTP proxy (with the user name and
 * password the keychain keeps for it, if any), or not at all: settings that cannot be read, or that name only
 * proxies Signdesk cannot speak (SOCKS), are said rather than gone around.
 */
export type SystemProxy =
  | { kind: "direct" }
  | { kind: "proxy"; proxy: HttpProxy; credentials: ProxyCredentials | null }
  | { kind: "refused"; message: Phrase };

/** What the system's proxy settings say for `url` (every request main makes asks: the service's, a download's…). */
export async function systemProxyFor(settings: ProxySettings | undefined, url: URL): Promise<SystemProxy> {
  if (settings === undefined) return { kind: "direct" };
  let choice: ProxyChoice;
  try {
    choice = parseProxyChoice(await settings.resolve(url.href));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: "refused", message: phrase(messages.unreadable, { origin: url.origin, reason }) };
  }
  if (choice.kind === "direct") return { kind: "direct" };
  if (choice.kind === "unsupported")
    return {
      kind: "refused",
      message: phrase(messages.unusable, { origin: url.origin, entries: choice.entries }),
    };
  return { kind: "proxy", proxy: choice, credentials: await settings.credentials(choice.address) };
}
