import { EventEmitter } from "node:events";
import type { Page } from "playwright-core";
import { app } from "./app.ts";
import { launchState } from "./app-state.ts";
import { chromiumHost } from "./chromium-host.ts";
import { preventableEvent } from "./emitter-event.ts";
import { WebContents } from "./web-contents.ts";
import { allWindows, type RegisteredWindow, registerWindow, unregisterWindow } from "./window-registry.ts";

interface WindowOptions {
  width?: number;
  height?: number;
  show?: boolean;
  title?: string;
  webPreferences?: Record<string, unknown> & { preload?: string };
  [key: string]: unknown;
}

/** Electron's webPreferences defaults (Electron 20 and later), which the options given override. */
const defaultWebPreferences = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  safeDialogs: false,
  spellcheck: true,
  javascript: true,
};

let nextId = 1;
let focused: BrowserWindow | null = null;

/**
 * BrowserWindow: a Chromium page of the stand-in's browser (created as the constructor returns, as Electron's is),
 * its webContents, and the window's own state and events (show, focus and blur, minimize, close and closed).
 * The stand-in's Chromium has no sandbox of its own for the page process when run as root; the options the app
 * asked for are kept as given (`options`, `webPreferences`) for the stand-in's tests to compare.
 */
export class BrowserWindow extends EventEmitter implements RegisteredWindow {
  readonly id = nextId++;
  readonly webContents: WebContents;
  /** The options the app passed, as given. */
  readonly options: WindowOptions;
  /** The effective webPreferences: Electron's defaults, the app's options, the sandbox app.enableSandbox() forces. */
  readonly webPreferences: Record<string, unknown>;
  private visible = false;
  private minimized = false;
  private destroyed = false;
  private shownReady = false;
  private readonly created: Promise<void>;

  static getAllWindows(): BrowserWindow[] {
    return allWindows() as BrowserWindow[];
  }

  static getFocusedWindow(): BrowserWindow | null {
    return focused;
  }

  static fromId(id: number): BrowserWindow | null {
    return BrowserWindow.getAllWindows().find((window) => window.id === id) ?? null;
  }

  constructor(options: WindowOptions = {}) {
    super();
    if (!launchState.ready) throw new Error("Cannot create BrowserWindow before app is ready");
    this.options = options;
    this.webPreferences = {
      ...defaultWebPreferences,
      ...options.webPreferences,
      ...(launchState.sandboxEnabled ? { sandbox: true } : {}),
    };
    this.webContents = new WebContents(options.webPreferences?.preload ?? null, () => this.loaded());
    registerWindow(this);
    app.emit("web-contents-created", preventableEvent(), this.webContents);
    app.emit("browser-window-created", preventableEvent(), this);
    this.created = this.createPage(options);
    this.created.catch((error: unknown) => {
      // A window made while the app exits has no browser left to open in, as in Electron; nothing to report.
      if (!launchState.exiting) console.error("[electron stand-in] the window's page could not be made:", error);
    });
    if (options.show !== false) this.show();
  }

  private async createPage(options: WindowOptions): Promise<void> {
    const page = await chromiumHost().newPage();
    await page.setViewportSize({ width: options.width ?? 800, height: options.height ?? 600 });
    await this.webContents.attach(page);
  }

  get page(): Page | null {
    return this.webContents.page;
  }

  private loaded(): void {
    if (this.shownReady) return;
    this.shownReady = true;
    this.emit("ready-to-show", preventableEvent());
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }

  show(): void {
    if (this.destroyed) return;
    const wasVisible = this.visible;
    this.visible = true;
    if (!wasVisible) this.emit("show", preventableEvent());
    this.focus();
  }

  isVisible(): boolean {
    return this.visible;
  }

  /** The window gains focus (from the app, or as the desktop gives it: the stand-in's control). */
  focus(): void {
    if (this.destroyed || focused === this) return;
    focused?.blur();
    focused = this;
    this.emit("focus", preventableEvent());
    app.emit("browser-window-focus", preventableEvent(), this);
    void this.page?.bringToFront().catch(() => {});
  }

  blur(): void {
    if (focused !== this) return;
    focused = null;
    this.emit("blur", preventableEvent());
    app.emit("browser-window-blur", preventableEvent(), this);
  }

  isFocused(): boolean {
    return focused === this;
  }

  minimize(): void {
    this.minimized = true;
    this.emit("minimize", preventableEvent());
    this.blur();
  }

  restore(): void {
    if (!this.minimized) return;
    this.minimized = false;
    this.emit("restore", preventableEvent());
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  close(): void {
    void this.closeAs(false);
  }

  closeForQuit(): Promise<boolean> {
    return this.closeAs(true);
  }

  destroy(): void {
    void this.tearDown(false);
  }

  private async closeAs(forQuit: boolean): Promise<boolean> {
    if (this.destroyed) return true;
    const event = preventableEvent();
    this.emit("close", event);
    if (event.defaultPrevented) return false;
    await this.created.catch(() => {});
    // The page's beforeunload may keep it (will-prevent-unload); then the window stays open.
    if (!(await this.webContents.closePage({ runBeforeUnload: true }))) return false;
    await this.tearDown(forQuit);
    return true;
  }

  private async tearDown(forQuit: boolean): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    this.blur();
    const remaining = unregisterWindow(this);
    await this.created.catch(() => {});
    await this.webContents.closePage({ runBeforeUnload: false });
    this.webContents.destroy();
    this.emit("closed");
    if (remaining === 0 && !forQuit) app.windowsAllClosed();
  }
}
