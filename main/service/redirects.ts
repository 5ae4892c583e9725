import type http from "node:http";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { protocolError, ServiceError } from "./service-error";

const messages = defineMessages({
  noAddress: {
    id: "main.service.redirectNoAddress",
    defaultMessage: "The service answered HTTP {status} to {endpoint} without a usable address to go to.",
    description: "{endpoint} is the service's request, e.g. send_document.",
  },
  notWeb: {
    id: "main.service.redirectNotWeb",
    defaultMessage: "The service redirected {endpoint} to {shown}, which is not a web address.",
  },
  credentials: {
    id: "main.service.redirectCredentials",
    defaultMessage: "The service redirected {endpoint} to an address with credentials; not followed.",
  },
  insecure: {
    id: "main.service.redirectInsecure",
    defaultMessage:
      "The service redirected {endpoint} from a secure address to an insecure one ({shown}). Signdesk does not follow it and sent nothing there.",
  },
  tooMany: {
    id: "main.service.redirectTooMany",
    defaultMessage: "The service redirected {endpoint} more than {maxRedirects, number} times.",
  },
  moved: {
    id: "main.service.moved",
    defaultMessage:
      "The service moved to {shown}. {method, select, post {It answered the {endpoint} request with HTTP {status} and did not act on it: nothing was sent, and Signdesk does not send it again by itself.} other {It answered HTTP {status}; Signdesk does not send the API key to another host by itself.}} {hasAddress, select, yes {Use the new address ({movedTo}) for this account, then try again.} other {Check the account's service address on the Accounts screen.}}",
    description: "{shown} and {movedTo} are web addresses; {endpoint} is the service's request, e.g. send_document.",
  },
});

/** The statuses that name another address in `Location`. */
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Hops a GET follows before giving up. */
export const maxRedirects = 3;

export function isRedirect(status: number): boolean {
  return redirectStatuses.has(status);
}

export interface RedirectContext {
  method: "GET" | "POST";
  endpoint: string;
  /** The account's base URL: the only host the API key goes to (or its https upgrade). */
  base: URL;
  /** The address that answered the redirect. */
  from: URL;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Redirects followed already for this call. */
  hops: number;
}

/** May the API key go to `target`? Only to the account's own origin, or its https upgrade (same host, port 443). */
function keySafe(target: URL, base: URL): boolean {
  if (target.origin === base.origin) return true;
  return base.protocol === "http:" && target.protocol === "https:" && target.host === base.hostname;
}

/**
 * The account's base URL `target` implies, when it is the same endpoint at another address
 * (`https://new.example.com/api/getAllDocuments` → `https://new.example.com/api`); else null.
 */
function baseUrlOf(target: URL, endpoint: string): string | null {
  const suffix = `/${endpoint}`;
  if (!target.pathname.endsWith(suffix)) return null;
  return `${target.origin}${target.pathname.slice(0, -suffix.length)}`;
}

/**
 * Where a redirect answer leads: the next URL for a GET that stays on the account's own host (the API key
 * goes with it), otherwise a ServiceError. A POST is never sent again (its files neither): the redirect is
 * reported as `moved`, with the account's new address when it can be told. A GET to another host is
 * reported the same way and never sent there (the key would go with it). An https address is never
 * followed to http, and a redirect chain ends after `maxRedirects` hops.
 */
export function redirectTarget(context: RedirectContext): URL {
  const { status, endpoint, from } = context;
  const location = context.headers.location;
  let target: URL;
  try {
    if (location === undefined || location.trim() === "") throw new TypeError("no Location");
    target = new URL(location.trim(), from);
  } catch {
    throw protocolError(phrase(messages.noAddress, { status, endpoint }), status);
  }
  target.hash = "";
  const shown = target.href;
  if (target.protocol !== "https:" && target.protocol !== "http:")
    throw protocolError(phrase(messages.notWeb, { endpoint, shown }), status);
  if (target.username !== "" || target.password !== "")
    throw protocolError(phrase(messages.credentials, { endpoint }), status);
  if (from.protocol === "https:" && target.protocol === "http:") {
    throw protocolError(phrase(messages.insecure, { endpoint, shown }), status);
  }
  if (context.method === "GET" && keySafe(target, context.base)) {
    if (context.hops >= maxRedirects) throw protocolError(phrase(messages.tooMany, { endpoint, maxRedirects }), status);
    return target;
  }
  const movedTo = baseUrlOf(target, endpoint);
  throw new ServiceError({
    category: "moved",
    status,
    movedTo,
    message: phrase(messages.moved, {
      shown,
      endpoint,
      status,
      method: context.method === "POST" ? "post" : "get",
      hasAddress: movedTo === null ? "no" : "yes",
      movedTo: movedTo ?? "",
    }),
  });
}
