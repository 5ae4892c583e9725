import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWith } from "../support/requirements";
import { slow } from "../support/round-trip";
import { launchStandinApp, type StandinApp } from "../support/standin-app";

/**
 * What the Sandbox inbox's hint says, checked on the built app (main's window open handler, as in Electron): the
 * sandbox's own http pages and https links reach the system browser (shell.openExternal); any other plain http
 * link does not. "Open the inbox in your browser" sends a one-time address of the inbox, never the key.
 */
describeWith(["chromium", "secret-service"], "links to the sandbox's pages, on the Electron stand-in", () => {
  let app: StandinApp;
  let page: Page;

  beforeAll(async () => {
    app = await launchStandinApp();
    page = await app.window();
    await page.getByTestId("app-version").waitFor(slow);
  });

  afterAll(async () => {
    await app?.close();
  });

  async function openedExternally(count: number): Promise<string[]> {
    await expect.poll(async () => (await app.state()).records.windowOpens.length, slow).toBeGreaterThanOrEqual(count);
    return (await app.state()).records.openExternal;
  }

  it("opens the inbox in the system browser with a one-time address; other plain http stays in", async () => {
    const footer = (await page.getByTestId("app-version").locator("..").textContent()) ?? "";
    const sandboxUrl = /Sandbox · (http:\/\/127\.0\.0\.1:\d+)/.exec(footer)?.[1] ?? "";
    expect(sandboxUrl).not.toBe("");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Accounts/ })
      .click();
    const region = page.getByRole("region", { name: "Sandbox inbox" });
    await expect(region.textContent()).resolves.toContain(
      `served on this computer at ${sandboxUrl}. Signdesk opens links to that address, and https links, in your browser, and no other links.`,
    );
    await region.getByRole("button", { name: "Open the inbox in your browser" }).click();
    const [inbox] = await openedExternally(1);
    expect(inbox).toMatch(new RegExp(`^${sandboxUrl.replace(/\./g, "\\.")}/_sandbox/inbox#ticket=[\\w-]{20,}$`));
    // Another port on this computer is not the sandbox: denied, and not passed on.
    const otherPort = Number(new URL(sandboxUrl).port) === 65535 ? 65534 : Number(new URL(sandboxUrl).port) + 1;
    await page.evaluate((address) => {
      window.open(address);
    }, `http://127.0.0.1:${otherPort}/_sandbox/inbox`);
    expect(await openedExternally(2)).toEqual([inbox]);
  });
});
