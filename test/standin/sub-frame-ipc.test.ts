import { afterAll, beforeAll, expect, it } from "vitest";
import { type PageServer, startPageServer } from "../support/page-server";
import { describeWith } from "../support/requirements";
import { slow } from "../support/round-trip";
import { launchStandinApp, type StandinApp } from "../support/standin-app";

describeWith("chromium", "IPC from a sub-frame, on the Electron stand-in (not Electron)", () => {
  let app: StandinApp;
  let server: PageServer;

  beforeAll(async () => {
    server = await startPageServer({
      "/": '<!doctype html><title>dev</title><iframe src="/frame.html"></iframe>',
      "/frame.html": "<!doctype html><p>a frame of our own origin</p>",
    });
    // In development the window's page comes from the dev server, whose origin main also trusts.
    app = await launchStandinApp({ env: { SIGNDESK_DEV_SERVER_URL: server.origin }, windowOrigin: server.origin });
  });

  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it("answers the trusted origin's main frame only, not its sub-frame", async () => {
    const page = await app.window();
    await page.frameLocator("iframe").locator("p").waitFor(slow);
    const windowId = (await app.state()).windows[0]?.id;
    await expect(page.evaluate(() => window.signdesk?.appInfo())).resolves.toMatchObject({ ok: true });
    // As a compromised renderer could: IPC sent from each frame's isolated world.
    const fromMain = await app.control({
      op: "invoke-from-frame",
      windowId,
      frameUrl: `${server.origin}/`,
      channel: "app:info",
      args: [],
    });
    const fromFrame = await app.control({
      op: "invoke-from-frame",
      windowId,
      frameUrl: `${server.origin}/frame.html`,
      channel: "app:info",
      args: [],
    });
    expect(fromMain).toMatchObject({ ok: true });
    expect(fromFrame).toMatchObject({ ok: false, error: { code: "forbidden_sender" } });
  });
});
