import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { channelNames, methodNames } from "../../common/channels";
import { contentSecurityPolicy } from "../../common/csp";
import { type PageServer, startPageServer } from "../support/page-server";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { slow } from "../support/round-trip";
import { launchStandinApp, type StandinApp, type StandinState } from "../support/standin-app";

const root = path.resolve(import.meta.dirname, "../..");
const rendererDir = path.join(root, "dist/renderer");

/** The window's webPreferences that Electron's security checklist asks for (README, Security). */
const checklist = {
  preload: path.join(root, "dist/preload/index.cjs"),
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
  safeDialogs: true,
  spellcheck: false,
  disableBlinkFeatures: "Auxclick",
  javascript: true,
};

function builtAssets(): string[] {
  return readdirSync(rendererDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(rendererDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + slow.timeout;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeWith(
  ["chromium", "secret-service"],
  "the built app on the Electron stand-in (Node + Chromium, not Electron)",
  () => {
    let app: StandinApp;
    let page: Page;
    let server: PageServer;
    let windowId: number;
    const problems: string[] = [];

    beforeAll(async () => {
      server = await startPageServer(
        {
          "/other.html": "<!doctype html><title>Another site</title><p>another site</p>",
          "/landing.html": "<p>landed</p>",
        },
        { "/redirect": "/landing.html" },
      );
      app = await launchStandinApp();
      page = await app.window();
      page.on("pageerror", (error) => problems.push(error.message));
      await page.getByTestId("app-version").waitFor(slow);
      windowId = (await app.state()).windows[0]?.id ?? -1;
    });

    afterAll(async () => {
      await app?.close();
      await server?.close();
    });

    const state = (): Promise<StandinState> => app.state();

    async function reopenAppPage(): Promise<void> {
      await app.control({ op: "load-url", windowId, url: "app://signdesk/index.html" });
      await page.getByTestId("app-version").waitFor(slow);
    }

    it("starts the core, the embedded sandbox and one window on app://; registers every contract channel and nothing else", async () => {
      const current = await state();
      expect(current.windows).toHaveLength(1);
      expect(current.windows[0]).toMatchObject({ url: "app://signdesk/index.html", visible: true, focused: true });
      expect(current.ipc.handled).toEqual(Object.values(channelNames).sort());
      expect(current.ipc.listened).toEqual([]);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Templates");
      // The stand-in is not Electron, and the app does not pretend it is.
      const info = await page.evaluate(() => window.signdesk?.appInfo());
      expect(info).toMatchObject({ ok: true, value: { name: "Signdesk", electronVersion: null } });
      // The embedded sandbox answers on the address the window shows.
      const footer = (await page.getByTestId("app-version").locator("..").textContent()) ?? "";
      const sandboxUrl = /Sandbox · (http:\/\/127\.0\.0\.1:\d+)/.exec(footer)?.[1];
      expect(sandboxUrl).toBeDefined();
      const answer = await fetch(`${sandboxUrl}/getAllDocuments`, { headers: { "x-api-key": "wrong" } });
      expect(answer.status).toBe(401);
    });

    it("opens its window with the security checklist's webPreferences, in the sandbox app.enableSandbox() forces", async () => {
      const current = await state();
      expect(current.windows[0]?.webPreferences).toEqual(checklist);
      expect(current.sandboxEnabled).toBe(true);
      expect(current.protocols).toEqual({
        privileged: [
          { scheme: "app", privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
        ],
        handled: ["app"],
      });
      const surface = await page.evaluate(() => ({
        keys: Object.keys(window.signdesk ?? {}).sort(),
        process: typeof (window as unknown as { process?: unknown }).process,
        require: typeof (window as unknown as { require?: unknown }).require,
        ipcRenderer: typeof (window as unknown as { ipcRenderer?: unknown }).ipcRenderer,
        source: String(window.signdesk?.appInfo),
      }));
      expect(surface).toEqual({
        keys: [...methodNames, "on"].sort(),
        process: "undefined",
        require: "undefined",
        ipcRenderer: "undefined",
        source: "function () { [native code] }",
      });
    });

    it("serves every built asset over app:// with the CSP header, to the page and to a request", async () => {
      const assets = builtAssets();
      expect(assets).toContain("index.html");
      expect(assets.some((asset) => /pdf\.worker/.test(asset))).toBe(true);
      for (const asset of assets) {
        const answer = await app.control<{ status: number; headers: Record<string, string>; body: string }>({
          op: "protocol-fetch",
          url: `app://signdesk/${asset}`,
        });
        expect({ asset, status: answer.status }).toEqual({ asset, status: 200 });
        expect(answer.headers["content-security-policy"]).toBe(contentSecurityPolicy());
        expect(answer.headers["x-content-type-options"]).toBe("nosniff");
        expect(Buffer.from(answer.body, "base64").equals(readFileSync(path.join(rendererDir, asset)))).toBe(true);
      }
      const fromPage = await page.evaluate(async () => {
        const answer = await fetch("/index.html");
        return { status: answer.status, csp: answer.headers.get("content-security-policy") };
      });
      expect(fromPage).toEqual({ status: 200, csp: contentSecurityPolicy() });
    });

    it("refuses traversal out of the renderer folder and any other host", async () => {
      const attempts = [
        "app://signdesk/../package.json",
        "app://signdesk/%2e%2e/%2e%2e/package.json",
        "app://signdesk/..%2f..%2fpackage.json",
        "app://signdesk/..%5c..%5cpackage.json",
        "app://signdesk/%2fetc%2fpasswd",
        "app://signdesk//etc/passwd",
        "app://signdesk/%00index.html",
        "app://signdesk/C:%5cWindows%5cwin.ini",
        "app://other/index.html",
        "app://signdesk.evil/index.html",
      ];
      for (const url of attempts) {
        const answer = await app.control<{ status: number; body: string }>({ op: "protocol-fetch", url });
        expect({ url, status: answer.status }).toEqual({ url, status: 404 });
        expect(Buffer.from(answer.body, "base64").toString()).not.toContain('"name"');
      }
      const fromPage = await page.evaluate(async () =>
        Promise.all(
          ["/..%2f..%2fpackage.json", "/%2e%2e/%2e%2e/package.json", "/..%5c..%5cpackage.json"].map(
            async (address) => (await fetch(address)).status,
          ),
        ),
      );
      expect(fromPage).toEqual([404, 404, 404]);
    });

    it("refuses navigation and new windows started from the page; only safe https links reach shell.openExternal", async () => {
      const tries = [
        "https://example.com/navigated",
        `${server.origin}/other.html`,
        "https://user:secret@example.com/",
      ];
      for (const url of tries) {
        await page.evaluate((address) => {
          window.location.href = address;
        }, url);
        await until(state, (current) => current.records.navigations.some((each) => each.url === url));
      }
      await page.evaluate(() => {
        window.location.href = "file:///etc/passwd";
      });
      // The app's handler hears of each window.open and denies it. In Electron no popup is made then; the stand-in's
      // headless Chromium opens one anyway and the stand-in closes it, but on a busy machine its first request can
      // leave before Playwright attaches to it (Chromium starts a popup's navigation before pausing its target), so
      // the popup asks for a page of its own, which this test does not count: only the denial is the app's.
      await page.evaluate((address) => {
        window.open("https://example.com/popup");
        window.open(address);
      }, `${server.origin}/popup.html`);
      const current = await until(state, (each) => each.records.windowOpens.length > 1);
      expect(current.records.navigations.filter((each) => each.event === "will-navigate")).toEqual(
        tries.map((url) => ({ event: "will-navigate", url, prevented: true })),
      );
      expect(current.records.windowOpens).toEqual([
        { url: "https://example.com/popup", action: "deny" },
        { url: `${server.origin}/popup.html`, action: "deny" },
      ]);
      expect(current.records.openExternal).toEqual(["https://example.com/navigated", "https://example.com/popup"]);
      await until(
        async () => app.browser.contexts().flatMap((context) => context.pages()).length,
        (count) => count === 1,
      );
      expect(app.browser.contexts().flatMap((context) => context.pages())).toHaveLength(1);
      expect(page.url()).toBe("https://signdesk.app.electron-standin.invalid/index.html");
      expect((await state()).windows).toHaveLength(1);
      expect(server.hits.get("/other.html")).toBeUndefined();
    });

    it("refuses redirects and webviews", async () => {
      await expect(app.control({ op: "load-url", windowId, url: `${server.origin}/redirect` })).rejects.toThrow(
        /ERR_ABORTED/,
      );
      expect((await state()).records.navigations).toContainEqual({
        event: "will-redirect",
        url: `${server.origin}/landing.html`,
        prevented: true,
      });
      expect(server.hits.get("/landing.html")).toBeUndefined();
      await expect(app.control({ op: "attach-webview", windowId })).resolves.toEqual({ prevented: true });
      await reopenAppPage();
    });

    it("asks the app's handlers at each permission request and check, and Chromium then denies what they deny", async () => {
      // Nothing is asked before the page asks: Electron asks the handlers per request, not at page load.
      const before = await state();
      expect(before.records.permissionRequests).toEqual([]);
      expect(before.records.permissionChecks).toEqual([]);
      await page.bringToFront();
      const inPage = await page.evaluate(async () => {
        const outcome = (promise: Promise<unknown>) =>
          promise.then(
            () => "granted",
            (error: unknown) => (error instanceof DOMException ? error.name : String(error)),
          );
        return {
          notifications: await Notification.requestPermission(),
          geolocation: await new Promise<string>((resolve) =>
            navigator.geolocation.getCurrentPosition(
              () => resolve("granted"),
              (error) => resolve(error.code === error.PERMISSION_DENIED ? "denied" : `error ${error.code}`),
            ),
          ),
          media: await outcome(navigator.mediaDevices.getUserMedia({ video: true, audio: true })),
          midi: await outcome(navigator.requestMIDIAccess({ sysex: true })),
          clipboardRead: await outcome(navigator.clipboard.readText()),
          clipboardWrite: await outcome(navigator.clipboard.writeText("from the page")),
          query: (await navigator.permissions.query({ name: "geolocation" })).state,
        };
      });
      expect(inPage).toEqual({
        notifications: "denied",
        geolocation: "denied",
        media: "NotAllowedError",
        midi: "NotAllowedError",
        clipboardRead: "NotAllowedError",
        clipboardWrite: "NotAllowedError",
        query: "denied",
      });
      const current = await state();
      const denied = (permission: string) => ({ permission, origin: "app://signdesk", granted: false });
      // Each request was checked first and, the check denied, requested; the query was checked only.
      expect(current.records.permissionRequests).toEqual(
        ["notifications", "geolocation", "media", "midiSysex", "clipboard-read", "clipboard-sanitized-write"].map(
          denied,
        ),
      );
      expect(current.records.permissionChecks).toEqual(
        [
          "notifications",
          "geolocation",
          "media",
          "midiSysex",
          "clipboard-read",
          "clipboard-sanitized-write",
          "geolocation",
        ].map(denied),
      );
    });

    it("denies every device and download the page asks for", async () => {
      await expect(
        app.control({ op: "device-permission", details: { deviceType: "usb", origin: "app://signdesk", device: {} } }),
      ).resolves.toBe(false);
      await page.evaluate(() => {
        const link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob(["not for you"], { type: "text/plain" }));
        link.download = "dropped.txt";
        document.body.append(link);
        link.click();
        link.remove();
      });
      const downloads = await until(state, (each) => each.records.downloads.length > 0);
      expect(downloads.records.downloads).toEqual([expect.objectContaining({ cancelled: true })]);
    });

    it("refuses IPC from a page of another origin in the same window", async () => {
      await app.control({ op: "load-url", windowId, url: `${server.origin}/other.html` });
      // The test's own DevTools connection sees the navigation a moment after the stand-in's.
      await page.waitForURL(`${server.origin}/other.html`, slow);
      await page.waitForLoadState("load");
      // The preload runs on every page of the window, as in Electron; main answers only our own page.
      const answer = await page.evaluate(() => window.signdesk?.appInfo());
      expect(answer).toMatchObject({ ok: false, error: { code: "forbidden_sender" } });
      await reopenAppPage();
      await expect(page.evaluate(() => window.signdesk?.appInfo())).resolves.toMatchObject({ ok: true });
    });

    it("navigates from the View menu", async () => {
      await app.control({ op: "menu-click", itemId: "navigate-webhooks" });
      await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor(slow);
      expect(problems).toEqual([]);
    });

    it("copies a template's ID with Electron's clipboard, in main: the window's own clipboard is refused", async () => {
      // As in Electron with every permission denied, the page may not write to the clipboard itself.
      const own = await page.evaluate(() =>
        navigator.clipboard.writeText("from the page").then(
          () => "written",
          (error: unknown) => (error instanceof DOMException ? error.name : String(error)),
        ),
      );
      expect(own).toBe("NotAllowedError");
      const templateId = await page.evaluate(
        async (bytes) => {
          const bridge = window.signdesk;
          if (bridge === undefined) throw new Error("no bridge");
          const created = await bridge.draftsCreateFromFile({ fileName: "Lease.pdf", bytes: new Uint8Array(bytes) });
          if (!created.ok) throw new Error(created.error.message);
          const groupId = created.value.groups[0]?.id ?? "";
          const fields = [{ id: "sign", type: "Signature" as const, groupId, page: 1, x: 72, y: 600 }];
          const saved = await bridge.draftsSave({ draft: { ...created.value, fields } });
          if (!saved.ok) throw new Error(saved.error.message);
          const made = await bridge.templatesCreate({ draftId: created.value.id, transferId: "copy-id" });
          if (!made.ok) throw new Error(made.error.message);
          return made.value.template.templateId;
        },
        Array.from(await makePdf([{}])),
      );
      await app.control({ op: "menu-click", itemId: "navigate-templates" });
      await page.getByRole("button", { name: "Copy ID of Lease" }).click();
      await page.getByRole("status").filter({ hasText: "Template ID copied." }).waitFor(slow);
      expect((await state()).clipboard).toEqual({ text: templateId, selection: "" });
      expect(problems).toEqual([]);
    });
  },
);
