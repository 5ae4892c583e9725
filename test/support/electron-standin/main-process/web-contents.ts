import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import type { CDPSession, Page, Route } from "playwright-core";
import { decodeText, encodeText } from "../browser/clone-codec.ts";
import { preventableEvent } from "./emitter-event.ts";
import { ipcMain } from "./ipc-main.ts";
import { isolatedWorldScript, mainWorldScript } from "./page-scripts.ts";
import { PermissionRouter } from "./permission-requests.ts";
import { toAppUrl, toPageUrl } from "./protocol.ts";
import { records } from "./records.ts";
import { session } from "./session.ts";
import { type FrameRecord, type FrameSource, WebFrameMain } from "./web-frame-main.ts";

const preloadWorld = "electron-standin-preload";
let nextId = 1;

export interface WindowOpenDetails {
  url: string;
  frameName: string;
  features: string;
  disposition: string;
  referrer: { url: string; policy: string };
}
type WindowOpenHandler = (details: WindowOpenDetails) => { action: "allow" | "deny" };

interface IpcMessage {
  op: "invoke" | "send";
  id?: number;
  channel: string;
  args: string;
}

function sameUrl(left: string, right: string): boolean {
  try {
    return new URL(left).href === new URL(right).href;
  } catch {
    return left === right;
  }
}

/**
 * webContents of one BrowserWindow: a Chromium page driven over its own DevTools session. The preload runs in an
 * isolated world; ipcRenderer's calls arrive on a binding only that world has, with the frame they came from
 * (`senderFrame`); navigations the page starts are offered to will-navigate and will-redirect first.
 */
export class WebContents extends EventEmitter implements FrameSource {
  readonly id = nextId++;
  readonly session = session.defaultSession;
  page: Page | null = null;
  private cdp: CDPSession | null = null;
  private readonly binding = `__electronStandinIpc${randomBytes(6).toString("hex")}`;
  private readonly frames = new Map<string, FrameRecord>();
  private readonly frameObjects = new Map<string, WebFrameMain>();
  private readonly isolatedContexts = new Map<string, number>();
  private readonly contextFrames = new Map<number, string>();
  /** The main world's context of each frame, where the page's own scripts (and its permission requests) run. */
  private readonly mainWorldFrames = new Map<number, string>();
  private permissions: PermissionRouter | null = null;
  private mainFrameId: string | null = null;
  private windowOpenHandler: WindowOpenHandler | null = null;
  private expectedNavigation: string | null = null;
  private destroyed = false;
  /** Called when a beforeunload handler kept the page open during closePage. */
  private unloadKept: () => void = () => {};
  private attachedResolve!: () => void;
  private readonly attached = new Promise<void>((resolve) => {
    this.attachedResolve = resolve;
  });
  private static nextRoutingId = 1;

  private readonly preloadPath: string | null;
  private readonly onLoaded: () => void;

  constructor(preloadPath: string | null, onLoaded: () => void) {
    super();
    this.preloadPath = preloadPath;
    this.onLoaded = onLoaded;
  }

