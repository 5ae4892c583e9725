import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { extractAll, getRawHeader } from "@electron/asar";
import { type AfterPackContext, archFromString, build, type LinuxPackager, Platform } from "electron-builder";

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
 * What `npm run dist` packs, made by electron-builder itself with the repository's electron-builder.yml
 * (files, asarUnpack, the production node_modules it selects, electronFuses): only the `dir` target for
 * Linux on this machine's architecture, with a stand-in for Electron's distribution instead of a download,
 * no native rebuild (the only native module, @napi-rs/keyring, ships prebuilt N-API binaries) and no
 * publishing. Packs `dist/` as it is: build it first.
 */
export async function packageAppFiles(outDir: string): Promise<PackagedApp> {
  const electronDist = path.join(outDir, "electron-dist");
  const releaseDir = path.join(outDir, "release");
  await electronDistStandIn(electronDist);
  let packed: AfterPackContext | undefined;
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget("dir", archFromString(process.arch)),
    publish: "never",
    config: {
      extends: path.join(root, "electron-builder.yml"),
      electronDist,
      npmRebuild: false,
      directories: { output: releaseDir },
      afterPack: async (context) => {
        packed = context;
      },
    },
  });
  if (packed === undefined) throw new Error("electron-builder finished without packing the app.");
  const { appOutDir } = packed;
  const asarPath = path.join(appOutDir, "resources", "app.asar");
  const appDir = path.join(outDir, "app");
  extractAll(asarPath, appDir);
  return {
    asarPath,
    unpackedDir: `${asarPath}.unpacked`,
    appDir,
    listing: listArchive(getRawHeader(asarPath).header as HeaderNode, "", []),
    executablePath: path.join(appOutDir, (packed.packager as LinuxPackager).executableName),
  };
}
