import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ElectronApplication, _electron as electron, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { methodNames } from "../../common/channels";
import { describeWith, electronExecutable } from "../support/requirements";

const root = path.resolve(import.meta.dirname, "../..");

describeWith("electron", "the real app in Electron", () => {
  let app: ElectronApplication;
  let page: Page;
  let userData: string;

  beforeAll(async () => {
    userData = mkdtempSync(path.join(tmpdir(), "signdesk-electron-"));
    const runningAsRoot = process.getuid?.() === 0;
    app = await electron.launch({
      executablePath: electronExecutable() ?? undefined,
      args: [...(runningAsRoot ? ["--no-sandbox"] : []), root, `--user-data-dir=${userData}`],
      cwd: root,
    });
    page = await app.firstWindow();
    await page.getByTestId("app-version").waitFor();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(userData, { recursive: true, force: true });
  });

  it("loads our page from the app protocol and shows app:info", async () => {
    expect(page.url()).toBe("app://signdesk/index.html");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Templates");
    const info = await page.evaluate(() => window.signdesk?.appInfo());
    expect(info).toMatchObject({ ok: true, value: { name: "Signdesk", electronVersion: expect.any(String) } });
  });

  it("exposes only the contract on window.signdesk and no Node", async () => {
    const surface = await page.evaluate(() => ({
      keys: Object.keys(window.signdesk ?? {}).sort(),
      process: typeof (window as unknown as { process?: unknown }).process,
      require: typeof (window as unknown as { require?: unknown }).require,
    }));
    expect(surface.keys).toEqual([...methodNames, "on"].sort());
    expect(surface.process).toBe("undefined");
    expect(surface.require).toBe("undefined");
  });

  it("keeps Electron out of the page's world (context isolation, sandbox)", async () => {
    const reach = await page.evaluate(() => {
      const globals = window as unknown as Record<string, unknown>;
      return {
        ipcRenderer: typeof globals.ipcRenderer,
        electron: typeof globals.electron,
        module: typeof globals.module,
        buffer: typeof globals.Buffer,
        // A function exposed through contextBridge is a proxy: its source stays in the isolated world.
        source: String(window.signdesk?.appInfo),
      };
    });
    expect(reach).toMatchObject({
      ipcRenderer: "undefined",
      electron: "undefined",
      module: "undefined",
      buffer: "undefined",
    });
    expect(reach.source).not.toContain("invoke");
  });

  it("answers invalid arguments with invalid_argument", async () => {
    const result = await page.evaluate(() =>
      (window.signdesk as unknown as { appInfo: (args: unknown) => Promise<unknown> }).appInfo({ x: 1 }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
  });

  it("blocks inline script by CSP, navigation and new windows", async () => {
    const outcome = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.body.append(script);
      const opened = window.open("https://example.com/");
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { injected: (window as unknown as { __injected?: boolean }).__injected === true, opened: opened !== null };
    });
    expect(outcome).toEqual({ injected: false, opened: false });
    await page.evaluate(() => {
      window.location.href = "file:///etc/passwd";
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(page.url()).toBe("app://signdesk/index.html");
    expect(app.windows()).toHaveLength(1);
  });

  it("navigates from the View menu", async () => {
    await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.getMenuItemById("navigate-webhooks")?.click());
    await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
  });
});