  async attach(page: Page): Promise<void> {
    this.page = page;
    const cdp = await page.context().newCDPSession(page);
    this.cdp = cdp;
    cdp.on("Page.frameAttached", ({ frameId, parentFrameId }) => {
      this.frames.set(frameId, { url: "", parentId: parentFrameId ?? null, name: "" });
    });
    cdp.on("Page.frameNavigated", ({ frame }) => {
      this.frames.set(frame.id, {
        url: frame.url + (frame.urlFragment ?? ""),
        parentId: frame.parentId ?? null,
        name: frame.name ?? "",
      });
      if (frame.parentId === undefined) {
        this.mainFrameId = frame.id;
        this.emit("did-navigate", preventableEvent(), toAppUrl(frame.url));
      }
    });
    cdp.on("Page.navigatedWithinDocument", ({ frameId, url }) => {
      const record = this.frames.get(frameId);
      if (record !== undefined) record.url = url;
    });
    cdp.on("Page.frameDetached", ({ frameId, reason }) => {
      if (reason === "remove") this.frames.delete(frameId);
    });
    cdp.on("Page.domContentEventFired", () => this.emit("dom-ready", preventableEvent()));
    cdp.on("Page.loadEventFired", () => {
      this.emit("did-finish-load", preventableEvent());
      this.onLoaded();
    });
    cdp.on("Runtime.executionContextCreated", ({ context }) => {
      const frameId = (context.auxData as { frameId?: string } | undefined)?.frameId;
      if (frameId === undefined) return;
      if ((context.auxData as { isDefault?: boolean }).isDefault === true)
        this.mainWorldFrames.set(context.id, frameId);
      if (context.name !== preloadWorld) return;
      this.isolatedContexts.set(frameId, context.id);
      this.contextFrames.set(context.id, frameId);
    });
    cdp.on("Runtime.executionContextDestroyed", ({ executionContextId }) => this.forgetContext(executionContextId));
    cdp.on("Runtime.executionContextsCleared", () => {
      this.mainWorldFrames.clear();
      this.isolatedContexts.clear();
      this.contextFrames.clear();
    });
    cdp.on("Runtime.bindingCalled", ({ name, payload, executionContextId }) => {
      if (name === this.binding) void this.receiveIpc(executionContextId, payload);
      else if (name === this.permissions?.binding)
        void this.permissions.receive(executionContextId, payload).catch(() => {});
    });
    // Chromium tells of a window.open (or a link to a new window) before it makes the window; the app decides here.
    cdp.on("Page.windowOpen", ({ url }) => {
      this.windowOpenAction(url);
    });
    page.on("dialog", (dialog) => {
      if (dialog.type() !== "beforeunload") {
        // No desktop to show it on: dismissed, as a user closing it would.
        void dialog.dismiss().catch(() => {});
        return;
      }
      const event = preventableEvent();
      this.emit("will-prevent-unload", event);
      if (event.defaultPrevented) {
        void dialog.accept().catch(() => {});
        return;
      }
      void dialog.dismiss().catch(() => {});
      this.unloadKept();
    });
    page.on("download", (download) => void this.session.handleDownload(this, download).catch(() => {}));
    await cdp.send("Page.enable");
    await cdp.send("Runtime.enable");
    const { frameTree } = await cdp.send("Page.getFrameTree");
    this.mainFrameId = frameTree.frame.id;
    this.frames.set(frameTree.frame.id, { url: frameTree.frame.url, parentId: null, name: "" });
    await cdp.send("Runtime.addBinding", { name: this.binding, executionContextName: preloadWorld });
    this.permissions = new PermissionRouter(
      cdp,
      (contextId) => this.askingFrame(contextId),
      (ask, frame) => this.session.decidePermission(this, ask, frame),
    );
    await this.permissions.install();
    await cdp.send("Page.addScriptToEvaluateOnNewDocument", { source: await mainWorldScript() });
    await cdp.send("Page.addScriptToEvaluateOnNewDocument", {
      source: await isolatedWorldScript(this.binding, this.preloadPath),
      worldName: preloadWorld,
    });
    this.attachedResolve();
  }

  private askingFrame(contextId: number): { url: string; isMainFrame: boolean } | null {
    const frameId = this.mainWorldFrames.get(contextId);
    const record = frameId === undefined ? undefined : this.frames.get(frameId);
    if (frameId === undefined || record === undefined) return null;
    return { url: record.url, isMainFrame: frameId === this.mainFrameId };
  }

  private forgetContext(contextId: number): void {
    this.mainWorldFrames.delete(contextId);
    const frameId = this.contextFrames.get(contextId);
    this.contextFrames.delete(contextId);
    if (frameId !== undefined && this.isolatedContexts.get(frameId) === contextId)
      this.isolatedContexts.delete(frameId);
  }

  frameRecord(id: string): FrameRecord | undefined {
    return this.frames.get(id);
  }

  frameMain(id: string): WebFrameMain | null {
    if (!this.frames.has(id)) return null;
    let frame = this.frameObjects.get(id);
    if (frame === undefined) {
      frame = new WebFrameMain(this, id, WebContents.nextRoutingId++);
      this.frameObjects.set(id, frame);
    }
    return frame;
  }

  childFrameIds(id: string): string[] {
    return [...this.frames].filter(([, record]) => record.parentId === id).map(([frameId]) => frameId);
  }

  get mainFrame(): WebFrameMain | null {
    return this.mainFrameId === null ? null : this.frameMain(this.mainFrameId);
  }

  async loadURL(url: string): Promise<void> {
    await this.attached;
    const page = this.page as Page;
    const pageUrl = toPageUrl(url);
    this.expectedNavigation = pageUrl;
    try {
      await page.goto(pageUrl, { waitUntil: "load" });
    } catch (error) {
      const aborted = /ERR_ABORTED/.test(String(error));
      this.emit("did-fail-load", preventableEvent(), aborted ? -3 : -2, aborted ? "ERR_ABORTED" : "ERR_FAILED", url);
      throw new Error(`${aborted ? "ERR_ABORTED (-3)" : "ERR_FAILED (-2)"} loading '${url}'`, { cause: error });
    } finally {
      this.expectedNavigation = null;
    }
  }

  /**
   * Closes the page as a closing window closes it: its unload handlers (pagehide, visibilitychange) run in the
   * page's own frame, and IPC they send still arrives. With `runBeforeUnload`, a beforeunload handler that asks to
   * stay is offered to will-prevent-unload first; false when the page stays open.
   */
  async closePage({ runBeforeUnload }: { runBeforeUnload: boolean }): Promise<boolean> {
    const page = this.page;
    if (page === null || page.isClosed()) return true;
    const closed = new Promise<true>((resolve) => page.once("close", () => resolve(true)));
    const kept = new Promise<false>((resolve) => {
      this.unloadKept = () => resolve(false);
    });
    await page.close({ runBeforeUnload }).catch(() => {});
    return Promise.race([closed, kept]);
  }

