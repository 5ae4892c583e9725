import { existsSync, writeFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppImageUpdater } from "electron-updater";
import { afterEach, describe, expect, test } from "vitest";
import { firstUpdateCheckDelayMs, type UpdateStatus, updateCheckIntervalMs } from "../../common/updates";
import { startConnectProxy } from "../support/connect-proxy";
import { english } from "../support/english";
import { manualClock } from "../support/manual-clock";
import { seededRandom } from "../support/seeded-random";
import { releaseContent, sha512Of, writeAppImage, writeFeed } from "../support/update-feed";
import { installedAppImage, releaseSize, updateServiceOf } from "../support/update-harness";

// electron-updater's AppImage updater replaces the file $APPIMAGE names (set by the AppImage runtime in the app).
const appImageBefore = process.env.APPIMAGE;
const cleanups: (() => Promise<void>)[] = [];
/** A status with the words of a failure in English (they are a phrase, rendered where they are shown). */
const inEnglish = (status: UpdateStatus) =>
  status.kind === "failed" ? { ...status, message: english(status.message) } : status;
afterEach(async () => {
  if (appImageBefore === undefined) delete process.env.APPIMAGE;
  else process.env.APPIMAGE = appImageBefore;
  delete process.env.SIGNDESK_TEST_RAN;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("updates from a feed on loopback (electron-updater, generic provider)", () => {
  test("1.0.0 sees 1.1.0, downloads and verifies it in the background, and installs it when Signdesk quits", async () => {
    const { copy, installed, next } = await installedAppImage(cleanups);
    const { bytes } = await next(releaseContent(releaseSize, 2));
    const { service, changes, reaches } = updateServiceOf(copy.app);

    expect(service.state()).toEqual({ current: "1.0.0", status: { kind: "idle", checkedAt: null } });
    const checked = await service.check();
    expect(checked.status).toMatchObject({ kind: expect.stringMatching(/^(downloading|ready)$/), next: "1.1.0" });
    const ready = await reaches((state) => state.status.kind === "ready" || state.status.kind === "failed");
    expect(ready.status).toEqual({ kind: "ready", next: "1.1.0", waitingForSending: false });
    // The window heard of the download as it went, in whole percents that only grow.
    const percents = changes.flatMap((state) => (state.status.kind === "downloading" ? [state.status.percent] : []));
    expect(percents[0]).toBe(0);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(await readFile(path.join(copy.pending, "Signdesk-1.1.0.AppImage"))).toEqual(bytes);
    // Nothing is installed while the app runs.
    expect(existsSync(installed)).toBe(true);

    copy.quit();
    const replaced = path.join(copy.apps, "Signdesk-1.1.0.AppImage");
    expect(await readFile(replaced)).toEqual(bytes);
    expect(existsSync(installed)).toBe(false);
    // The new AppImage ran once to finish its installation, and exited (it does not start the app while quitting).
    expect(await readFile(process.env.SIGNDESK_TEST_RAN ?? "", "utf8")).toBe("exit-after-install=true\n");
  });

  test("checks 30 s after the start and every 4 hours on its clock, and no more once an update is ready", async () => {
    const { copy, feed, feedFolder, next } = await installedAppImage(cleanups);
    // The feed offers the version installed: nothing newer yet.
    const current = await writeAppImage(path.join(feedFolder, "Signdesk-1.0.0.AppImage"), releaseContent(64 * 1024, 9));
    await writeFeed(feedFolder, "1.0.0", current);
    const clock = manualClock(1_000);
    const { service, reaches } = updateServiceOf(copy.app, { clock });
    const feedReads = () => feed.requests.filter((line) => line.startsWith("GET latest-linux")).length;

    service.start();
    expect(clock.pending()).toEqual([firstUpdateCheckDelayMs]);
    expect(feedReads()).toBe(0);
    clock.advance(firstUpdateCheckDelayMs);
    const upToDate = await reaches((state) => state.status.kind === "idle" && state.status.checkedAt !== null);
    expect(upToDate.status).toEqual({ kind: "idle", checkedAt: 1_000 + firstUpdateCheckDelayMs });
    expect(feedReads()).toBe(1);
    await expect.poll(() => clock.pending()).toEqual([updateCheckIntervalMs]);

    await next(releaseContent(256 * 1024, 10));
    clock.advance(updateCheckIntervalMs - 1);
    expect(feedReads()).toBe(1);
    clock.advance(1);
    const ready = await reaches((state) => state.status.kind === "ready" || state.status.kind === "failed");
    expect(ready.status).toMatchObject({ kind: "ready", next: "1.1.0" });
    expect(feedReads()).toBe(2);
    await expect.poll(() => clock.pending()).toEqual([]);
  });

  test("a file whose sha512 does not match the feed is refused, and nothing is installed", async () => {
    const { copy, installed, next } = await installedAppImage(cleanups);
    const before = await readFile(installed);
    await next(releaseContent(releaseSize, 3), { sha512: sha512Of(Buffer.from("another file")) });
    const { service, reaches } = updateServiceOf(copy.app);

    await service.check();
    const failed = await reaches((state) => state.status.kind === "failed" || state.status.kind === "ready");
    expect(inEnglish(failed.status)).toMatchObject({
      kind: "failed",
      message: expect.stringContaining("did not match its published checksum"),
    });
    const pending = existsSync(copy.pending) ? await readdir(copy.pending) : [];
    expect(pending.filter((name) => name.endsWith(".AppImage"))).toEqual([]);

    copy.quit();
    expect(copy.quitHandlerCount()).toBe(0);
    expect(await readFile(installed)).toEqual(before);
    expect(await readdir(copy.apps)).toEqual(["Signdesk-1.0.0.AppImage"]);
    expect(existsSync(process.env.SIGNDESK_TEST_RAN ?? "")).toBe(false);
  });

  test("a file redirected to another host without HTTPS is not fetched, and nothing is installed", async () => {
    const { copy, feed, feedFolder, installed, next } = await installedAppImage(cleanups);
    const before = await readFile(installed);
    const { release } = await next(releaseContent(256 * 1024, 8));
    // The feed names a file its server sends on to plain http elsewhere (here the same server by another name).
    await writeFeed(feedFolder, "1.1.0", { ...release, file: "moved.AppImage" });
    feed.redirects.set("moved.AppImage", `${feed.url.replace("127.0.0.1", "localhost")}${release.file}`);
    const { service, reaches } = updateServiceOf(copy.app);

    await service.check();
    const failed = await reaches((state) => state.status.kind === "failed" || state.status.kind === "ready");
    expect(inEnglish(failed.status)).toMatchObject({
      kind: "failed",
      message: expect.stringContaining("without HTTPS"),
    });
    expect(feed.requests.some((line) => line.startsWith(`GET ${release.file}`))).toBe(false);
    copy.quit();
    expect(await readFile(installed)).toEqual(before);
  });

  test("a differential download with the block maps fetches well under the full size", async () => {
    const { copy, feed, oldContent, next } = await installedAppImage(cleanups);
    // 1.1.0 differs from 1.0.0 in 64 KiB in the middle, as a small fix changes a few of an AppImage's blocks.
    const changed = Buffer.from(oldContent);
    releaseContent(64 * 1024, 4).copy(changed, releaseSize / 2);
    const { release, bytes } = await next(changed);
    const { service, reaches } = updateServiceOf(copy.app);

    await service.check();
    const ready = await reaches((state) => state.status.kind === "ready" || state.status.kind === "failed");
    expect(ready.status.kind).toBe("ready");
    expect(await readFile(path.join(copy.pending, release.file))).toEqual(bytes);
    const fetched = feed.sentOf(release.file);
    expect(fetched).toBeGreaterThan(64 * 1024);
    // Within a tenth of the file: the changed blocks, their neighbours and the block map.
    expect(fetched).toBeLessThan(release.size / 10);
    expect(feed.requests.some((line) => line.startsWith(`GET ${release.file} bytes=`))).toBe(true);
  });

  test("a 10% staged rollout offers the update to 10 ± 2% of 10,000 installation IDs", async () => {
    const { copy, next } = await installedAppImage(cleanups);
    await next(releaseContent(256 * 1024, 5), { stagingPercentage: 10 });
    const info = { version: "1.1.0", stagingPercentage: 10, files: [], path: "", sha512: "", releaseDate: "" };
    const random = seededRandom(31);
    const hex = (digits: number) =>
      Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join("");
    const idFile = path.join(copy.userData, ".updaterId");
    const offered: string[] = [];
    const withheld: string[] = [];
    for (let installation = 0; installation < 10_000; installation += 1) {
      // An installation's ID, as electron-updater keeps it in the user-data folder (a UUID).
      const id = `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`;
      // Written synchronously: 10,000 asynchronous writes would take most of the test's time.
      writeFileSync(idFile, id);
      // A fresh updater reads the installation's ID, as each installed copy does.
      const updater = new AppImageUpdater(undefined, copy.app);
      updater.logger = null;
      ((await updater.isUserWithinRollout(info)) ? offered : withheld).push(id);
    }
    expect(offered.length).toBeGreaterThanOrEqual(800);
    expect(offered.length).toBeLessThanOrEqual(1_200);

    // The whole check agrees: an installation inside the rollout downloads 1.1.0, one outside stays on 1.0.0.
    await writeFile(idFile, offered[0] ?? "");
    const inside = updateServiceOf(copy.app);
    await inside.service.check();
    const insideDone = await inside.reaches((state) => state.status.kind === "ready" || state.status.kind === "failed");
    expect(insideDone.status).toMatchObject({ kind: "ready", next: "1.1.0" });
    await writeFile(idFile, withheld[0] ?? "");
    const outside = updateServiceOf(copy.app);
    expect((await outside.service.check()).status).toMatchObject({ kind: "idle", checkedAt: expect.any(Number) });
  });

  test("the feed is reached through the system's proxy, signed in with what the person gave it", async () => {
    // The company's proxy knows the update server's name; this machine does not (so nothing can go around it).
    const proxy = await startConnectProxy({ "updates.signdesk.test": "127.0.0.1" });
    cleanups.push(proxy.close);
    proxy.requireAuth = "ann:s3cret";
    const { copy, next } = await installedAppImage(cleanups, "updates.signdesk.test");
    const { release, bytes } = await next(releaseContent(512 * 1024, 6));
    let credentials: { username: string; password: string } | null = null;
    const asked: string[] = [];
    const { service, reaches } = updateServiceOf(copy.app, {
      proxy: { resolve: async () => `PROXY ${proxy.address}`, credentials: async () => credentials },
      onProxySignInNeeded: (address) => asked.push(address),
    });

    expect(inEnglish((await service.check()).status)).toMatchObject({
      kind: "failed",
      message: expect.stringContaining("proxy asks for a user name and password"),
    });
    expect(asked).toEqual([proxy.address]);

    credentials = { username: "ann", password: "s3cret" };
    await service.check();
    const ready = await reaches((state) => state.status.kind === "ready" || state.status.kind === "failed");
    expect(ready.status).toEqual({ kind: "ready", next: "1.1.0", waitingForSending: false });
    expect(await readFile(path.join(copy.pending, release.file))).toEqual(bytes);
    const feedOrigin = new URL(copy.feedUrl).origin;
    expect(proxy.forwarded.some((url) => url.startsWith(`${feedOrigin}/latest-linux.yml?`))).toBe(true);
    expect(proxy.forwarded.filter((url) => url === `${feedOrigin}/${release.file}`).length).toBeGreaterThan(0);
  });
});
