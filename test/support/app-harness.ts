import path from "node:path";
import { build } from "esbuild";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { EventName, EventPayload } from "../../common/contract";
import { fail } from "../../common/result";
import { createHandlers, type HandlerDeps } from "../../main/handlers";
import { isTrustedSender } from "../../main/trusted-sender";
import { launchChromium } from "./chromium";
import { type RendererServer, startRendererServer } from "./renderer-server";

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

export function defaultDeps(): HandlerDeps {
  return {
    app: {
      name: "Signdesk",
      version: "0.0.0-test",
      platform: process.platform,
      arch: process.arch,
      electronVersion: null,
    },
    activeAccount: () => null,
  };
}

export interface AppHarness {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  origin: string;
  /** Sends one of main's events to the page, as webContents.send does in Electron. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): Promise<void>;
  close(): Promise<void>;
}

export interface OpenAppOptions {
  deps?: Partial<HandlerDeps>;
  colorScheme?: "light" | "dark";
  viewport?: { width: number; height: number };
}

/**
 * Opens the built renderer in Chromium, wired to the real createHandlers() through a Playwright
 * binding: the renderer and the handlers are the app's own; only the transport differs from Electron.
 */
export async function openApp(options: OpenAppOptions = {}): Promise<AppHarness> {
  const server: RendererServer = await startRendererServer(rendererDir);
  const browser = await launchChromium();
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? "light",
    viewport: options.viewport ?? { width: 1200, height: 760 },
  });
  const dispatcher = createHandlers({ ...defaultDeps(), ...options.deps });
  await context.exposeBinding("__signdeskInvoke", (source, channel: string, args: unknown) => {
    const frame = { url: source.frame.url(), isMainFrame: source.frame === source.page.mainFrame() };
    if (!isTrustedSender(frame, [server.origin])) {
      return fail("forbidden_sender", "This call is only answered for the Signdesk window.");
    }
    return dispatcher.invoke(channel, args);
  });
  await context.addInitScript({ content: await harnessBridgeScript() });
  const page = await context.newPage();
  await page.goto(`${server.origin}/index.html`);
  return {
    browser,
    context,
    page,
    origin: server.origin,
    async emit(event, payload) {
      await page.evaluate(
        ([name, data]) =>
          (window as unknown as { __signdeskEmit: (e: string, p: unknown) => void }).__signdeskEmit(name, data),
        [event, payload] as const,
      );
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
