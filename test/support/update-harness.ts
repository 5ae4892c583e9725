import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppAdapter } from "electron-updater/out/AppAdapter.js";
import { type Clock, systemClock } from "../../common/clock";
import type { UpdateState } from "../../common/updates";
import type { ProxySettings } from "../../main/service/proxy-agents";
import { createUpdaterEngine } from "../../main/updates/create-updater";
import { UpdateService } from "../../main/updates/update-service";
import { releaseContent, startUpdateFeed, writeAppImage, writeFeed } from "./update-feed";

/**
 * An installed copy of version `version` as electron-updater sees it, in a folder of its own: the app-update.yml
 * electron-builder writes from electron-builder.yml's `publish` (here pointing at a loopback feed), the user-data
 * folder (the staging ID) and the cache (where downloads wait); quitting runs the handlers electron-updater added.
 */
export async function installedCopy(feedUrl: string, version = "1.0.0") {
  const root = await mkdtemp(path.join(tmpdir(), "signdesk-updates-"));
  const folders = {
    apps: path.join(root, "apps"),
    userData: path.join(root, "user-data"),
    cache: path.join(root, "cache"),
  };
  for (const folder of Object.values(folders)) await mkdir(folder, { recursive: true });
  const appUpdateConfigPath = path.join(root, "app-update.yml");
  await writeFile(appUpdateConfigPath, `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: signdesk-updater\n`);
  const quitHandlers: ((exitCode: number) => void)[] = [];
  const app: AppAdapter = {
    version,
    name: "Signdesk",
    isPackaged: true,
    appUpdateConfigPath,
    userDataPath: folders.userData,
    baseCachePath: folders.cache,
    whenReady: async () => {},
    relaunch: () => {},
    quit: () => {},
    onQuit: (handler) => quitHandlers.push(handler),
  };
  return {
    root,
    app,
    feedUrl,
    ...folders,
    pending: path.join(folders.cache, "signdesk-updater", "pending"),
    /** What the app's "quit" event does to electron-updater's handlers (exit code 0). */
    quit: () => {
      for (const handler of quitHandlers.splice(0)) handler(0);
    },
    quitHandlerCount: () => quitHandlers.length,
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** The update service of that copy, with the app's own AppImage updater and executor. */
export function updateServiceOf(
  app: AppAdapter,
  options: {
    clock?: Clock;
    sending?: () => boolean;
    beforeRestart?: () => Promise<void>;
    /** The system's proxy settings, as main gives them (none: direct). */
    proxy?: ProxySettings;
    onProxySignInNeeded?: (address: string) => void;
    /** Told each change too (the window, through the core's events). */
    tell?: (state: UpdateState) => void;
  } = {},
) {
  const log: string[] = [];
  const changes: UpdateState[] = [];
  const waiters: { until: (state: UpdateState) => boolean; resolve: (state: UpdateState) => void }[] = [];
  const service = new UpdateService({
    current: app.version,
    engine: () =>
      createUpdaterEngine(
        { kind: "appimage" },
        () => app,
        { proxy: options.proxy, onProxySignInNeeded: options.onProxySignInNeeded },
        (line) => log.push(line),
      ),
    clock: options.clock ?? systemClock,
    sending: options.sending ?? (() => false),
    beforeRestart: options.beforeRestart ?? (async () => {}),
    onRestartFailed: () => log.push("restart failed: quit"),
    onChange: (state) => {
      changes.push(state);
      options.tell?.(state);
      for (const waiter of waiters.filter((candidate) => candidate.until(state))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(state);
      }
    },
    log: (line) => log.push(line),
  });
  return {
    service,
    log,
    changes,
    /** The first state from now on for which `until` holds (the current one if it does). */
    reaches: (until: (state: UpdateState) => boolean): Promise<UpdateState> =>
      until(service.state())
        ? Promise.resolve(service.state())
        : new Promise((resolve) => waiters.push({ until, resolve })),
  };
}

export const releaseSize = 3 * 1024 * 1024;

/**
 * Version 1.0.0 installed as an AppImage ($APPIMAGE names it, as the AppImage runtime sets it; set here in the test's
 * process, and put back by the caller) and a feed on loopback; `next` writes 1.1.0's AppImage into the feed. What is
 * made is removed by `cleanups`. `feedHost`: the name the copy knows the feed by (one only a proxy resolves).
 */
export async function installedAppImage(cleanups: (() => Promise<void>)[], feedHost = "127.0.0.1") {
  const feedFolder = await mkdtemp(path.join(tmpdir(), "signdesk-feed-"));
  const feed = await startUpdateFeed(feedFolder);
  const copy = await installedCopy(feed.url.replace("127.0.0.1", feedHost));
  cleanups.push(() => rm(feedFolder, { recursive: true, force: true }), feed.close, copy.remove);
  const oldContent = releaseContent(releaseSize, 1);
  const installed = path.join(copy.apps, "Signdesk-1.0.0.AppImage");
  await writeAppImage(installed, oldContent);
  process.env.APPIMAGE = installed;
  process.env.SIGNDESK_TEST_RAN = path.join(copy.root, "ran.txt");
  const next = async (content: Buffer, extra: Parameters<typeof writeFeed>[3] = {}) => {
    const release = await writeAppImage(path.join(feedFolder, "Signdesk-1.1.0.AppImage"), content);
    await writeFeed(feedFolder, "1.1.0", release, extra);
    return { release, bytes: await readFile(path.join(feedFolder, release.file)) };
  };
  return { copy, feed, feedFolder, installed, oldContent, next };
}
