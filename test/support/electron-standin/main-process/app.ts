import { EventEmitter } from "node:events";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { launchState } from "./app-state.ts";
import { CommandLine } from "./command-line.ts";
import { preventableEvent } from "./emitter-event.ts";
import { launchInfo } from "./launch-info.ts";
import { preferredSystemLanguages } from "./preferred-languages.ts";
import { records } from "./records.ts";
import { acquireLock, handOver, type SingleInstance } from "./single-instance.ts";
import { allWindows, closeAllWindowsForQuit } from "./window-registry.ts";

type PathName =
  | "home"
  | "appData"
  | "userData"
  | "sessionData"
  | "temp"
  | "exe"
  | "module"
  | "desktop"
  | "documents"
  | "downloads"
  | "music"
  | "pictures"
  | "videos"
  | "logs"
  | "crashDumps";

function appDataDir(): string {
  if (process.platform === "darwin") return path.join(homedir(), "Library", "Application Support");
  if (process.platform === "win32") return process.env.APPDATA ?? path.join(homedir(), "AppData", "Roaming");
  return process.env.XDG_CONFIG_HOME ?? path.join(homedir(), ".config");
}

/**
 * `app`: paths, identity from the app's package.json, the ready promise, the single-instance lock and Electron's
 * quit sequence (before-quit, each window's close and closed, will-quit, quit; any preventDefault stops it).
 */
class App extends EventEmitter {
  private readonly overrides = new Map<string, string>();
  private readyResolve!: () => void;
  private readonly readyPromise = new Promise<void>((resolve) => {
    this.readyResolve = resolve;
  });
  private lock: SingleInstance | null = null;
  private handingOver: Promise<void> | null = null;
  private shutdownHooks: (() => Promise<void>)[] = [];
  readonly commandLine = new CommandLine();

  get name(): string {
    return launchInfo().appName;
  }

  get isPackaged(): boolean {
    return launchInfo().isPackaged;
  }

  getName(): string {
    return this.name;
  }

  /** Electron's docs/api/app.md: the system's preferred languages, most preferred first, as Linux's Electron reads them. */
  getPreferredSystemLanguages(): string[] {
    return preferredSystemLanguages();
  }

  getVersion(): string {
    return launchInfo().appVersion;
  }

  getAppPath(): string {
    return launchInfo().appPath;
  }

  getPath(name: PathName): string {
    const override = this.overrides.get(name);
    if (override !== undefined) return override;
    const home = homedir();
    switch (name) {
      case "home":
        return home;
      case "appData":
        return appDataDir();
      case "userData":
      case "sessionData":
        return launchInfo().userDataDirSwitch ?? path.join(appDataDir(), this.name);
      case "temp":
        return tmpdir();
      case "exe":
      case "module":
        return launchInfo().executable;
      case "desktop":
      case "documents":
      case "downloads":
      case "music":
      case "pictures":
      case "videos":
        // The XDG defaults: the folder of that name, capitalised, in the home folder.
        return path.join(home, name[0]?.toUpperCase() + name.slice(1));
      case "logs":
        return path.join(this.getPath("userData"), "logs");
      case "crashDumps":
        return path.join(this.getPath("userData"), "Crashpad");
      default:
        throw new Error(`Failed to get '${String(name)}' path`);
    }
  }

  setPath(name: string, value: string): void {
    this.overrides.set(name, value);
  }

  isReady(): boolean {
    return launchState.ready;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  enableSandbox(): void {
    if (launchState.ready) throw new Error("app.enableSandbox() can only be called before app is ready");
    launchState.sandboxEnabled = true;
  }

  showAboutPanel(): void {
    records.aboutPanelShown += 1;
  }

  focus(): void {
    allWindows()[0]?.focus();
  }

  /**
   * As Electron on Linux (docs/api/app.md): registers this executable's desktop entry for `protocol` with xdg; the
   * stand-in keeps the registration in its records. A scheme with characters other than letters, digits, "+", "-" and
   * "." is refused, as Electron refuses it.
   */
  setAsDefaultProtocolClient(protocol: string): boolean {
    if (!/^[A-Za-z][A-Za-z0-9+.-]*$/.test(protocol)) return false;
    if (!records.protocolClients.includes(protocol)) records.protocolClients.push(protocol);
    return true;
  }

  isDefaultProtocolClient(protocol: string): boolean {
    return records.protocolClients.includes(protocol);
  }

  requestSingleInstanceLock(additionalData: unknown = null): boolean {
    if (this.lock !== null) return true;
    const userData = this.getPath("userData");
    this.lock = acquireLock(userData, (message) => {
      this.emit("second-instance", preventableEvent(), message.argv, message.workingDirectory, message.additionalData);
    });
    if (this.lock !== null) return true;
    this.handingOver = handOver(userData, {
      argv: launchInfo().argv,
      workingDirectory: process.cwd(),
      additionalData,
    });
    return false;
  }

  releaseSingleInstanceLock(): void {
    this.lock?.release();
    this.lock = null;
  }

  quit(): void {
    void this.runQuit();
  }

  exit(exitCode = 0): void {
    void this.terminate(exitCode);
  }

  /** For the stand-in itself: work to finish before the process exits (closing Chromium). */
  onShutdown(hook: () => Promise<void>): void {
    this.shutdownHooks.push(hook);
  }

  /** For the stand-in itself: called once the app's main module has run and Chromium is up. */
  markReady(): void {
    launchState.ready = true;
    this.emit("will-finish-launching");
    this.emit("ready", preventableEvent(), {});
    this.readyResolve();
  }

  /** All windows closed other than by quitting: the app decides, or the stand-in quits as Electron does. */
  windowsAllClosed(): void {
    if (launchState.quitting) return;
    if (this.listenerCount("window-all-closed") > 0) this.emit("window-all-closed");
    else this.quit();
  }

  private async runQuit(): Promise<void> {
    if (launchState.quitting) return;
    launchState.quitting = true;
    try {
      const beforeQuit = preventableEvent();
      this.emit("before-quit", beforeQuit);
      if (beforeQuit.defaultPrevented) return;
      if (!(await closeAllWindowsForQuit())) return;
      const willQuit = preventableEvent();
      this.emit("will-quit", willQuit);
      if (willQuit.defaultPrevented) return;
      this.emit("quit", preventableEvent(), 0);
      await this.terminate(0);
    } finally {
      launchState.quitting = false;
    }
  }

  private async terminate(exitCode: number): Promise<never> {
    launchState.exiting = true;
    await this.handingOver;
    for (const hook of this.shutdownHooks) await hook().catch(() => {});
    this.releaseSingleInstanceLock();
    process.exit(exitCode);
  }
}

export const app = new App();
