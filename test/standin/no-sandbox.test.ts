import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { appImageAppArmorCommands, sandboxRefusalTitle } from "../../main/sandbox-refusal";
import { describeWith } from "../support/requirements";
import { spawnStandin } from "../support/standin-app";

/**
 * An AppImage whose launcher found no user namespaces (AppArmor on Ubuntu 23.10+) starts the app with --no-sandbox.
 * The built app, on the Electron stand-in, tells the person what to do in a dialog and quits: no window, no core.
 */
describeWith("chromium", "started with --no-sandbox, on the Electron stand-in (not Electron)", () => {
  const home = mkdtempSync(path.join(tmpdir(), "signdesk-no-sandbox-"));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it("says what to do in a dialog, then quits without starting", async () => {
    const appImage = path.join(home, "Apps", "Signdesk.AppImage");
    const userDataDir = path.join(home, "user-data");
    const running = spawnStandin({
      userDataDir,
      homeDir: home,
      switches: ["--no-sandbox"],
      env: { APPIMAGE: appImage },
    });
    await expect(running.exited).resolves.toBe(0);
    const output = running.output();
    // The stand-in logs each message box as "message | detail | buttons".
    const box = output.split("[electron stand-in] message box: ").slice(1);
    expect(box).toHaveLength(1);
    expect(box[0]).toContain(`${sandboxRefusalTitle} | `);
    expect(box[0]).toContain(appImageAppArmorCommands(appImage));
    expect(box[0]).toContain("install Signdesk's .deb package");
    // Nothing started: no data written, no error box.
    expect(readdirSync(home)).not.toContain("user-data");
    expect(output).not.toContain("error box");
  });

  it("refuses ELECTRON_DISABLE_SANDBOX, which Electron turns into --no-sandbox, outside an AppImage too", async () => {
    const running = spawnStandin({
      userDataDir: path.join(home, "user-data-2"),
      homeDir: home,
      env: { ELECTRON_DISABLE_SANDBOX: "1", APPIMAGE: "" },
    });
    await expect(running.exited).resolves.toBe(0);
    const box = running.output().split("[electron stand-in] message box: ").slice(1);
    expect(box).toHaveLength(1);
    expect(box[0]).toContain(`${sandboxRefusalTitle} | It was started with --no-sandbox`);
    expect(box[0]).toContain("Start it without either.");
    expect(readdirSync(home)).not.toContain("user-data-2");
  });
});
