import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWith } from "../support/requirements";
import { slow } from "../support/round-trip";
import { launchStandinApp, type StandinApp } from "../support/standin-app";

/**
 * A desktop with nothing to open links with: Electron's shell.openExternal then rejects ("Failed to open path" on
 * Linux), which the stand-in does under ELECTRON_STANDIN_NO_OPENER=1. The app says so in the window, in words; the
 * rejection is handled, so no "A JavaScript error occurred in the main process" box (the stand-in shows one, as
 * Electron does, for any uncaught error or unhandled rejection in main).
 */
describeWith(["chromium", "secret-service"], "a link with no browser to open it, on the Electron stand-in", () => {
  let app: StandinApp;
  let page: Page;

  beforeAll(async () => {
    app = await launchStandinApp({ env: { ELECTRON_STANDIN_NO_OPENER: "1" } });
    page = await app.window();
    await page.getByTestId("app-version").waitFor(slow);
  });

  afterAll(async () => {
    await app?.close();
  });

  it("tells the failure in the window, and main raises no error", async () => {
    const link = "https://example.com/help";
    await page.evaluate((address) => {
      window.open(address);
    }, link);
    const banner = page.getByTestId("desktop-failures");
    await banner.waitFor(slow);
    await expect(banner.getByRole("heading").textContent()).resolves.toBe("Your computer could not do this");
    await expect(banner.getByRole("listitem").textContent()).resolves.toBe(
      `${link} could not be opened in your browser (Failed to open path). Copy the address and open it yourself.`,
    );
    const current = await app.state();
    expect(current.records.openExternal).toEqual([link]);
    expect(current.records.errorBoxes).toEqual([]);
    expect(app.output()).not.toMatch(
      /JavaScript error occurred in the main process|Unhandled|UnhandledPromiseRejection/,
    );

    await banner.getByRole("button", { name: "Dismiss" }).click();
    await expect(banner.count()).resolves.toBe(0);
  });
});