  getURL(): string {
    return this.page === null ? "" : toAppUrl(this.page.url());
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }

  /** window.open from this page: the app's handler decides (no handler: allowed, as in Electron). */
  windowOpenAction(url: string): "allow" | "deny" {
    const action =
      this.windowOpenHandler?.({
        url: toAppUrl(url),
        frameName: "",
        features: "",
        disposition: "new-window",
        referrer: { url: this.getURL(), policy: "strict-origin-when-cross-origin" },
      }).action ?? "allow";
    records.windowOpens.push({ url: toAppUrl(url), action });
    if (action === "allow")
      console.error("[electron stand-in] a window.open the app allowed is not opened by the stand-in.");
    return action;
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error("Object has been destroyed");
    const contextId = this.mainFrameId === null ? undefined : this.isolatedContexts.get(this.mainFrameId);
    if (contextId !== undefined) this.deliver(contextId, { op: "event", channel, args: encodeText(args) });
  }

  /** A navigation request of this page's main frame: will-navigate first, unless loadURL asked for it. */
  navigationAllowed(route: Route): boolean {
    const url = route.request().url();
    if (this.expectedNavigation !== null && sameUrl(this.expectedNavigation, url)) return true;
    return this.offerNavigation("will-navigate", url);
  }

  /** A redirect answered to a navigation of this page's main frame: will-redirect first. */
  redirectAllowed(location: string): boolean {
    return this.offerNavigation("will-redirect", location);
  }

  private offerNavigation(name: "will-navigate" | "will-redirect", pageUrl: string): boolean {
    const url = toAppUrl(pageUrl);
    const event = preventableEvent({ url, isSameDocument: false, isMainFrame: true, frame: this.mainFrame });
    this.emit(name, event, url, false, true, 1, this.mainFrame?.routingId ?? 0);
    records.navigations.push({ event: name, url, prevented: event.defaultPrevented });
    return !event.defaultPrevented;
  }

  /** What a compromised renderer could do: IPC sent from the frame at `frameUrl`. */
  async invokeFromFrame(frameUrl: string, channel: string, args: unknown[]): Promise<unknown> {
    const frameId = [...this.frames].find(([, record]) => record.url === frameUrl)?.[0];
    const contextId = frameId === undefined ? undefined : this.isolatedContexts.get(frameId);
    if (contextId === undefined || this.cdp === null) throw new Error(`No frame at ${frameUrl}.`);
    const answer = await this.cdp.send("Runtime.callFunctionOn", {
      functionDeclaration:
        "function (channel, args) { return globalThis.__electronStandinIpcRenderer.invoke(channel, ...args); }",
      executionContextId: contextId,
      arguments: [{ value: channel }, { value: args }],
      awaitPromise: true,
      returnByValue: true,
    });
    if (answer.exceptionDetails !== undefined)
      throw new Error(answer.exceptionDetails.exception?.description ?? "failed");
    return answer.result.value;
  }

  private async receiveIpc(contextId: number, payload: string): Promise<void> {
    const message = JSON.parse(payload) as IpcMessage;
    const frameId = this.contextFrames.get(contextId);
    const senderFrame = frameId === undefined ? null : this.frameMain(frameId);
    const event = {
      type: "frame",
      sender: this,
      senderFrame,
      processId: 1,
      frameId: senderFrame?.routingId ?? -1,
      preventDefault() {},
      reply: (channel: string, ...args: unknown[]) =>
        this.deliver(contextId, { op: "event", channel, args: encodeText(args) }),
    };
    const args = decodeText(message.args) as unknown[];
    if (process.env.ELECTRON_STANDIN_TRACE_IPC === "1") {
      console.error(`[electron stand-in] ipc ${message.op} ${message.channel} from ${senderFrame?.url ?? "no frame"}`);
    }
    if (message.op === "send") {
      ipcMain.emit(message.channel, event, ...args);
      return;
    }
    const handler = ipcMain.handlers.get(message.channel);
    let reply: { ok: boolean; value: string };
    if (handler === undefined) {
      reply = { ok: false, value: encodeText(`Error: No handler registered for '${message.channel}'`) };
    } else {
      try {
        reply = { ok: true, value: encodeText(await handler(event, ...args)) };
      } catch (error) {
        reply = { ok: false, value: encodeText(String(error)) };
      }
    }
    this.deliver(contextId, { op: "invoke-result", id: message.id, ...reply });
  }

  /**
   * Electron's messages to a renderer run as tasks of its main thread. A DevTools call can run in the middle of the
   * page's script instead (while window.open waits on the browser, where Blink runs no event listeners, so the
   * contextBridge's calls would go unanswered): the message is queued as a task of its own, in order.
   */
  private deliver(contextId: number, message: object): void {
    void this.cdp
      ?.send("Runtime.callFunctionOn", {
        functionDeclaration: "function (text) { setTimeout(() => globalThis.__electronStandinDeliver(text), 0); }",
        executionContextId: contextId,
        arguments: [{ value: JSON.stringify(message) }],
      })
      .catch(() => {});
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit("destroyed");
  }
}
