import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type PageServer, startPageServer } from "../support/page-server";
import { describeWith } from "../support/requirements";
import { launchStandinApp, type StandinApp } from "../support/standin-app";

/**
 * The stand-in's permission routing on its own, with a probe app whose handlers grant one permission
 * (test/support/permission-probe-app): the handlers' answer at the moment of each request is what the page gets, a
 * grant included. (The app's own denials are checked in shell.test.ts.)
 */
describeWith("chromium", "permission handlers asked per request, on the Electron stand-in (not Electron)", () => {
  let server: PageServer;
  let app: StandinApp;

  beforeAll(async () => {
    server = await startPageServer({ "/": "<!doctype html><title>probe</title><p>probe</p>" });
    app = await launchStandinApp({
      appDir: path.join(import.meta.dirname, "../support/permission-probe-app"),
      env: { PROBE_PAGE_URL: `${server.origin}/` },
      windowOrigin: server.origin,
    });
  });

  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it("grants what the request handler grants once the check is denied, denies the rest; a query is the check's", async () => {
    const page = await app.window();
    await page.waitForLoadState("load");
    expect((await app.state()).records.permissionRequests).toEqual([]);
    const answers = await page.evaluate(async () => ({
      before: Notification.permission,
      requested: await Notification.requestPermission(),
      after: Notification.permission,
      media: await navigator.mediaDevices.getUserMedia({ audio: true }).then(
        () => "granted",
        (error: unknown) => (error instanceof DOMException ? error.name : String(error)),
      ),
      query: (await navigator.permissions.query({ name: "notifications" })).state,
    }));
    expect(answers).toEqual({
      before: "default",
      requested: "granted",
      after: "granted",
      media: "NotAllowedError",
      query: "denied",
    });
    const origin = server.origin;
    const { records } = await app.state();
    expect(records.permissionRequests).toEqual([
      { permission: "notifications", origin, granted: true },
      { permission: "media", origin, granted: false },
    ]);
    expect(records.permissionChecks).toEqual([
      { permission: "notifications", origin, granted: false },
      { permission: "media", origin, granted: false },
      { permission: "notifications", origin, granted: false },
    ]);
  });
});
