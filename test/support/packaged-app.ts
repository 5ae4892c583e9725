import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { extractAll, getRawHeader } from "@electron/asar";
import { type AfterPackContext, archFromString, build, type LinuxPackager, Platform } from "electron-builder";
import { z } from "zod";
import { distDir } from "../../scripts/build.ts";
import { productionBundles } from "./production-bundles";
import { standinExecutable } from "./standin-app";

const root = path.resolve(import.meta.dirname, "../..");

/** The V1 fuse wire's marker in Electron's binary, as @electron/fuses searches for it. */
export const fuseSentinel = "dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX";

/**
 * Electron 45's nine V1 fuses in wire order, each at its default ("1" enabled, "0" disabled), as Electron's
 * build/fuses/fuses.json5 lists them and build/fuses/build.py writes them after the sentinel, a version byte (1) and
 * a length byte: RunAsNode, CookieEncryption, NodeOptions, NodeCliInspect, EmbeddedAsarIntegrityValidation,
 * OnlyLoadAppFromAsar, LoadBrowserProcessSpecificV8Snapshot, GrantFileProtocolExtraPrivileges, and WasmTrapHandlers
 * (added in Electron 42, electron#48983; docs/tutorial/fuses.md).
 */
const defaultFuseWire = "101100011";

export interface PackagedEntry {
  /** Inside the archive, with forward slashes and no leading slash: `dist/main/index.mjs`. */
  path: string;
  /** Kept beside the archive in app.asar.unpacked (asarUnpack) rather than inside it. */
  unpacked: boolean;
  size: number;
}

export interface PackagedApp {
  /** resources/app.asar */
  asarPath: string;
  /** resources/app.asar.unpacked */
  unpackedDir: string;
  /** The archive extracted, unpacked files included: what Electron would see as the app's folder. */
  appDir: string;
  /** Every file and link in the archive. */
  listing: PackagedEntry[];
  /** The Electron stand-in electron-builder copied, renamed after the app and flipped the fuses of. */
  executablePath: string;
  /** Beside it: runs the app on the Electron stand-in as the packaged app's executable (from resources/app.asar). */
  launcherPath: string;
}

/**
 * A folder electron-builder takes for an unpacked Electron distribution (`electronDist`): on Linux it needs
 * only the `electron` executable, which it renames after the app and whose fuse wire it flips. This one is
 * a script that refuses to run and carries a fuse wire at Electron's defaults; it is never Electron.
 */
async function electronDistStandIn(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const script = `#!/bin/sh
echo "Electron stand-in for packaging tests: it only carries a fuse wire and cannot run an app." >&2
exit 1
# `;
  const wire = Buffer.concat([
    Buffer.from(script + fuseSentinel),
    Buffer.from([1, defaultFuseWire.length]), // wire version 1, then its length
    Buffer.from(`${defaultFuseWire}\n`),
  ]);
  const executable = path.join(dir, "electron");
  await writeFile(executable, wire);
  await chmod(executable, 0o755);
}

type HeaderNode = { files: Record<string, HeaderNode> } | { size?: number; unpacked?: boolean; link?: string };

function listArchive(node: HeaderNode, prefix: string, into: PackagedEntry[]): PackagedEntry[] {
  if ("files" in node) {
    for (const [name, child] of Object.entries(node.files)) {
      listArchive(child, prefix === "" ? name : `${prefix}/${name}`, into);
    }
  } else {
    into.push({ path: prefix, unpacked: node.unpacked === true, size: Number(node.size ?? 0) });
  }
  return into;
}

/**
 * What `npm run dist -- --dir` packs, made by electron-builder itself with the repository's electron-builder.yml
 * (files, asarUnpack, the production node_modules it selects, electronFuses): only the `dir` target for Linux on
 * this machine's architecture, with a stand-in for Electron's distribution instead of a download, no native rebuild
 * (the only native module, @napi-rs/keyring, ships prebuilt N-API binaries) and no publishing. Packs dist/ with main's
 * and the preload's bundles built for production from the same sources (production-bundles.ts): build dist/ first.
 */
