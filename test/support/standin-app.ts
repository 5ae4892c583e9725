import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { chromiumExecutable } from "./requirements";

/**
 * Starts an app on the Electron stand-in (test/support/electron-standin): the built main bundle in Node with
 * `electron` resolved to the stand-in, each BrowserWindow a page of Debian's Chromium. The test drives the window's
 * page over DevTools and the desktop through the stand-in's control channel. This is not Electron.
 */
const root = path.resolve(import.meta.dirname, "../..");
export const standinExecutable = path.join(import.meta.dirname, "electron-standin/bin/electron");
export const standinAppOrigin = "https://signdesk.app.electron-standin.invalid";

export interface StandinProcessOptions {
  /** The app's folder (default: this repository, whose package.json's main is dist/main/index.mjs). */
  appDir?: string | null;
  /** Another executable that runs the stand-in (a packaged app's launcher). */
  executable?: string;
  userDataDir: string;
  /** The stand-in's home folder: its Downloads folder is where the app saves. */
  homeDir: string;
  env?: Record<string, string>;
  /** Switches after the app's folder, as a person or a launcher passes them (`--no-sandbox`). */
  switches?: string[];
}

export interface StandinProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

export function spawnStandin(options: StandinProcessOptions): StandinProcess {
  const appArgs = options.appDir === null ? [] : [options.appDir ?? root];
  const child = spawn(
    options.executable ?? standinExecutable,
    [...appArgs, `--user-data-dir=${options.userDataDir}`, ...(options.switches ?? [])],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      env: {
        ...process.env,
        HOME: options.homeDir,
        CHROMIUM_PATH: chromiumExecutable() ?? "",
        ...options.env,
      },
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export interface StandinState {
  ready: boolean;
  cdpEndpoint: string;
  sandboxEnabled: boolean;
  paths: { userData: string; downloads: string };
  windows: {
    id: number;
    url: string;
    visible: boolean;
    focused: boolean;
    minimized: boolean;
    options: Record<string, unknown>;
    webPreferences: Record<string, unknown>;
  }[];
  ipc: { handled: string[]; listened: string[] };
  protocols: { privileged: { scheme: string; privileges: Record<string, boolean> }[]; handled: string[] };
  menu: unknown;
  /** Every notification shown; `collected` once the app let go of it and a collection removed it. */
  notifications: { title: string; body: string; collected: boolean }[];
  /** What the app wrote to Electron's clipboard (the stand-in's). */
  clipboard: { text: string; selection: string };
  records: {
    openExternal: string[];
    showItemInFolder: string[];
    openPath: string[];
    /** `granted` is null when the handler never answered. */
    permissionRequests: { permission: string; origin: string; granted: boolean | null }[];
    permissionChecks: { permission: string; origin: string; granted: boolean }[];
    windowOpens: { url: string; action: string }[];
    navigations: { event: string; url: string; prevented: boolean }[];
    downloads: { url: string; cancelled: boolean }[];
    /** Error boxes shown, Electron's own for an uncaught error in main among them. */
    errorBoxes: { title: string; content: string }[];
  };
}

export interface StandinApp extends StandinProcess {
  browser: Browser;
  userDataDir: string;
  homeDir: string;
  /** The page of the app's first window, once it shows our page. */
  window(): Promise<Page>;
  control<T = unknown>(command: Record<string, unknown>): Promise<T>;
  state(): Promise<StandinState>;
  /** Quits as the app's File menu does, and waits for the process to end. */
  quit(): Promise<number | null>;
  /** Quits if still running, then removes the folders this launch made. */
  close(): Promise<void>;
}

export interface LaunchStandinOptions extends Partial<StandinProcessOptions> {
  /** Pages whose address starts with this are the app's window (default: the app protocol's stand-in origin). */
  windowOrigin?: string;
}

export async function launchStandinApp(options: LaunchStandinOptions = {}): Promise<StandinApp> {
  const madeHome = options.homeDir === undefined ? mkdtempSync(path.join(tmpdir(), "signdesk-standin-home-")) : null;
  const homeDir = options.homeDir ?? (madeHome as string);
  const userDataDir = options.userDataDir ?? path.join(homeDir, "user-data");
  const running = spawnStandin({ ...options, userDataDir, homeDir });
  const { child } = running;
  let nextId = 1;
  const answers = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  child.on("message", (message: { id?: number; ok?: boolean; value?: unknown; error?: string }) => {
    if (message.id === undefined) return;
    const answer = answers.get(message.id);
    answers.delete(message.id);
    if (message.ok === true) answer?.resolve(message.value);
    else answer?.reject(new Error(`Electron stand-in: ${message.error}`));
  });
  const ready = await new Promise<{ cdpEndpoint: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The Electron stand-in did not start:\n${running.output()}`)),
      60_000,
    );
    child.on("message", (message: { event?: string; cdpEndpoint?: string }) => {
      if (message.event !== "ready") return;
      clearTimeout(timer);
      resolve({ cdpEndpoint: message.cdpEndpoint as string });
    });
    void running.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The Electron stand-in exited (${code}) before it was ready:\n${running.output()}`));
    });
  });
  const browser = await chromium.connectOverCDP(ready.cdpEndpoint);
  const windowOrigin = options.windowOrigin ?? standinAppOrigin;
  const control = <T>(command: Record<string, unknown>) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      answers.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...command, id });
    });
  let exitCode: number | null | undefined;
  void running.exited.then((code) => {
    exitCode = code;
  });
  return {
    ...running,
    browser,
    userDataDir,
    homeDir,
    async window() {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const page = browser
          .contexts()
          .flatMap((context) => context.pages())
          .find((each) => each.url().startsWith(windowOrigin));
        if (page !== undefined) return page;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`No window showed ${windowOrigin}:\n${running.output()}`);
    },
    control,
    state: () => control<StandinState>({ op: "state" }),
    async quit() {
      if (exitCode !== undefined) return exitCode;
      await control({ op: "quit" });
      return running.exited;
    },
    async close() {
      if (exitCode === undefined) {
        await control({ op: "quit" }).catch(() => {});
        const ended = await Promise.race([
          running.exited,
          new Promise((resolve) => setTimeout(resolve, 15_000, "late")),
        ]);
        if (ended === "late") child.kill("SIGKILL");
      }
      await browser.close().catch(() => {});
      if (madeHome !== null) rmSync(madeHome, { recursive: true, force: true });
    },
  };
}
