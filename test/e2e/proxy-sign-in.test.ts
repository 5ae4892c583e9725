import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { type ConnectProxy, startConnectProxy } from "../support/connect-proxy";
import { describeWith } from "../support/requirements";
import { goTo, slow } from "../support/round-trip";

/*
 * Issue 31: the window asks for a proxy's user name and password when main's requests meet a 407, as a person behind
 * a company's proxy sees it: a modal dialog naming the proxy, reachable by keyboard, that goes once they sign in.
 */

describeWith(["chromium", "secret-service"], "signing in to a company's proxy, in Chromium", () => {
  let app: AppHarness;
  let proxy: ConnectProxy;
  const page = (): Page => app.page;

  beforeAll(async () => {
    proxy = await startConnectProxy();
    proxy.requireAuth = "zoë:пароль 1";
    app = await openApp({
      viewport: { width: 1100, height: 760 },
      core: {
        // Every request main makes goes through the proxy, as the system's settings would say (loopback included:
        // the built-in sandbox is the service here).
        resolveProxy: async () => `PROXY ${proxy.address}`,
        tracker: { minIntervalMs: 10 * 60_000 },
      },
    });
    await page().getByTestId("app-version").waitFor(slow);
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  it("asks once, in a dialog that names the proxy; signed in, the service answers through it", async () => {
    await goTo(page(), "Documents");
    await page().getByRole("button", { name: "Refresh now" }).click();
    const dialog = page().getByRole("dialog", { name: "Sign in to the proxy" });
    await dialog.waitFor(slow);
    await expect(dialog.textContent()).resolves.toContain(`The proxy ${proxy.address}, on the way to the service`);
    expect(await seriousAxeViolations(page())).toEqual([]);
    await page().screenshot({ path: "/tmp/signdesk-proxy-sign-in.png" });

    // "Not now" is kept: a notice offers the dialog again, which comes back only when asked for.
    await dialog.getByRole("button", { name: "Not now" }).click();
    await dialog.waitFor({ state: "detached", ...slow });
    const later = page().getByRole("region", { name: "A proxy asks for a user name and password" });
    await later.waitFor(slow);
    await page().getByRole("button", { name: "Refresh now" }).click();
    await expect.poll(() => proxy.refused, { timeout: 60_000 }).toBeGreaterThan(1);
    expect(await dialog.count()).toBe(0);
    await later.getByRole("button", { name: "Sign in…" }).click();
    await dialog.waitFor(slow);

    // The keyboard reaches it: focus is in the user name.
    await page().keyboard.type("zoë");
    await dialog.getByLabel("Password").fill("пароль 1");
    await page().keyboard.press("Enter");
    await dialog.waitFor({ state: "detached", ...slow });
    expect(await later.count()).toBe(0);

    await page().getByRole("button", { name: "Refresh now" }).click();
    await expect.poll(() => proxy.authorizations.at(-1), { timeout: 60_000 }).toBe("zoë:пароль 1");
    expect(proxy.refused).toBeGreaterThan(0);
  });
});
