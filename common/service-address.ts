import { defineMessages } from "./i18n/define-messages";
import { type Phrase, phrase } from "./i18n/phrase";
import { parseUrl } from "./parse-url";

const messages = defineMessages({
  empty: {
    id: "rules.serviceAddress.empty",
    defaultMessage: "Enter the address, such as {example}.",
    description: "{example} is a web address, such as https://api.example.com.",
  },
  tooLong: {
    id: "rules.serviceAddress.tooLong",
    defaultMessage: "The address is longer than {max, number} characters.",
  },
  notAUrl: {
    id: "rules.serviceAddress.notAUrl",
    defaultMessage: "Enter a full address that starts with https://, such as {example}.",
    description: "{example} is a web address, such as https://api.example.com.",
  },
  scheme: {
    id: "rules.serviceAddress.scheme",
    defaultMessage: "The address must start with https:// (not {scheme}//).",
    description: "{scheme} is what the address typed starts with, such as ftp:.",
  },
  noHost: {
    id: "rules.serviceAddress.noHost",
    defaultMessage: "Enter a full address, such as {example}.",
    description: "{example} is a web address, such as https://api.example.com.",
  },
  credentials: {
    id: "rules.serviceAddress.credentials",
    defaultMessage: "The address must not contain a user name or password.",
  },
  plainHttp: {
    id: "rules.serviceAddress.plainHttp",
    defaultMessage:
      "Plain http:// is allowed only for this computer (localhost, 127.0.0.1 or [::1]). Use {suggestion} instead.",
    description: "{suggestion} is the address typed, with https:// instead of http://.",
  },
  queryOrFragment: {
    id: "rules.serviceAddress.queryOrFragment",
    defaultMessage: "The address must not contain ? or #.",
  },
});

/**
 * The one rule for an address the app sends to or has the service call: https anywhere, plain http only to this
 * computer (localhost, 127.0.0.1, [::1]), a host, no user name or password, at most 2,048 characters. Two kinds:
 * - "base": an account's service base URL. No ?query or #fragment; kept without its trailing slash.
 * - "webhook": an address the service notifies. Its ?query (and #fragment) are kept; kept as typed, trimmed.
 * Used by main (accounts, the service client), the sandbox (registerWebhook) and the forms. The rule answers why
 * an address is refused; `describeAddressProblem` words it for the forms, and each other side words it its own
 * way where its messages are part of a contract (the sandbox's API errors).
 */

export type AddressKind = "base" | "webhook";

export const maxAddressLength = 2048;

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type AddressProblem =
  | { reason: "empty" }
  | { reason: "too_long" }
  | { reason: "not_a_url" }
  /** Neither https: nor http:; `scheme` as "ftp:". */
  | { reason: "scheme"; scheme: string }
  | { reason: "no_host" }
  | { reason: "credentials" }
  /** http: to another computer; `suggestion` is the same address with https://. */
  | { reason: "plain_http"; suggestion: string }
  | { reason: "query_or_fragment" };

export type AddressCheck = { ok: true; url: string } | { ok: false; problem: AddressProblem };

/** Whether `candidate` (trimmed) is an address of `kind`, and the address as the app keeps it. */
export function checkServiceAddress(candidate: string, kind: AddressKind): AddressCheck {
  const refuse = (problem: AddressProblem): AddressCheck => ({ ok: false, problem });
  const trimmed = candidate.trim();
  if (trimmed === "") return refuse({ reason: "empty" });
  if (trimmed.length > maxAddressLength) return refuse({ reason: "too_long" });
  const url = parseUrl(trimmed);
  if (url === null) return refuse({ reason: "not_a_url" });
  if (url.protocol !== "https:" && url.protocol !== "http:") return refuse({ reason: "scheme", scheme: url.protocol });
  if (url.hostname === "") return refuse({ reason: "no_host" });
  if (url.username !== "" || url.password !== "") return refuse({ reason: "credentials" });
  if (url.protocol === "http:" && !loopbackHosts.has(url.hostname)) {
    const suggestion = `https://${url.host}${url.pathname === "/" ? "" : url.pathname}`;
    return refuse({ reason: "plain_http", suggestion });
  }
  if (kind === "webhook") return { ok: true, url: trimmed };
  if (url.search !== "" || url.hash !== "") return refuse({ reason: "query_or_fragment" });
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}

/** The forms' words for a refused address; `example` is a full address of the kind asked for. */
export function describeAddressProblem(problem: AddressProblem, example: string): Phrase {
  switch (problem.reason) {
    case "empty":
      return phrase(messages.empty, { example });
    case "too_long":
      return phrase(messages.tooLong, { max: maxAddressLength });
    case "not_a_url":
      return phrase(messages.notAUrl, { example });
    case "scheme":
      return phrase(messages.scheme, { scheme: problem.scheme });
    case "no_host":
      return phrase(messages.noHost, { example });
    case "credentials":
      return phrase(messages.credentials);
    case "plain_http":
      return phrase(messages.plainHttp, { suggestion: problem.suggestion });
    case "query_or_fragment":
      return phrase(messages.queryOrFragment);
  }
}

/** The example the forms show for each kind. */
export const addressExamples: Record<AddressKind, string> = {
  base: "https://api.example.com",
  webhook: "https://example.com/hooks/signdesk",
};
