import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { packagedApp } from "../support/packaged-app";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { dropPdfOnWindow, editorStatus, goTo, slow, waitForAllSaved, waitForEditor } from "../support/round-trip";
import { launchStandinApp, type StandinApp } from "../support/standin-app";
import { releaseContent, startUpdateFeed, writeAppImage, writeFeed } from "../support/update-feed";

/*
 * Issue 31: "Restart now" in the installed app, main's own bundle on the Electron stand-in, run from a copy of the
 * packaged app whose resources/app-update.yml names a feed on loopback, as an AppImage ($APPIMAGE) of version 0.1.0.
 * The feed offers 0.2.0; the app downloads and verifies it, then on "Restart now" closes its records, lets go of the
 * single-instance lock, replaces the AppImage and starts the new one (here a script that says how it was started),
 * and quits, a draft's last change saved.
 */
describeWith(["chromium", "secret-service"], "an update installed by Restart now, on the Electron stand-in", () => {
  let folder: string;
  let running: StandinApp;
  let feed: Awaited<ReturnType<typeof startUpdateFeed>>;
  let installed: string;
  let ranFile: string;
  let nextBytes: Buffer;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "signdesk-standin-update-"));
    const packaged = await packagedApp();
    const appOutDir = path.dirname(packaged.executablePath);
    const copy = path.join(folder, "installed");
    await cp(appOutDir, copy, { recursive: true, verbatimSymlinks: true });
    const feedFolder = path.join(folder, "feed");
    await mkdir(feedFolder);
    feed = await startUpdateFeed(feedFolder);
    await writeFile(
      path.join(copy, "resources", "app-update.yml"),
      `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: signdesk-updater\n`,
    );
    installed = path.join(folder, "apps", "Signdesk-0.1.0.AppImage");
    await mkdir(path.dirname(installed));
    await writeAppImage(installed, releaseContent(1024 * 1024, 11));
    const release = await writeAppImage(
      path.join(feedFolder, "Signdesk-0.2.0.AppImage"),
      releaseContent(1024 * 1024, 12),
    );
    await writeFeed(feedFolder, "0.2.0", release);
    nextBytes = await readFile(path.join(feedFolder, release.file));
    ranFile = path.join(folder, "ran.txt");
    running = await launchStandinApp({
      appDir: null,
      executable: path.join(copy, path.basename(packaged.launcherPath)),
      env: { APPIMAGE: installed, SIGNDESK_TEST_RAN: ranFile },
    });
  }, 180_000);

  afterAll(async () => {
    await running?.close();
    await feed?.close();
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
  });

  it("checks from the Help menu, downloads 0.2.0, and on Restart now installs it, starts it and quits", async () => {
    const page = await running.window();
    await page.getByTestId("app-version").waitFor(slow);
    // Help → Check for Updates… shows the Accounts screen's Updates section and checks.
    await running.control({ op: "menu-click", itemId: "help-updates" });
    const section = page.getByRole("region", { name: "Updates" });
    await expect.poll(() => section.getByTestId("updates-current").textContent(), slow).toBe("0.1.0");
    const banner = page.getByTestId("update-banner");
    await banner.waitFor(slow);
    expect(await banner.getByRole("heading").textContent()).toBe("Signdesk 0.2.0 is ready to install");
    expect(existsSync(installed)).toBe(true);

    // A draft being edited: its last change is made just before "Restart now", within the autosave's wait.
    await goTo(page, "Templates");
    await dropPdfOnWindow(page, "Before the update.pdf", await makePdf([{}]));
    await waitForEditor(page, "Before the update", 1);
    await waitForAllSaved(page);
    // The page's timers stand still from here: the autosave's wait never ends by itself, so only what the restart
    // does can save the change (the window closing first, its page saving as it goes).
    await page.clock.install();
    await page.getByRole("button", { name: "Rename Recipient 1" }).click();
    const label = page.getByLabel("Label for recipient 1");
    await label.fill("Signer after the update");
    await label.press("Enter");
    // Held by the standing timers: the change is not saved yet when "Restart now" is pressed.
    expect(await editorStatus(page).textContent()).not.toBe("All changes saved");
    await banner.getByRole("button", { name: "Restart now" }).click();
    expect(await running.exited).toBe(0);
    const replaced = path.join(path.dirname(installed), "Signdesk-0.2.0.AppImage");
    expect(await readdir(path.dirname(installed))).toEqual(["Signdesk-0.2.0.AppImage"]);
    expect(await readFile(replaced)).toEqual(nextBytes);
    // The new AppImage was started as the app (not only to finish an installation).
    await expect
      .poll(() => (existsSync(ranFile) ? readFile(ranFile, "utf8") : null), slow)
      .toBe("exit-after-install=\n");
    expect(running.output()).not.toMatch(/A JavaScript error occurred/);
    // Nothing was lost: the draft's last change is on disk.
    const drafts = path.join(running.userDataDir, "drafts");
    const saved = await Promise.all(
      (await readdir(drafts))
        .filter((name) => !name.startsWith("."))
        .map(
          async (id) =>
            JSON.parse(await readFile(path.join(drafts, id, "draft.json"), "utf8")) as {
              name: string;
              groups: { label: string }[];
            },
        ),
    );
    expect(saved.find((draft) => draft.name === "Before the update")?.groups.map((group) => group.label)).toEqual([
      "Signer after the update",
    ]);
  });
});
