import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { z } from "zod";
import {
  type BuildArch,
  type BuildPlatform,
  installedVersionOf,
  keyringPackageFor,
  lockEntryOf,
} from "./native-packages.ts";

const run = promisify(execFile);
const packResult = z.array(z.object({ filename: z.string(), integrity: z.string() })).length(1);

/**
 * Makes sure node_modules holds the keychain's native package for the platform and architecture being packaged, at
 * the version and integrity package-lock.json records. npm installs only this machine's, so packaging for another
 * (a dmg for the other Mac, a Linux arm64 build) fetches that one package with `npm pack` and checks it against the
 * lockfile. Throws, saying what is missing and why, when it cannot: the build never ships without its `.node`.
 */
export async function ensureKeyringPackage(root: string, platform: BuildPlatform, arch: BuildArch): Promise<string> {
  const name = keyringPackageFor(platform, arch);
  const cannot = (reason: string) =>
    new Error(
      `Packaging Signdesk for ${platform} ${arch} needs ${name}, the keychain's native module for it, and ${reason}. ` +
        `Run "npm run lockfile:complete" and "npm ci", or package on a ${platform} ${arch} machine.`,
    );
  const locked = lockEntryOf(root, name);
  if (locked === null) throw cannot("package-lock.json does not list it");
  if (installedVersionOf(root, name) === locked.version) return name;
  if (locked.integrity === undefined) throw cannot("package-lock.json records no integrity to check it against");

  const scratch = await mkdtemp(path.join(os.tmpdir(), "signdesk-native-"));
  try {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    let packed: z.infer<typeof packResult>;
    try {
      const { stdout } = await run(
        npm,
        ["pack", `${name}@${locked.version}`, "--json", "--pack-destination", scratch],
        {
          cwd: root,
          shell: process.platform === "win32",
        },
      );
      packed = packResult.parse(JSON.parse(stdout));
    } catch (error) {
      throw cannot(`it could not be fetched from the registry (${error instanceof Error ? error.message : error})`);
    }
    const [{ filename, integrity }] = packed as [{ filename: string; integrity: string }];
    if (integrity !== locked.integrity) {
      throw cannot(`the registry's ${filename} does not match package-lock.json's integrity (${integrity})`);
    }
    await run("tar", ["-xzf", path.join(scratch, filename), "-C", scratch]);
    const target = path.join(root, "node_modules", name);
    await rm(target, { recursive: true, force: true });
    await mkdir(path.dirname(target), { recursive: true });
    await rename(path.join(scratch, "package"), target);
    console.log(`Installed ${name}@${locked.version} for packaging ${platform} ${arch}.`);
    return name;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
