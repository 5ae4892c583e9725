import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWith } from "../support/requirements";
import { slow } from "../support/round-trip";
import { launchStandinApp, type StandinApp, spawnStandin } from "../support/standin-app";

/*
 * Issue 31: signdesk://document/<pdfId> opens that document's details, whether the link starts the app (its command
 * line) or reaches the running one through a second instance, which hands its command line over and quits. Any other
 * link opens nothing. The built main bundle, unmodified, on the Electron stand-in.
 */
describeWith(["chromium", "secret-service"], "signdesk:// links (stand-in)", () => {
  let app: StandinApp;
  let page: Page;
  const problem = (pdfId: string) => page.getByRole("alert").filter({ hasText: `the document “${pdfId}”` });

  beforeAll(async () => {
    app = await launchStandinApp({ switches: ["signdesk://document/from-the-start?ignored=1"] });
    page = await app.window();
    await page.getByTestId("app-version").waitFor(slow);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Starts a second instance with `link`, which hands its command line to the first and quits. */
  async function handOver(link: string): Promise<void> {
    const second = spawnStandin({ userDataDir: app.userDataDir, homeDir: app.homeDir, switches: [link] });
    await expect(second.exited).resolves.toBe(0);
  }

  it("a link that starts the app opens that document's details", async () => {
    await problem("from-the-start").waitFor(slow);
    expect(await page.locator("#documents-title").textContent()).toBe("Document");
  });

  it("a link given to a second instance opens it in the first window, which comes forward", async () => {
    const windowId = (await app.state()).windows[0]?.id ?? -1;
    await app.control({ op: "window", windowId, action: "minimize" });
    await handOver("signdesk://document/%E6%96%87%E6%9B%B8-7");
    await problem("文書-7").waitFor(slow);
    expect((await app.state()).windows[0]).toMatchObject({ minimized: false, focused: true });
  });

  it("any other link opens nothing", async () => {
    // What main tells the window from here on.
    await page.evaluate(() => {
      const told: unknown[] = [];
      (self as unknown as { told: unknown[] }).told = told;
      self.signdesk?.on("app:navigate", (navigation) => told.push(navigation));
    });
    for (const link of ["signdesk://settings/reset", "signdesk://document/a/b"]) await handOver(link);
    // A link that does open something, after those: the window has gone nowhere in between.
    await handOver("signdesk://document/last");
    await problem("last").waitFor(slow);
    expect(await page.evaluate(() => (self as unknown as { told: unknown[] }).told)).toEqual([
      { screen: "documents", pdfId: "last" },
    ]);
  });
});
