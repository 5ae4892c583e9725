import { randomBytes } from "node:crypto";
import type { CDPSession } from "playwright-core";
import { z } from "zod";
import { permissionScript } from "./page-scripts.ts";

/** What the page's wrapper (browser/permission-requests.ts) sends when the page asks for a permission. */
const Ask = z.object({
  id: z.number().int(),
  kind: z.enum(["request", "check"]),
  permission: z.string(),
  mediaTypes: z.array(z.enum(["video", "audio"])).optional(),
});
export type PermissionAsk = z.infer<typeof Ask>;

/** The frame that asked, as the stand-in's webContents knows it. */
export interface AskingFrame {
  /** The frame's own address (the stand-in's https origin for the app's pages). */
  url: string;
  isMainFrame: boolean;
}

/** Chromium's permission descriptors (DevTools Browser.setPermission) behind an Electron permission. */
function chromiumDescriptors(ask: PermissionAsk): { name: string; sysex?: boolean }[] {
  switch (ask.permission) {
    case "notifications":
    case "geolocation":
    case "clipboard-read":
    case "storage-access":
      return [{ name: ask.permission }];
    case "clipboard-sanitized-write":
      return [{ name: "clipboard-write" }];
    case "midi":
      return [{ name: "midi" }];
    case "midiSysex":
      return [{ name: "midi", sysex: true }];
    case "media":
      return (ask.mediaTypes ?? []).map((type) => ({ name: type === "video" ? "camera" : "microphone" }));
    default:
      return [];
  }
}

/**
 * Routes the page's permission requests and checks, as they happen, to the session's handlers (`decide`), then sets
 * Chromium's answer for the asking frame's origin to theirs before the page's call goes on.
 */
export class PermissionRouter {
  readonly binding = `__electronStandinPermission${randomBytes(6).toString("hex")}`;
  private readonly settled = `electron-standin.permission-settled.${randomBytes(6).toString("hex")}`;

  private readonly cdp: CDPSession;
  private readonly frameOf: (contextId: number) => AskingFrame | null;
  private readonly decide: (ask: PermissionAsk, frame: AskingFrame) => Promise<boolean>;

  constructor(
    cdp: CDPSession,
    frameOf: (contextId: number) => AskingFrame | null,
    decide: (ask: PermissionAsk, frame: AskingFrame) => Promise<boolean>,
  ) {
    this.cdp = cdp;
    this.frameOf = frameOf;
    this.decide = decide;
  }

  async install(): Promise<void> {
    await this.cdp.send("Runtime.addBinding", { name: this.binding });
    await this.cdp.send("Page.addScriptToEvaluateOnNewDocument", {
      source: await permissionScript({ binding: this.binding, settled: this.settled }),
    });
  }

  async receive(contextId: number, payload: string): Promise<void> {
    const parsed = Ask.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    const ask = parsed.data;
    const frame = this.frameOf(contextId);
    try {
      if (frame !== null) {
        const granted = await this.decide(ask, frame);
        const origin = new URL(frame.url).origin;
        for (const permission of chromiumDescriptors(ask)) {
          const setting = granted ? "granted" : "denied";
          await this.cdp.send("Browser.setPermission", { permission, setting, origin });
        }
      }
    } finally {
      await this.cdp
        .send("Runtime.callFunctionOn", {
          // A task of its own, as WebContents.deliver says why.
          functionDeclaration: `function (id) { setTimeout(() => globalThis[Symbol.for(${JSON.stringify(this.settled)})](id), 0); }`,
          executionContextId: contextId,
          arguments: [{ value: ask.id }],
        })
        .catch(() => {});
    }
  }
}
