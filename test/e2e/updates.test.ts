import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { downloadPageUrl } from "../../common/updates";
import { UpdateService } from "../../main/updates/update-service";
import { type AppHarness, openApp } from "../support/app-harness";
import { describeWith } from "../support/requirements";
import { goTo, slow } from "../support/round-trip";
import { releaseContent } from "../support/update-feed";
import { installedAppImage, releaseSize, updateServiceOf } from "../support/update-harness";

/*
 * Issue 31: an update as a person meets it. The real handlers and core in Chromium, with this copy's update service
 * (electron-updater's AppImage updater) against a feed on loopback offering 1.1.0.
 */
describeWith(["chromium", "secret-service"], "an update found, downloaded and offered, in Chromium", () => {
  let app: AppHarness;
  const page = (): Page => app.page;
  const cleanups: (() => Promise<void>)[] = [];
  const appImageBefore = process.env.APPIMAGE;
  const sending = { now: true };
  let restarts = 0;

  beforeAll(async () => {
    const { copy, next } = await installedAppImage(cleanups);
    await next(releaseContent(releaseSize, 7));
    app = await openApp({
      viewport: { width: 1100, height: 900 },
      app: { name: "Signdesk", version: "1.0.0", platform: "linux", arch: "x64", electronVersion: null },
      updates: (core) =>
        updateServiceOf(copy.app, {
          // Documents are going out while the person asks to restart; then they are done.
          sending: () => sending.now,
          beforeRestart: async () => {
            restarts += 1;
            throw new Error("not restarted in this test");
          },
          tell: (state) => core.emit("updates:changed", state),
        }).service,
    });
    await page().getByTestId("app-version").waitFor(slow);
  });
  afterAll(async () => {
    await app?.close();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    if (appImageBefore === undefined) delete process.env.APPIMAGE;
    else process.env.APPIMAGE = appImageBefore;
  });

  it("says which version runs, checks when asked, and offers the downloaded update", async () => {
    await goTo(page(), "Accounts");
    const section = page().getByRole("region", { name: "Updates" });
    await expect.poll(() => section.getByTestId("updates-current").textContent()).toBe("1.0.0");
    await expect
      .poll(() => section.getByTestId("updates-status").textContent())
      .toMatch(/checks for updates by itself/);

    const check = section.getByRole("button", { name: "Check for updates" });
    await check.focus();
    await page().keyboard.press("Enter");
    const banner = page().getByTestId("update-banner");
    await banner.waitFor(slow);
    expect(await banner.getByRole("heading").textContent()).toBe("Signdesk 1.1.0 is ready to install");
    await expect
      .poll(() => section.getByTestId("updates-status").textContent())
      .toMatch(/Signdesk 1\.1\.0 is downloaded and verified/);
    await page().screenshot({ path: "/tmp/signdesk-update-ready.png" });
  });

  it("Restart now while documents are going out waits for them, and says so", async () => {
    const banner = page().getByTestId("update-banner");
    await banner.getByRole("button", { name: "Restart now" }).click();
    await expect.poll(() => banner.textContent()).toMatch(/restart as soon as the documents being sent have gone out/);
    expect(await banner.getByRole("button").count()).toBe(0);
    expect(restarts).toBe(0);
    await page().screenshot({ path: "/tmp/signdesk-update-waiting.png" });
  });
});

describeWith(["chromium", "secret-service"], "a copy its package manager updates, in Chromium", () => {
  let app: AppHarness;

  beforeAll(async () => {
    app = await openApp({
      app: { name: "Signdesk", version: "1.0.0", platform: "linux", arch: "x64", electronVersion: null },
      updates: (core) =>
        new UpdateService({
          current: "1.0.0",
          engine: { unavailable: "package_manager" },
          clock: core.clock,
          sending: () => false,
          beforeRestart: async () => {},
          onRestartFailed: () => {},
          onChange: (state) => core.emit("updates:changed", state),
          log: () => {},
        }),
    });
    await app.page.getByTestId("app-version").waitFor(slow);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("says the package manager updates it, links the download page, and offers no check", async () => {
    await goTo(app.page, "Accounts");
    const section = app.page.getByRole("region", { name: "Updates" });
    await expect
      .poll(() => section.getByTestId("updates-status").textContent())
      .toMatch(/installed by your system’s package manager, which also updates it/);
    expect(await section.getByRole("link", { name: "Open the download page" }).getAttribute("href")).toBe(
      downloadPageUrl,
    );
    expect(await section.getByRole("button").count()).toBe(0);
  });
});
