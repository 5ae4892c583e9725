import { EventEmitter } from "node:events";
import type { Download, Page } from "playwright-core";
import { preventableEvent } from "./emitter-event.ts";
import { toAppUrl } from "./protocol.ts";
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

/**
 * Electron's permissions as Chromium enforces them in the page, with the Playwright names the stand-in grants them
 * under. Chromium gives the stand-in no hook at the moment a page asks, so the session's handlers are asked for each
 * of these when a window's page commits, and Chromium then enforces their answers (nothing is granted unless both
 * handlers grant it; Electron's default with no handler set is to grant).
 */
const enforcedPermissions: Record<string, string[]> = {
  notifications: ["notifications"],
  geolocation: ["geolocation"],
  media: ["camera", "microphone"],
  midi: ["midi"],
  midiSysex: ["midi-sysex"],
  "clipboard-read": ["clipboard-read"],
  "clipboard-sanitized-write": ["clipboard-write"],
  "storage-access": ["storage-access"],
};

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

  /** `pageUrl` is the page's own address; the handlers see the app's (`app://...`), as in Electron. */
  async applyPermissions(webContents: unknown, page: Page, pageUrl: string): Promise<void> {
    let pageOrigin: string;
    try {
      pageOrigin = new URL(pageUrl).origin;
    } catch {
      return;
    }
    if (pageOrigin === "null") return;
    const url = toAppUrl(pageUrl);
    const origin = originOf(url);
    const granted: string[] = [];
    for (const [permission, chromiumNames] of Object.entries(enforcedPermissions)) {
      const details = { requestingUrl: url, isMainFrame: true };
      const request = this.requestHandler;
      const requested =
        request === null ? true : await answerWithin((callback) => request(webContents, permission, callback, details));
      const checked =
        this.checkHandler === null
          ? true
          : this.checkHandler(webContents, permission, origin, { ...details, embeddingOrigin: origin }) === true;
      records.permissionRequests.push({ permission, origin, granted: requested });
      records.permissionChecks.push({ permission, origin, granted: checked });
      if (requested === true && checked) granted.push(...chromiumNames);
    }
    const context = page.context();
    await context.clearPermissions();
    if (granted.length > 0) await context.grantPermissions(granted, { origin: pageOrigin });
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

export const session = { defaultSession: new Session() };