async function packInto(outDir: string): Promise<void> {
  const electronDist = path.join(outDir, "electron-dist");
  await electronDistStandIn(electronDist);
  const bundlesDir = path.join(outDir, "production-bundles");
  const productionFiles = await productionBundles(bundlesDir);
  let packed: AfterPackContext | undefined;
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget("dir", archFromString(process.arch)),
    publish: "never",
    config: {
      extends: path.join(root, "electron-builder.yml"),
      electronDist,
      // Merged into the yml's `files` (after them): main's and the preload's bundles built for production.
      files: productionFiles,
      npmRebuild: false,
      directories: { output: path.join(outDir, "release") },
      afterPack: async (context) => {
        packed = context;
      },
    },
  });
  if (packed === undefined) throw new Error("electron-builder finished without packing the app.");
  const appOutDir = path.relative(outDir, packed.appOutDir);
  const executable = (packed.packager as LinuxPackager).executableName;
  // Runs the stand-in as this packaged app's executable: it finds resources/app.asar beside itself.
  await writeFile(
    path.join(packed.appOutDir, launcherName),
    `#!/bin/sh\nELECTRON_STANDIN_EXE="$0" exec "${standinExecutable}" "$@"\n`,
    { mode: 0o755 },
  );
  extractAll(path.join(packed.appOutDir, "resources", "app.asar"), path.join(outDir, "app"));
  await rm(bundlesDir, { recursive: true, force: true });
  await writeFile(path.join(outDir, "packed.json"), JSON.stringify(Packed.parse({ appOutDir, executable })));
}

const launcherName = "signdesk-on-standin";
const Packed = z.object({ appOutDir: z.string(), executable: z.string() });

/** What the packing depends on: dist/ (names and contents), the packaging config and the installed packages. */
async function inputsKey(): Promise<string> {
  const hash = createHash("sha256");
  for (const entry of (await readdir(distDir, { recursive: true, withFileTypes: true })).filter((each) =>
    each.isFile(),
  )) {
    const file = path.join(entry.parentPath, entry.name);
    hash.update(`${path.relative(distDir, file)}\0`);
    hash.update(await readFile(file));
  }
  for (const file of ["electron-builder.yml", "package.json", "node_modules/.package-lock.json"]) {
    hash.update(await readFile(path.join(root, file)));
  }
  for (const file of [import.meta.filename, path.join(import.meta.dirname, "production-bundles.ts")]) {
    hash.update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

const cacheDir = path.join(root, ".cache/packaged-app");

/**
 * The packaged app for the current dist/, packed once and kept in .cache/packaged-app/ until dist/ or the packaging
 * changes, so that every suite (and `npm run bench -- startup`) that needs it shares one packing.
 */
export async function packagedApp(): Promise<PackagedApp> {
  const key = await inputsKey();
  const outDir = path.join(cacheDir, key);
  if (!existsSync(path.join(outDir, "packed.json"))) {
    const partial = `${outDir}.partial-${process.pid}`;
    await rm(partial, { recursive: true, force: true });
    await packInto(partial);
    await rename(partial, outDir).catch(async (error: unknown) => {
      // Another process packed the same inputs meanwhile: use theirs.
      if (!existsSync(path.join(outDir, "packed.json"))) throw error;
      await rm(partial, { recursive: true, force: true });
    });
    for (const other of await readdir(cacheDir)) {
      if (other !== key && !other.includes(".partial-"))
        await rm(path.join(cacheDir, other), { recursive: true, force: true });
    }
  }
  const packed = Packed.parse(JSON.parse(await readFile(path.join(outDir, "packed.json"), "utf8")));
  const appOutDir = path.join(outDir, packed.appOutDir);
  const asarPath = path.join(appOutDir, "resources", "app.asar");
  return {
    asarPath,
    unpackedDir: `${asarPath}.unpacked`,
    appDir: path.join(outDir, "app"),
    listing: listArchive(getRawHeader(asarPath).header as HeaderNode, "", []),
    executablePath: path.join(appOutDir, packed.executable),
    launcherPath: path.join(appOutDir, launcherName),
  };
}
