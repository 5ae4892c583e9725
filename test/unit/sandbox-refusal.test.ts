import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appImageAppArmorCommands, sandboxRefusal, sandboxRefusalTitle } from "../../main/sandbox-refusal";

const readme = readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");

describe("never without Chromium's sandbox", () => {
  it("lets a start with the sandbox on go ahead, on every platform", () => {
    for (const platform of ["linux", "darwin", "win32"] as const) {
      expect(sandboxRefusal({ platform, noSandbox: false, appImagePath: "/home/me/Signdesk.AppImage" })).toBeNull();
    }
  });

  it("refuses an AppImage started with --no-sandbox: the deb, or an AppArmor profile for this very AppImage", () => {
    const refusal = sandboxRefusal({
      platform: "linux",
      noSandbox: true,
      appImagePath: "/home/me/Apps/Signdesk 1.0.AppImage",
    });
    expect(refusal?.title).toBe(sandboxRefusalTitle);
    expect(refusal?.detail).toContain("install Signdesk's .deb package");
    expect(refusal?.detail).toContain(
      'profile signdesk-appimage "/home/me/Apps/Signdesk 1.0.AppImage" flags=(unconfined) {\n  userns,\n}',
    );
    expect(refusal?.detail).toContain("sudo apparmor_parser -r /etc/apparmor.d/signdesk-appimage");
  });

  it("refuses --no-sandbox elsewhere too, saying to start without it", () => {
    const linux = sandboxRefusal({ platform: "linux", noSandbox: true, appImagePath: null });
    expect(linux?.detail).toMatch(/Start it without either\. .*\.deb package/);
    const mac = sandboxRefusal({ platform: "darwin", noSandbox: true, appImagePath: null });
    expect(mac).toEqual({
      title: sandboxRefusalTitle,
      detail:
        "It was started with --no-sandbox (or ELECTRON_DISABLE_SANDBOX set), which turns the sandbox off. " +
        "Start it without either.",
    });
  });

  it("is what README's Troubleshooting says, commands included", () => {
    expect(readme).toContain(`**"${sandboxRefusalTitle}"**`);
    const commands = appImageAppArmorCommands("/path/to/Signdesk.AppImage");
    // In a list item: each line indented by two spaces.
    const block = ["```sh", ...commands.split("\n"), "```"].map((line) => `  ${line}`).join("\n");
    expect(readme).toContain(block);
  });
});
