import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { openRecords } from "../../main/records/open-records";
import { describeWith } from "../support/requirements";
import { slow } from "../support/round-trip";
import { launchStandinApp, type StandinApp } from "../support/standin-app";

/** A home folder whose user-data folder holds `files` (null: a file there is in the way as a folder). */
async function homeWith(files: Record<string, string>): Promise<{ homeDir: string; userDataDir: string }> {
  const homeDir = await mkdtemp(path.join(tmpdir(), "signdesk-standin-stored-"));
  const userDataDir = path.join(homeDir, "user-data");
  await mkdir(userDataDir, { recursive: true });
  for (const [name, contents] of Object.entries(files)) await writeFile(path.join(userDataDir, name), contents);
  return { homeDir, userDataDir };
}

describeWith(
  ["chromium", "secret-service"],
  "stored data on the Electron stand-in (Node + Chromium, not Electron)",
  () => {
    const launched: { app: StandinApp; homeDir: string }[] = [];
    afterEach(async () => {
      for (const { app, homeDir } of launched.splice(0)) {
        await app.close();
        await rm(homeDir, { recursive: true, force: true });
      }
    });

    async function launch(files: Record<string, string>) {
      const { homeDir, userDataDir } = await homeWith(files);
      const app = await launchStandinApp({ homeDir, userDataDir });
      launched.push({ app, homeDir });
      return { app, userDataDir, page: await app.window() };
    }

    it("a settings file that is not JSON: the app starts, says what happened, and the notice can be dismissed", async () => {
      const { page, userDataDir } = await launch({ "settings.json": '{"accounts": [{"id": "cut sho' });
      const notices = page.getByTestId("stored-data-notices");
      await notices.waitFor(slow);
      const [aside] = (await readdir(userDataDir)).filter((name) => name.startsWith("settings.json.damaged-"));
      expect(await readFile(path.join(userDataDir, aside ?? ""), "utf8")).toBe('{"accounts": [{"id": "cut sho');
      await expect(notices.textContent()).resolves.toContain(path.join(userDataDir, aside ?? ""));
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Templates");
      await notices.getByRole("button", { name: "Dismiss" }).click();
      await notices.waitFor({ state: "detached", ...slow });
    });

    it("a core that cannot start: the window says why, sets the data aside on request and the app starts", async () => {
      // A file where the app's scratch folder must be: the core cannot start.
      const { app, page, userDataDir } = await launch({ tmp: "in the way" });
      const failure = page.getByTestId("startup-failure");
      await failure.waitFor(slow);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Signdesk could not start");
      await expect(failure.locator("pre").textContent()).resolves.toContain(path.join(userDataDir, "tmp"));
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Signdesk could not start");
      expect((await app.state()).windows).toHaveLength(1);

      await page.getByRole("button", { name: "Set the data aside and start" }).click();
      await page.getByTestId("app-version").waitFor(slow);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Templates");
      const [folder] = (await readdir(userDataDir)).filter((name) => name.startsWith("set-aside-"));
      expect(await readFile(path.join(userDataDir, folder ?? "", "tmp"), "utf8")).toBe("in the way");
      const info = await page.evaluate(() => window.signdesk?.appInfo());
      expect(info).toMatchObject({ ok: true, value: { startupFailure: null, activeAccount: { name: "Sandbox" } } });
    });

    it("quitting with an item waiting in the Outbox says how many will wait for the next start, then quits", async () => {
      const { homeDir, userDataDir } = await homeWith({});
      // An item left queued by an earlier run, for an account this computer no longer has: it cannot go out.
      const { records } = openRecords(userDataDir);
      records.outbox.add({
        itemId: "2f1f4f86-5d8e-4bb1-9f51-0d8f5b1c2a11",
        accountId: "gone",
        title: "Lease for Ada",
        item: {
          kind: "sendFromTemplate",
          request: {
            templateId: "tpl-1",
            documentName: "Lease for Ada",
            serviceName: "Lease",
            recipients: [{ name: "Ada", email: "ada@example.com" }],
          },
        },
        filePath: null,
        at: new Date().toISOString(),
      });
      records.close();
      const app = await launchStandinApp({ homeDir, userDataDir });
      launched.push({ app, homeDir });
      await (await app.window()).getByTestId("app-version").waitFor(slow);
      expect(await app.quit()).toBe(0);
      expect(app.output()).toContain(
        "message box: 1 item has not been sent yet | It waits in the Outbox and will be sent the next time Signdesk starts and the service can be reached. | Quit / Stay",
      );
    });
  },
);
