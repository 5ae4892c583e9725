import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page, type Route } from "playwright-core";
import { chromiumArgs } from "../../chromium-args.ts";

/**
 * The stand-in's Chromium: Debian's (or CHROMIUM_PATH), never a downloaded one, headless, with a DevTools port
 * that tests connect to (`cdpEndpoint`), as Playwright's Electron support connects to Electron's Chromium.
 * One persistent browser context is Electron's default session; each BrowserWindow is one of its pages.
 */
export interface ChromiumHost {
  context: BrowserContext;
  cdpEndpoint: string;
  /** A page for a new BrowserWindow; the first reuses the page Chromium starts with. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

function chromiumExecutable(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured !== undefined && configured !== "") return configured;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  throw new Error("The Electron stand-in needs Chromium: install the chromium package or set CHROMIUM_PATH.");
}

export interface ChromiumHooks {
  route(route: Route): Promise<void>;
  /** A page the app did not create: a window.open from one of its pages. */
  popup(page: Page): Promise<void>;
}

let running: ChromiumHost | null = null;

export function chromiumHost(): ChromiumHost {
  if (running === null) throw new Error("The Electron stand-in's Chromium is not running (app not ready).");
  return running;
}

export async function startChromium(hooks: ChromiumHooks, darkColors: boolean): Promise<ChromiumHost> {
  const profile = mkdtempSync(path.join(tmpdir(), "electron-standin-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable(),
    headless: true,
    acceptDownloads: true,
    colorScheme: darkColors ? "dark" : "light",
    // Electron creates no popup its window open handler denies; Chromium would open one (and load it) before the
    // stand-in could deny it, so popups are refused here. Headless Chromium opens them all the same, so a page the
    // stand-in did not ask for is closed and its requests refused (`popup`, page-routing.ts), though its very first
    // request can leave before Playwright attaches to it. window.open still reaches the handler (Page.windowOpen).
    // A fake camera and microphone, so that a media request meets a device on every machine and its answer is the
    // permission's (a machine without devices would refuse it as NotFoundError before any permission is asked).
    args: [
      ...chromiumArgs(),
      "--remote-debugging-port=0",
      "--block-new-web-contents",
      "--use-fake-device-for-media-stream",
    ],
  });
  const port = readFileSync(path.join(profile, "DevToolsActivePort"), "utf8").split("\n")[0];
  const created = new Set<Page>();
  let spare: Page | undefined = context.pages()[0];
  if (spare !== undefined) created.add(spare);
  context.on("page", (page) => {
    // Pages the stand-in asks for are marked once newPage resolves; wait for that before judging.
    setImmediate(() => {
      if (!created.has(page)) void hooks.popup(page);
    });
  });
  await context.route("**/*", (route) => hooks.route(route));
  running = {
    context,
    cdpEndpoint: `http://127.0.0.1:${port}`,
    async newPage() {
      if (spare !== undefined) {
        const page = spare;
        spare = undefined;
        return page;
      }
      const page = await context.newPage();
      created.add(page);
      return page;
    },
    async close() {
      running = null;
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
  return running;
}
