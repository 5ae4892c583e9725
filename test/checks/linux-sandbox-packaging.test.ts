import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";

/**
 * Chromium's sandbox on Linux, as electron-builder.yml packages the app. electron-builder's own target code runs here
 * (its deb's FpmTarget.createScripts and its AppImage's desktop entry and AppRun launcher), given the values its
 * LinuxPackager takes from this configuration; only the packager object around them is written here, as the deb
 * itself needs fpm, which this machine does not have.
 */
const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);
const FpmTarget = (require("app-builder-lib/out/targets/FpmTarget") as { default: new (...args: unknown[]) => unknown })
  .default;
const { default: AppImageTarget } = require("app-builder-lib/out/targets/appimage/AppImageTarget") as {
  default: new (...args: unknown[]) => { desktopEntry: { value: Promise<string> } };
};
const { generateAppRunScript } = require("app-builder-lib/out/targets/appimage/appImageUtil") as {
  generateAppRunScript(config: Record<string, string>): string;
};

const builderConfig = z.looseObject({
  productName: z.string(),
  executableName: z.undefined().optional(),
  linux: z.looseObject({ executableName: z.undefined().optional() }),
  deb: z
    .looseObject({
      afterInstall: z.undefined().optional(),
      afterRemove: z.undefined().optional(),
      appArmorProfile: z.undefined().optional(),
    })
    .optional(),
  appImage: z.looseObject({ executableArgs: z.array(z.string()).optional() }).optional(),
});
const config = builderConfig.parse(parse(readFileSync(path.join(root, "electron-builder.yml"), "utf8")));
const manifest = z
  .object({ name: z.string() })
  .parse(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")));
// LinuxPackager's executableName with none configured: package.json's name, lower-cased; the install folder is the
// product name (both plain words here, so sanitising them changes nothing).
const executable = manifest.name.toLowerCase();
const productFolder = config.productName;
const scratch = mkdtempSync(path.join(tmpdir(), "signdesk-linux-targets-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function packager(configuration: Record<string, unknown>) {
  let files = 0;
  return {
    config: configuration,
    platformSpecificBuildOptions: config.linux,
    executableName: executable,
    projectDir: root,
    appInfo: { sanitizedProductName: productFolder, productFilename: productFolder, buildVersion: "1.0.0" },
    info: {
      tempDirManager: {
        getTempFile: async ({ suffix }: { suffix: string }) => path.join(scratch, `${files++}-${suffix}`),
      },
    },
  };
}

describe("the deb: electron-builder's AppArmor profile lets its binary use user namespaces", () => {
  it("installs the profile for /opt/<product>/<executable> after install and removes it after removal", async () => {
    const target = new FpmTarget("deb", packager(config), {}, scratch) as {
      scriptFiles: Promise<{ afterInstall: string; afterRemove: string; appArmor: string }>;
    };
    const scripts = await target.scriptFiles;
    const profile = readFileSync(scripts.appArmor, "utf8");
    expect(profile).toContain(`profile "${executable}" "/opt/${productFolder}/${executable}" flags=(unconfined) {`);
    expect(profile).toMatch(/^\s*userns,$/m);

    const afterInstall = readFileSync(scripts.afterInstall, "utf8");
    expect(afterInstall).toContain(`APPARMOR_PROFILE_SOURCE='/opt/${productFolder}/resources/apparmor-profile'`);
    expect(afterInstall).toContain(`APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'`);
    expect(afterInstall).toContain('cp -f "$APPARMOR_PROFILE_SOURCE" "$APPARMOR_PROFILE_TARGET"');
    expect(afterInstall).toContain(
      'apparmor_parser --replace --write-cache --skip-read-cache "$APPARMOR_PROFILE_TARGET"',
    );

    const afterRemove = readFileSync(scripts.afterRemove, "utf8");
    expect(afterRemove).toContain(`APPARMOR_PROFILE_DEST='/etc/apparmor.d/${executable}'`);
    expect(afterRemove).toContain('apparmor_parser --remove "$APPARMOR_PROFILE_DEST"');
    expect(afterRemove).toContain('rm -f "$APPARMOR_PROFILE_DEST"');

    // The deb target copies the rendered profile to where after-install reads it.
    const fpmSource = readFileSync(require.resolve("app-builder-lib/out/targets/FpmTarget"), "utf8");
    expect(fpmSource).toContain('copyFile)(scripts.appArmor, path.join(resourceDir, "apparmor-profile"))');
  });
});

describe("the AppImage: the sandbox is never turned off by default", () => {
  const helper = { computeDesktopEntry: async (_options: unknown, exec: string) => `Exec=${exec}` };

  it("its desktop entry starts AppRun without --no-sandbox (electron-builder's default adds it)", async () => {
    expect(config.appImage?.executableArgs).toEqual([]);
    const ours = new AppImageTarget("appImage", packager(config), helper, scratch);
    await expect(ours.desktopEntry.value).resolves.toBe("Exec=AppRun %U");
    const { appImage: _ours, ...defaults } = config;
    const stock = new AppImageTarget("appImage", packager(defaults), helper, scratch);
    await expect(stock.desktopEntry.value).resolves.toBe("Exec=AppRun --no-sandbox %U");
  });

  it("its AppRun adds --no-sandbox where user namespaces fail, which main then refuses (main/sandbox-refusal.ts)", () => {
    const appRun = generateAppRunScript({
      ExecutableName: executable,
      DesktopFileName: `${executable}.desktop`,
      ProductFilename: productFolder,
      ProductName: productFolder,
      ResourceName: `appimagekit-${executable}`,
    });
    expect(appRun).toContain("! unshare -Ur true");
    expect(appRun).toContain("NO_SANDBOX=(--no-sandbox)");
  });
});
