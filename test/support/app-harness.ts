import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { EventName, EventPayload } from "../../common/contract";
import { fail } from "../../common/result";
import { osKeychain } from "../../main/accounts/keychain";
import { type CoreOptions, type RunningCore, startCore } from "../../main/core";
import { type AppIdentity, createHandlers } from "../../main/handlers";
import { confBackend } from "../../main/settings/settings";
import { isTrustedSender } from "../../main/trusted-sender";
import type { UpdateService } from "../../main/updates/update-service";
import { encodeBytes } from "./byte-codec";
import { launchChromium } from "./chromium";
import { createByteStore } from "./harness-bytes";
import { manualClock } from "./manual-clock";
import { type RendererServer, startRendererServer } from "./renderer-server";
import { testIdentity } from "./test-identity";

const root = path.resolve(import.meta.dirname, "../..");
const rendererDir = path.join(root, "dist/renderer");

let bridgeScript: Promise<string> | undefined;

function harnessBridgeScript(): Promise<string> {
  bridgeScript ??= build({
    entryPoints: [path.join(import.meta.dirname, "harness-bridge.ts")],
    bundle: true,
    write: false,
    format: "iife",
    target: "chrome140",
  }).then((result) => result.outputFiles[0]?.text ?? "");
  return bridgeScript;
}

export interface AppHarness {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  origin: string;
  core: RunningCore;
  userDataDir: string;
  downloadsDir: string;
  /** Where this run's data lives, to start the app again on it (`openApp({reopen})`). */
  persisted: PersistedApp;
  /** Quits like the app does (the core closes), keeping the data: `openApp({reopen: persisted})` continues. */
  quit(): Promise<void>;
  /** The system clipboard main writes to (Electron's in the app; here one that keeps the last text). */
  clipboard: { readText(): string };
  /** Sends one of main's events to the page, as webContents.send does in Electron. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): Promise<void>;
  close(): Promise<void>;
}

export interface OpenAppOptions {
  app?: AppIdentity;
  colorScheme?: "light" | "dark";
  viewport?: { width: number; height: number };
  core?: Partial<CoreOptions>;
  /** Lets a test observe the core before the page loads (e.g. count calls). */
  onCore?: (core: RunningCore) => void;
  /** Another built page to serve instead of the app's renderer (dist/renderer), e.g. a test fixture. */
  rendererDir?: string;
  /** The page opened first, with its query string (default /index.html). */
  pagePath?: string;
  /** Start again on what an earlier harness left (its `quit()`): the same data folder and keychain entries. */
  reopen?: PersistedApp;
  /** This copy's updates (main/updates/), made from the core; none: the copy says it does not update itself. */
  updates?: (core: RunningCore) => UpdateService;
  /** Called with the page's browser context before the page loads (to route or block some of its requests). */
  beforeLoad?: (context: BrowserContext) => Promise<void>;
}

/** What outlives the app between runs: its user-data folder, its downloads folder, its keychain entries. */
export interface PersistedApp {
  userDataDir: string;
  downloadsDir: string;
  keychainService: string;
}

/**
 * Opens the built renderer in Chromium, wired to the real createHandlers() and the real core (its own
 * user-data folder, the embedded sandbox, the OS keychain under a test service name) through a
 * Playwright binding: only the transport differs from Electron.
 */
export async function openApp(options: OpenAppOptions = {}): Promise<AppHarness> {
  const userDataDir = options.reopen?.userDataDir ?? (await mkdtemp(path.join(tmpdir(), "signdesk-app-")));
  const downloadsDir = options.reopen?.downloadsDir ?? (await mkdtemp(path.join(tmpdir(), "signdesk-downloads-")));
  const keychainService = options.reopen?.keychainService ?? `signdesk-test-${randomUUID()}`;
  let page: Page | null = null;
  let copied = "";
  const clipboard = {
    writeText: (text: string) => {
      copied = text;
    },
    readText: () => copied,
  };
  const core = await startCore({
    userDataDir,
    downloadsDir,
    keychain: osKeychain(keychainService),
    settingsBackend: confBackend(userDataDir),
    emit: (event, payload) => {
      void page
        ?.evaluate(
          ([name, data]) =>
            (window as unknown as { __signdeskEmit?: (e: string, p: unknown) => void }).__signdeskEmit?.(name, data),
          [event, encodeBytes(payload)] as const,
        )
        .catch(() => {});
    },
    clipboard,
    ...options.core,
    // The client's time-outs never pass by themselves here (manual-clock.ts): a busy machine never makes an answer
    // late. A test that needs one to pass gives timers of its own and fires them.
    client: { timers: manualClock(), ...options.core?.client },
  });
  options.onCore?.(core);
  const bytes = createByteStore();
  const server: RendererServer = await startRendererServer(options.rendererDir ?? rendererDir, bytes.handle);
  const browser = await launchChromium();
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? "light",
    viewport: options.viewport ?? { width: 1200, height: 760 },
    acceptDownloads: false,
  });
  const updates = options.updates?.(core);
  const dispatcher = createHandlers({
    app: options.app ?? testIdentity,
    core,
    ...(updates === undefined ? {} : { updates }),
  });
  await context.exposeBinding("__signdeskInvoke", async (source, channel: string, args: unknown) => {
    const frame = { url: source.frame.url(), isMainFrame: source.frame === source.page.mainFrame() };
    if (!isTrustedSender(frame, [server.origin])) {
      return JSON.stringify(fail("forbidden_sender", "This call is only answered for the Signdesk window."));
    }
    // As text: Playwright walks an object answer value by value, which costs a list page ten times what Electron's
    // IPC does; one string crosses at once.
    return JSON.stringify(bytes.encode(await dispatcher.invoke(channel, bytes.decode(args))));
  });
  await context.addInitScript({ content: await harnessBridgeScript() });
  await options.beforeLoad?.(context);
  page = await context.newPage();
  await page.goto(`${server.origin}${options.pagePath ?? "/index.html"}`);
  // The window's words come from its language's catalog, loaded after the page: the first screen shows once it is in.
  if (options.pagePath === undefined) {
    await page.waitForFunction(() => (document.getElementById("root")?.childElementCount ?? 0) > 0);
  }
  const opened = page;
  return {
    browser,
    context,
    page: opened,
    origin: server.origin,
    core,
    userDataDir,
    downloadsDir,
    async emit(event, payload) {
      await opened.evaluate(
        ([name, data]) =>
          (window as unknown as { __signdeskEmit: (e: string, p: unknown) => void }).__signdeskEmit(name, data),
        [event, encodeBytes(payload)] as const,
      );
    },
    clipboard,
    persisted: { userDataDir, downloadsDir, keychainService },
    async quit() {
      await browser.close();
      await server.close();
      await core.close();
    },
    async close() {
      await browser.close();
      await server.close();
      const keychain = osKeychain(keychainService);
      for (const account of core.accounts.list()) await keychain.delete(account.id).catch(() => {});
      for (const proxy of core.proxySignIns.kept()) await keychain.delete(`proxy:${proxy}`).catch(() => {});
      await core.close();
      await rm(userDataDir, { recursive: true, force: true });
      await rm(downloadsDir, { recursive: true, force: true });
    },
  };
}
