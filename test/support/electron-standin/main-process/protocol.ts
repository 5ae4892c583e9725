import { launchState } from "./app-state.ts";

type ProtocolHandler = (request: Request) => Response | Promise<Response>;

export interface CustomScheme {
  scheme: string;
  privileges?: Record<string, boolean>;
}

/**
 * protocol: schemes registered as privileged before ready, and handlers for them. Chromium cannot load a custom
 * scheme the stand-in did not compile in, so each `scheme://host` is served to the page from a stand-in https
 * origin (`standinOrigin`) whose requests go to the handler as `scheme://host/...`; every URL the app sees is
 * translated back (`toAppUrl`).
 */
class Protocol {
  readonly privileged: CustomScheme[] = [];
  readonly handlers = new Map<string, ProtocolHandler>();

  registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
    if (launchState.ready) throw new Error("protocol.registerSchemesAsPrivileged should be called before app is ready");
    this.privileged.push(...schemes.map((scheme) => ({ ...scheme, privileges: { ...scheme.privileges } })));
  }

  handle(scheme: string, handler: ProtocolHandler): void {
    if (!launchState.ready) throw new Error("protocol.handle should be called after app is ready");
    if (this.handlers.has(scheme)) throw new Error(`Protocol '${scheme}' is already handled`);
    this.handlers.set(scheme, handler);
  }

  unhandle(scheme: string): void {
    this.handlers.delete(scheme);
  }

  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme);
  }
}

export const protocol = new Protocol();

const standinDomain = "electron-standin.invalid";

/** `app://signdesk/x` → `https://signdesk.app.electron-standin.invalid/x` (`.invalid` never resolves). */
export function toPageUrl(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(url);
  if (match === null) return url;
  const [, scheme = "", host = "", rest = ""] = match;
  if (!protocol.privileged.some((each) => each.scheme === scheme.toLowerCase())) return url;
  return `https://${host}.${scheme.toLowerCase()}.${standinDomain}${rest}`;
}

/** The inverse of toPageUrl; any other URL is returned as it is. */
export function toAppUrl(url: string): string {
  const match = /^https:\/\/([^/?#]*)\.([a-z][a-z0-9+.-]*)\.electron-standin\.invalid(.*)$/i.exec(url);
  if (match === null) return url;
  const [, host = "", scheme = "", rest = ""] = match;
  return `${scheme}://${host}${rest === "" ? "/" : rest}`;
}

export function isStandinOrigin(url: string): boolean {
  return toAppUrl(url) !== url;
}

/** Answers a request for a custom scheme with the app's handler, as Electron's protocol.handle does. */
export async function answerWithHandler(request: Request): Promise<Response> {
  const scheme = new URL(request.url).protocol.replace(/:$/, "");
  const handler = protocol.handlers.get(scheme);
  if (handler === undefined) return new Response(null, { status: 404 });
  return handler(request);
}
