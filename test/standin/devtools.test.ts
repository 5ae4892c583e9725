import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type PageServer, startPageServer } from "../support/page-server";
import { describeWith } from "../support/requirements";
import { launchStandinApp, type StandinApp, type StandinState, standinExecutable } from "../support/standin-app";

const root = path.resolve(import.meta.dirname, "../..");

interface MenuEntry {
  role?: string;
  submenu?: MenuEntry[];
}

function roles(menu: unknown): string[] {
  return ((menu ?? []) as MenuEntry[]).flatMap((item) => [
    ...(item.role === undefined ? [] : [item.role]),
    ...roles(item.submenu),
  ]);
}

/** The app's state once its window has loaded its page (quitting earlier would abort the load). */
async function started(app: StandinApp): Promise<StandinState> {
  await (await app.window()).waitForLoadState("load");
  return app.state();
}

describeWith(["chromium", "secret-service"], "DevTools on the Electron stand-in (not Electron)", () => {
  let work: string;
  let server: PageServer;
  const running: StandinApp[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "signdesk-devtools-"));
    server = await startPageServer({ "/": "<!doctype html><title>Dev server</title><p>dev</p>" });
  });
  afterAll(async () => {
    for (const app of running) await app.close();
    await server?.close();
    if (work !== undefined) await rm(work, { recursive: true, force: true });
  });

  it("a packaged build has no DevTools: none in its window, no menu item, even with a dev server named", async () => {
    // A packaged app's layout: the executable, and resources/app (here the built repository) beside it.
    const installDir = path.join(work, "installed");
    await mkdir(path.join(installDir, "resources"), { recursive: true });
    await symlink(root, path.join(installDir, "resources", "app"));
    const executable = path.join(installDir, "signdesk");
    await writeFile(executable, `#!/bin/sh\nELECTRON_STANDIN_EXE="$0" exec "${standinExecutable}" "$@"\n`, {
      mode: 0o755,
    });
    const app = await launchStandinApp({ appDir: null, executable, env: { SIGNDESK_DEV_SERVER_URL: server.origin } });
    running.push(app);
    const state = await started(app);
    expect(state.windows[0]?.webPreferences.devTools).toBe(false);
    expect(roles(state.menu)).not.toContain("toggleDevTools");
    expect(roles(state.menu)).not.toContain("reload");
    expect(roles(state.menu)).toContain("togglefullscreen");
    const code = await app.quit();
    expect(code, app.output()).toBe(0);
  });

  it("in development (a dev server, not packaged) DevTools stay: in the window and in the View menu", async () => {
    const app = await launchStandinApp({
      env: { SIGNDESK_DEV_SERVER_URL: `${server.origin}/` },
      windowOrigin: server.origin,
    });
    running.push(app);
    const state = await started(app);
    expect(state.windows[0]?.webPreferences.devTools).not.toBe(false);
    expect(roles(state.menu)).toEqual(expect.arrayContaining(["reload", "toggleDevTools"]));
    const code = await app.quit();
    expect(code, app.output()).toBe(0);
  });
});
