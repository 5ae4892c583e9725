import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import {
  type BuildArch,
  type BuildPlatform,
  keyringBinaryFor,
  keyringPackageFor,
  lockEntryOf,
  nodePlatformOf,
} from "../../scripts/native-packages.ts";
import { readElfImports } from "../support/elf-imports";

/**
 * Every installer electron-builder.yml makes ships the keychain's native module for its own platform and
 * architecture: the lockfile lists that package (so `npm ci` and the beforePack hook can fetch it), packing
 * unpacks it beside the archive (a `.node` cannot be loaded from inside app.asar), and the module is Node-API
 * only, so one file serves Node and every Electron version.
 */
const root = path.resolve(import.meta.dirname, "../..");

const targetSchema = z.union([z.string(), z.object({ target: z.string(), arch: z.array(z.string()).optional() })]);
const platformSchema = z.object({ target: z.union([targetSchema, z.array(targetSchema)]) });
const builderConfig = z.looseObject({
  asarUnpack: z.array(z.string()),
  beforePack: z.string(),
  linux: platformSchema,
  mac: platformSchema,
  win: platformSchema,
});
const config = builderConfig.parse(parse(readFileSync(path.join(root, "electron-builder.yml"), "utf8")));

/** Each (platform, target, arch) the configuration packages; a target without arch is this machine's only. */
function configuredBuilds(): { platform: BuildPlatform; target: string; arch: string }[] {
  const builds: { platform: BuildPlatform; target: string; arch: string }[] = [];
  for (const platform of ["linux", "mac", "win"] as const) {
    const { target } = config[platform];
    for (const entry of Array.isArray(target) ? target : [target]) {
      const named = typeof entry === "string" ? { target: entry } : entry;
      for (const arch of named.arch ?? [process.arch]) builds.push({ platform, target: named.target, arch });
    }
  }
  return builds;
}

const keyring = lockEntryOf(root, "@napi-rs/keyring");

describe("the keychain's native module for every configured installer", () => {
  it("packages x64 and arm64 for Linux (AppImage, deb), macOS (dmg, and the zip it updates from) and Windows (NSIS)", () => {
    const names = configuredBuilds().map(({ platform, target, arch }) => `${platform} ${target} ${arch}`);
    expect(names.sort()).toEqual(
      [
        "linux AppImage x64",
        "linux AppImage arm64",
        "linux deb x64",
        "linux deb arm64",
        "mac dmg x64",
        "mac dmg arm64",
        "mac zip x64",
        "mac zip arm64",
        "win nsis x64",
        "win nsis arm64",
      ].sort(),
    );
    // The hook that fetches another architecture's package before packing it.
    expect(config.beforePack).toBe("./scripts/before-pack.ts");
  });

  it.each(configuredBuilds())(
    "$platform $target $arch: the lockfile holds the matching @napi-rs/keyring-* package",
    ({ platform, arch }) => {
      const name = keyringPackageFor(platform, arch as BuildArch);
      expect(keyring?.optionalDependencies?.[name], `${name} in @napi-rs/keyring's optionalDependencies`).toBe(
        keyring?.version,
      );
      const entry = lockEntryOf(root, name);
      expect(entry, `${name} in package-lock.json`).not.toBeNull();
      expect(entry?.version).toBe(keyring?.version);
      expect(entry?.integrity, `${name}'s integrity`).toMatch(/^sha512-/);
      expect(entry?.os).toEqual([nodePlatformOf(platform)]);
      expect(entry?.cpu).toEqual([arch]);
      if (platform === "linux") expect(entry?.libc).toEqual(["glibc"]);
    },
  );

  it.each(configuredBuilds())(
    "$platform $target $arch: asarUnpack puts its .node in app.asar.unpacked",
    ({ platform, arch }) => {
      const binary = keyringBinaryFor(platform, arch as BuildArch);
      expect(config.asarUnpack.some((pattern) => path.matchesGlob(binary, pattern))).toBe(true);
    },
  );

  it.runIf(process.platform === "linux")(
    "this machine's installed .node takes only napi_* from its host; everything else from the C library",
    () => {
      const arch = process.arch as BuildArch;
      const file = createRequire(path.join(root, "package.json")).resolve(
        `${keyringPackageFor("linux", arch)}/${path.basename(keyringBinaryFor("linux", arch))}`,
      );
      const { symbols, needed } = readElfImports(readFileSync(file));
      expect(symbols.filter((symbol) => symbol.name.startsWith("napi_")).length).toBeGreaterThan(10);
      // Unversioned and required: what the host (Node or Electron) must provide. Only Node-API, no V8 or libuv
      // symbols that would tie the file to one Node ABI. (Weak ones, like getrandom, may be absent.)
      const fromHost = symbols.filter((symbol) => symbol.version === null && !symbol.weak);
      expect(fromHost.filter((symbol) => !symbol.name.startsWith("napi_"))).toEqual([]);
      // Versioned: glibc's and libgcc's, from the system libraries it names; never libnode or Electron.
      const versions = new Set(symbols.map((symbol) => symbol.version).filter((version) => version !== null));
      expect([...versions].filter((version) => !/^(GLIBC|GCC)_[\d.]+$/.test(version))).toEqual([]);
      expect(
        needed.filter((library) => !/^(libc|libm|libdl|librt|libpthread|libgcc_s|ld-linux[\w-]*)\.so/.test(library)),
      ).toEqual([]);
    },
  );
});
