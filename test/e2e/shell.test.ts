import { afterAll, beforeAll, expect, it } from "vitest";
import { methodNames } from "../../common/channels";
import { type AppHarness, openApp } from "../support/app-harness";
import { describeWith } from "../support/requirements";

describeWith(["chromium", "secret-service"], "app shell in Chromium, against the real handlers", () => {
  let app: AppHarness;
  let accountLookups = 0;

  beforeAll(async () => {
    app = await openApp({
      app: { name: "Signdesk", version: "9.8.7", platform: "testos", arch: "x64", electronVersion: null },
      // Counts how often the handlers ask for the active account, to see which calls reach them.
      onCore: (core) => {
        const active = core.accounts.active.bind(core.accounts);
        core.accounts.active = () => {
          accountLookups += 1;
          return active();
        };
      },
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it("renders the navigation and the first screen", async () => {
    const nav = app.page.getByRole("navigation", { name: "Main" });
    for (const label of ["Templates", "Documents", "Webhooks", "Accounts"]) {
      await expect(nav.getByRole("button", { name: new RegExp(label) }).count()).resolves.toBe(1);
    }
    await expect(app.page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Templates");
    await expect(nav.getByRole("button", { name: /Templates/ }).getAttribute("aria-current")).resolves.toBe("page");
  });

  it("shows app:info answered by the handlers through the bridge", async () => {
    await app.page.getByTestId("active-account").waitFor();
    await expect(app.page.getByTestId("app-version").textContent()).resolves.toBe("Signdesk 9.8.7");
    await expect(app.page.getByTestId("app-platform").textContent()).resolves.toBe("testos x64");
    const sandboxUrl = app.core.sandbox?.url ?? "";
    expect(sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(app.page.getByTestId("active-account").textContent()).resolves.toBe(`Sandbox · ${sandboxUrl}`);
    const direct = await app.page.evaluate(() => window.signdesk?.appInfo());
    expect(direct).toEqual({
      ok: true,
      value: {
        name: "Signdesk",
        version: "9.8.7",
        platform: "testos",
        arch: "x64",
        electronVersion: null,
        activeAccount: { name: "Sandbox", baseUrl: app.core.sandbox?.url },
        notices: [],
        startupFailure: null,
      },
    });
  });

  it("exposes exactly the contract's functions on window.signdesk, frozen", async () => {
    const surface = await app.page.evaluate(() => {
      const api = window.signdesk as unknown as Record<string, unknown>;
      return {
        keys: Object.keys(api).sort(),
        types: Object.values(api).map((value) => typeof value),
        frozen: Object.isFrozen(api),
        node: typeof (window as unknown as { process?: unknown }).process,
        require: typeof (window as unknown as { require?: unknown }).require,
      };
    });
    expect(surface.keys).toEqual([...methodNames, "on"].sort());
    expect(new Set(surface.types)).toEqual(new Set(["function"]));
    expect(surface.frozen).toBe(true);
    expect(surface.node).toBe("undefined");
    expect(surface.require).toBe("undefined");
  });

  it("answers invalid arguments with invalid_argument without reaching the handler", async () => {
    const before = accountLookups;
    const result = await app.page.evaluate(() =>
      (window.signdesk as unknown as { appInfo: (args: unknown) => Promise<unknown> }).appInfo({ pdf_id: 42 }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
    expect(accountLookups).toBe(before);
    const valid = await app.page.evaluate(() => window.signdesk?.appInfo());
    expect(valid).toMatchObject({ ok: true });
    expect(accountLookups).toBe(before + 1);
  });

  it("refuses events the contract does not declare", async () => {
    const message = await app.page.evaluate(() => {
      try {
        (window.signdesk as unknown as { on: (e: string, f: () => void) => void }).on("ipc:anything", () => {});
        return "subscribed";
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(message).toBe("Unknown event: ipc:anything");
  });

  it("serves the page with the strict CSP header", async () => {
    const response = await app.page.request.get(`${app.origin}/index.html`);
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toMatch(/'unsafe-eval'/);
  });

  it("does not run an injected inline script, nor code compiled from a string", async () => {
    // Code compiled from a string by the page itself (a string timer, as eval would) is what CSP
    // must block; Playwright's own evaluate runs on the DevTools path, which CSP does not gate.
    const outcome = await app.page.evaluate(async () => {
      const violations: string[] = [];
      const flags = window as unknown as { __injected?: boolean; __compiled?: boolean };
      document.addEventListener("securitypolicyviolation", (event) => violations.push(event.effectiveDirective));
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.body.append(script);
      (setTimeout as unknown as (code: string, delay: number) => number)("window.__compiled = true;", 0);
      // Each attempt ends one way or the other, in a task of its own: refused (its violation is reported) or run (its
      // flag is set). Looked at after each task, not after a guessed delay.
      const settled = () =>
        (flags.__injected === true || violations.includes("script-src-elem")) &&
        (flags.__compiled === true || violations.includes("script-src"));
      while (!settled()) await new Promise((resolve) => setTimeout(resolve, 0));
      return { injected: flags.__injected === true, compiled: flags.__compiled === true, violations };
    });
    expect(outcome.injected).toBe(false);
    expect(outcome.compiled).toBe(false);
    expect(outcome.violations).toContain("script-src-elem");
    expect(outcome.violations).toContain("script-src");
  });

  it("navigates by click, by keyboard shortcut and by main's app:navigate event", async () => {
    const heading = app.page.getByRole("heading", { level: 1 });
    await app.page.getByRole("button", { name: /Documents/ }).click();
    await expect(heading.textContent()).resolves.toBe("Documents");

    await app.page.keyboard.press("Control+3");
    await expect(heading.textContent()).resolves.toBe("Webhooks");

    await app.emit("app:navigate", { screen: "accounts" });
    await app.page.getByRole("heading", { level: 1, name: "Accounts" }).waitFor();
    // Focus follows navigation to the new screen's heading.
    await expect.poll(() => app.page.evaluate(() => document.activeElement?.id)).toBe("accounts-title");
  });

  it("is keyboard operable: Tab reaches each navigation item and Enter activates it", async () => {
    await app.page.getByRole("button", { name: /Templates/ }).focus();
    await app.page.keyboard.press("Tab");
    await app.page.keyboard.press("Enter");
    await expect(app.page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Documents");
  });
});
