import path from "node:path";
import type { BeforePackContext } from "app-builder-lib";
import { ensureKeyringPackage } from "./install-native-package.ts";
import type { BuildArch, BuildPlatform } from "./native-packages.ts";

/** electron-builder's Arch enum, by value (builder-util's `Arch`). */
const archNames: Record<number, BuildArch | undefined> = { 1: "x64", 3: "arm64" };
const platformNames: Record<string, BuildPlatform | undefined> = { linux: "linux", darwin: "mac", win32: "win" };

/**
 * electron-builder.yml's beforePack: before the app's files are copied for a platform and architecture, its
 * native packages must be in node_modules (see install-native-package.ts).
 */
export default async function beforePack(context: BeforePackContext): Promise<void> {
  const platform = platformNames[context.electronPlatformName];
  const arch = archNames[context.arch];
  if (platform === undefined || arch === undefined) {
    throw new Error(
      `Signdesk is packaged for Linux, macOS and Windows on x64 and arm64, not ${context.electronPlatformName} (arch ${context.arch}).`,
    );
  }
  await ensureKeyringPackage(path.resolve(import.meta.dirname, ".."), platform, arch);
}
