import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The platforms and architectures electron-builder.yml packages for, in electron-builder's names. */
export type BuildPlatform = "linux" | "mac" | "win";
export type BuildArch = "x64" | "arm64";

const nodePlatform = { linux: "linux", mac: "darwin", win: "win32" } as const;

/**
 * The `@napi-rs/keyring` platform package a build for `platform`/`arch` needs, named as napi-rs names them
 * (`<node platform>-<arch>[-<abi>]`): glibc on Linux (Electron's own binaries need glibc), MSVC on Windows.
 */
export function keyringPackageFor(platform: BuildPlatform, arch: BuildArch): string {
  const abi = platform === "linux" ? "-gnu" : platform === "win" ? "-msvc" : "";
  return `@napi-rs/keyring-${nodePlatform[platform]}-${arch}${abi}`;
}

/** The file inside that package: napi-rs's `<binaryName>.<platform-arch-abi>.node`. */
export function keyringBinaryFor(platform: BuildPlatform, arch: BuildArch): string {
  const name = keyringPackageFor(platform, arch);
  return `node_modules/${name}/keyring.${name.slice("@napi-rs/keyring-".length)}.node`;
}

export function nodePlatformOf(platform: BuildPlatform): string {
  return nodePlatform[platform];
}

const lockEntry = z.looseObject({
  version: z.string(),
  resolved: z.string().optional(),
  integrity: z.string().optional(),
  os: z.array(z.string()).optional(),
  cpu: z.array(z.string()).optional(),
  libc: z.array(z.string()).optional(),
  optionalDependencies: z.record(z.string(), z.string()).optional(),
});
export type LockEntry = z.infer<typeof lockEntry>;

const lockfile = z.looseObject({ packages: z.record(z.string(), z.looseObject({})) });

/** package-lock.json's entry for a top-level package, or null when the lockfile does not list it. */
export function lockEntryOf(root: string, name: string): LockEntry | null {
  const { packages } = lockfile.parse(JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")));
  const entry = packages[`node_modules/${name}`];
  return entry === undefined ? null : lockEntry.parse(entry);
}

/** The installed version of a package under `root`, or null when it is not installed. */
export function installedVersionOf(root: string, name: string): string | null {
  const manifest = path.join(root, "node_modules", name, "package.json");
  if (!existsSync(manifest)) return null;
  return z.object({ version: z.string() }).parse(JSON.parse(readFileSync(manifest, "utf8"))).version;
}
