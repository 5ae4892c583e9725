/**
 * Module resolution inside an archive, for what Node's own resolver cannot see there (it checks files and reads
 * package.json files natively, below `fs`): relative and absolute paths, with CommonJS's extensions and index files
 * for `require`, and packages in the `node_modules` folders above the importing file, by their `exports`
 * (conditions: the importer's, then `default`) or else `main`. As in Electron, a native module (`.node`) in an
 * archive is loaded from `<archive>.unpacked/` (docs/tutorial/asar-archives.md, "Adding Unpacked Files").
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { type InArchive, locate } from "./archive.ts";

const Manifest = z.object({
  main: z.string().optional(),
  type: z.string().optional(),
  exports: z.unknown().optional(),
});
type Manifest = z.infer<typeof Manifest>;

export function manifestAt(at: InArchive, dir: string): Manifest | null {
  const inner = dir === "" ? "package.json" : `${dir}/package.json`;
  const entry = at.archive.entry(inner);
  if (entry?.kind !== "file") return null;
  return Manifest.parse(JSON.parse(at.archive.read(inner).toString("utf8")));
}

/** The file: URL the resolved entry is loaded from (a native module's in the unpacked folder). */
function urlOf(at: InArchive, inner: string): string {
  const entry = at.archive.entry(inner);
  if (entry?.kind === "file" && entry.unpacked && inner.endsWith(".node")) {
    return pathToFileURL(at.archive.unpackedPath(inner)).href;
  }
  return pathToFileURL(path.join(at.archive.file, ...inner.split("/"))).href;
}

function isFile(at: InArchive, inner: string): boolean {
  return at.archive.entry(inner)?.kind === "file";
}

/** A path in the archive as `require` finds it: the file, with an extension added, or a folder's main or index. */
function fileOrFolder(at: InArchive, inner: string, forRequire: boolean): string | null {
  if (isFile(at, inner)) return inner;
  if (!forRequire) return null;
  for (const extension of [".js", ".json", ".node"]) if (isFile(at, inner + extension)) return inner + extension;
  if (at.archive.entry(inner)?.kind !== "directory") return null;
  const main = manifestAt(at, inner)?.main;
  if (main !== undefined) {
    const found = fileOrFolder(at, path.posix.join(inner, main), true);
    if (found !== null) return found;
  }
  for (const index of ["index.js", "index.json", "index.node"]) {
    if (isFile(at, `${inner}/${index}`)) return `${inner}/${index}`;
  }
  return null;
}

/** A target of a package's `exports` for one subpath under the given conditions (null: no match). */
function exportTarget(value: unknown, conditions: readonly string[], star: string): string | null {
  if (typeof value === "string") return value.replaceAll("*", star);
  if (Array.isArray(value)) {
    for (const each of value) {
      const found = exportTarget(each, conditions, star);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, each] of Object.entries(value)) {
      if (key === "default" || conditions.includes(key)) {
        const found = exportTarget(each, conditions, star);
        if (found !== null) return found;
      }
    }
  }
  return null;
}

function exported(exports: unknown, subpath: string, conditions: readonly string[]): string | null {
  const isSubpathMap =
    typeof exports === "object" &&
    exports !== null &&
    !Array.isArray(exports) &&
    Object.keys(exports)[0]?.startsWith(".");
  const map = (isSubpathMap ? exports : { ".": exports }) as Record<string, unknown>;
  if (Object.hasOwn(map, subpath)) return exportTarget(map[subpath], conditions, "");
  for (const [key, value] of Object.entries(map)) {
    const [before, after] = key.split("*");
    if (after === undefined || before === undefined) continue;
    if (subpath.startsWith(before) && subpath.endsWith(after) && subpath.length >= key.length - 1) {
      return exportTarget(value, conditions, subpath.slice(before.length, subpath.length - after.length));
    }
  }
  return null;
}

function packageFile(at: InArchive, specifier: string, conditions: readonly string[]): string | null {
  const parts = specifier.split("/");
  const nameLength = specifier.startsWith("@") ? 2 : 1;
  const name = parts.slice(0, nameLength).join("/");
  const subpath = parts.length > nameLength ? `./${parts.slice(nameLength).join("/")}` : ".";
  const forRequire = conditions.includes("require");
  for (let dir = path.posix.dirname(at.inner); ; dir = path.posix.dirname(dir)) {
    const base = dir === "." || dir === "" ? "" : `${dir}/`;
    const packageDir = `${base}node_modules/${name}`;
    if (at.archive.entry(packageDir)?.kind === "directory") {
      const manifest = manifestAt(at, packageDir);
      if (manifest?.exports !== undefined) {
        const target = exported(manifest.exports, subpath, conditions);
        if (target === null) return null;
        const inner = path.posix.join(packageDir, target);
        return isFile(at, inner) ? inner : null;
      }
      // A package without `exports` is entered by its `main` (or index.js), for `import` as for `require`.
      if (subpath === ".") return fileOrFolder(at, packageDir, true);
      return fileOrFolder(at, path.posix.join(packageDir, subpath), forRequire);
    }
    if (dir === "." || dir === "") return null;
  }
}

/**
 * The URL `specifier` resolves to when imported or required from `parentUrl`, if either is in an archive; null
 * when the archive has no such module or neither is in one (Node's own resolver then decides).
 */
export function resolveInArchive(
  specifier: string,
  parentUrl: string | undefined,
  conditions: readonly string[],
): string | null {
  const forRequire = conditions.includes("require");
  const isPath = /^(\.{1,2}(\/|$)|\/|file:)/.test(specifier);
  if (isPath) {
    const target = parentUrl === undefined ? new URL(specifier, "file:///") : new URL(specifier, parentUrl);
    const at = locate(target);
    if (at === null) return null;
    const inner = fileOrFolder(at, at.inner, forRequire);
    return inner === null ? null : urlOf({ ...at, inner }, inner);
  }
  if (parentUrl === undefined || !parentUrl.startsWith("file:")) return null;
  const parent = locate(new URL(parentUrl));
  if (parent === null) return null;
  const inner = packageFile(parent, specifier, conditions);
  return inner === null ? null : urlOf(parent, inner);
}

/** How Node should evaluate a file in an archive: by its extension, and a `.js` file by its package's `type`. */
export function formatInArchive(at: InArchive): "module" | "commonjs" | "json" {
  if (at.inner.endsWith(".mjs")) return "module";
  if (at.inner.endsWith(".cjs")) return "commonjs";
  if (at.inner.endsWith(".json")) return "json";
  for (let dir = path.posix.dirname(at.inner); ; dir = path.posix.dirname(dir)) {
    const manifest = manifestAt(at, dir === "." ? "" : dir);
    if (manifest !== null) return manifest.type === "module" ? "module" : "commonjs";
    if (dir === "." || dir === "") return "commonjs";
  }
}
