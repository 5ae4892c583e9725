import { EventEmitter } from "node:events";
import type { Download } from "playwright-core";
import { app } from "./app.ts";
import { launchState } from "./app-state.ts";
import { preventableEvent } from "./emitter-event.ts";
import type { AskingFrame, PermissionAsk } from "./permission-requests.ts";
import { toAppUrl } from "./protocol.ts";
import { resolveProxyAsChromium } from "./proxy-resolution.ts";
import { records } from "./records.ts";

type RequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: Record<string, unknown>,
) => void;
type CheckHandler = (
  webContents: unknown,
  permission: string,
  requestingOrigin: string,
  details: Record<string, unknown>,
) => boolean;
type DeviceHandler = (details: Record<string, unknown>) => boolean;

/** URL.origin is "null" for a custom scheme such as app://; Electron gives `scheme://host`. */
function originOf(url: string): string {
  const parsed = new URL(url);
  return parsed.origin === "null" ? `${parsed.protocol}//${parsed.host}` : parsed.origin;
}

/**
 * The handler's answer, or null when it never answers (Electron would leave the request pending): recorded as such, so
 * that the limit only bounds a hang and never passes for a denial.
 */
function answerWithin(ask: (callback: (granted: boolean) => void) => void): Promise<boolean | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 30_000);
    ask((granted) => {
      clearTimeout(timer);
      resolve(granted === true);
    });
  });
}

class Session extends EventEmitter {
  private requestHandler: RequestHandler | null = null;
  private checkHandler: CheckHandler | null = null;
  private deviceHandler: DeviceHandler | null = null;

  setPermissionRequestHandler(handler: RequestHandler | null): void {
    this.requestHandler = handler;
  }

  setPermissionCheckHandler(handler: CheckHandler | null): void {
    this.checkHandler = handler;
  }

  setDevicePermissionHandler(handler: DeviceHandler | null): void {
    this.deviceHandler = handler;
  }

  /** For the stand-in's tests: what the app's device handler answers for a device (Electron's details shape). */
  checkDevicePermission(details: Record<string, unknown>): boolean {
    return this.deviceHandler === null ? false : this.deviceHandler(details) === true;
  }

  /**
   * The page asked for a permission (`request`) or asked whether it has one (`check`, the Permissions API), at that
   * moment, as Electron asks: most web APIs check first and request only when the check is denied (docs/api/
   * session.md); a check is the check handler's answer alone. With no handler set, Electron grants.
   * `frame.url` is the frame's own address; the handlers see the app's (`app://...`), as in Electron.
   */
  async decidePermission(webContents: unknown, ask: PermissionAsk, frame: AskingFrame): Promise<boolean> {
    const url = toAppUrl(frame.url);
    const origin = originOf(url);
    const details = { requestingUrl: url, isMainFrame: frame.isMainFrame };
    const mediaType = ask.mediaTypes?.[0];
    const check = this.checkHandler;
    const checked =
      check === null
        ? true
        : check(webContents, ask.permission, origin, {
            ...details,
            ...(frame.isMainFrame ? {} : { embeddingOrigin: origin }),
            ...(mediaType === undefined ? {} : { mediaType, securityOrigin: origin }),
          }) === true;
    records.permissionChecks.push({ permission: ask.permission, origin, granted: checked });
    if (ask.kind === "check" || checked) return checked;
    const request = this.requestHandler;
    const requestDetails = { ...details, ...(ask.mediaTypes === undefined ? {} : { mediaTypes: ask.mediaTypes }) };
    const requested =
      request === null
        ? true
        : await answerWithin((callback) => request(webContents, ask.permission, callback, requestDetails));
    records.permissionRequests.push({ permission: ask.permission, origin, granted: requested });
    return requested === true;
  }

  /** The proxy Chromium would use for `url`, in PAC form (docs/api/session.md: `ses.resolveProxy(url)`). */
  async resolveProxy(url: string): Promise<string> {
    const commandLine = app.commandLine;
    return resolveProxyAsChromium(
      url,
      { has: (name) => commandLine.hasSwitch(name), value: (name) => commandLine.getSwitchValue(name) },
      process.env,
    );
  }

  /** "will-download": a download the page started goes on only if no listener prevents it. */
  async handleDownload(webContents: unknown, download: Download): Promise<void> {
    let cancelled = false;
    const item = {
      getURL: () => download.url(),
      getFilename: () => download.suggestedFilename(),
      cancel: () => {
        cancelled = true;
      },
      setSavePath: () => {},
    };
    const event = preventableEvent();
    this.emit("will-download", event, item, webContents);
    const stop = cancelled || event.defaultPrevented;
    records.downloads.push({ url: download.url(), cancelled: stop });
    if (stop) await download.cancel();
    else await download.path();
  }
}

const defaultSession = new Session();

/**
 * As Electron's (lib/browser/api/session.ts: `get defaultSession () { return fromPartition('') }`): before the app is
 * ready, fromPartition throws a TypeError (shell/browser/api/electron_api_session.cc).
 */
export const session = {
  get defaultSession(): Session {
    if (!launchState.ready) throw new TypeError("Session can only be received when app is ready");
    return defaultSession;
  },
};
