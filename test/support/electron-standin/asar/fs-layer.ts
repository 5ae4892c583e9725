/**
 * Node's `fs` and `fs/promises` reading archives as directories, as Electron's patched `fs` does
 * (docs/tutorial/asar-archives.md, "Node API"; lib/node/asar-fs-wrapper.ts): reads, stat and lstat with made-up
 * Stats (only the size and the type are to be trusted), readdir (names or Dirents), exists, access, realpath and
 * createReadStream. Missing entries fail with ENOENT ("<path> not found in <archive>"), a file read as a directory
 * with ENOTDIR, a directory read as a file with EISDIR, a write access with EACCES (archives are read-only). An
 * unpacked entry is read from `<archive>.unpacked/`. File descriptors for packed entries are not offered (Electron
 * backs them with the archive; nothing in the app opens one).
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { type Entry, type InArchive, locate } from "./archive.ts";
import { originalFs, originalPromises } from "./original-fs.ts";

type Code = "ENOENT" | "ENOTDIR" | "EISDIR" | "EACCES";
const errnos: Record<Code, number> = { ENOENT: -2, ENOTDIR: -20, EISDIR: -21, EACCES: -13 };

function asarError(code: Code, at: InArchive, syscall: string, target: string): NodeJS.ErrnoException {
  const messages: Record<Code, string> = {
    ENOENT: `ENOENT, ${at.inner} not found in ${at.archive.file}`,
    ENOTDIR: "ENOTDIR, not a directory",
    EISDIR: `EISDIR: illegal operation on a directory, ${at.inner} in ${at.archive.file}`,
    EACCES: `EACCES: permission denied, access '${target}'`,
  };
  return Object.assign(new Error(messages[code]), { code, errno: errnos[code], syscall, path: target });
}

function existing(at: InArchive, syscall: string, target: string): Entry {
  const entry = at.archive.entry(at.inner);
  if (entry === null) throw asarError("ENOENT", at, syscall, target);
  return entry;
}

function readBytes(at: InArchive, target: string): Buffer {
  const entry = existing(at, "open", target);
  if (entry.kind === "directory") throw asarError("EISDIR", at, "read", target);
  return at.archive.read(at.inner);
}

function encodingOf(options: unknown): BufferEncoding | null {
  if (typeof options === "string") return options as BufferEncoding;
  if (typeof options === "object" && options !== null && "encoding" in options) {
    return (options as { encoding?: BufferEncoding | null }).encoding ?? null;
  }
  return null;
}

function readFileIn(at: InArchive, target: string, options: unknown): Buffer | string {
  const bytes = readBytes(at, target);
  const encoding = encodingOf(options);
  return encoding === null ? bytes : bytes.toString(encoding);
}

// Electron's made-up Stats (asar-fs-wrapper.ts, makeStatArray): 0644 files, 0755 directories and executables,
// one fixed time, a new inode number each time.
const madeAt = Date.now();
let nextInode = 0;
function fakeStats(entry: Entry): fs.Stats {
  const type = entry.kind === "directory" ? fs.constants.S_IFDIR : fs.constants.S_IFREG;
  const executable = entry.kind === "directory" || entry.executable;
  const size = entry.kind === "file" ? entry.size : 0;
  const stats = Object.create(fs.Stats.prototype) as fs.Stats;
  const time = new Date(madeAt);
  nextInode += 1;
  return Object.assign(stats, {
    dev: 1,
    mode: type | 0o644 | (executable ? 0o111 : 0),
    nlink: 1,
    uid: process.getuid?.() ?? 0,
    gid: process.getgid?.() ?? 0,
    rdev: 0,
    blksize: 4096,
    ino: nextInode,
    size,
    blocks: Math.ceil(size / 512),
    ...{ atimeMs: madeAt, mtimeMs: madeAt, ctimeMs: madeAt, birthtimeMs: madeAt },
    ...{ atime: time, mtime: time, ctime: time, birthtime: time },
  });
}

function statIn(at: InArchive, target: string, options: unknown): fs.Stats | undefined {
  const entry = at.archive.entry(at.inner);
  if (entry === null) {
    if ((options as { throwIfNoEntry?: boolean } | undefined)?.throwIfNoEntry === false) return undefined;
    throw asarError("ENOENT", at, "stat", target);
  }
  return fakeStats(entry);
}

function readdirIn(at: InArchive, target: string, options: unknown): string[] | fs.Dirent[] {
  const entry = existing(at, "scandir", target);
  if (entry.kind !== "directory") throw asarError("ENOTDIR", at, "scandir", target);
  if ((options as { withFileTypes?: boolean } | undefined)?.withFileTypes !== true) return entry.names;
  return entry.names.map((name) => {
    const child = at.archive.entry(at.inner === "" ? name : `${at.inner}/${name}`);
    // libuv's dirent types (UV_DIRENT_FILE 1, UV_DIRENT_DIR 2), which fs.Dirent takes.
    const type = child?.kind === "directory" ? 2 : 1;
    return new (fs.Dirent as unknown as new (name: string, type: number, dir: string) => fs.Dirent)(name, type, target);
  });
}

function accessIn(at: InArchive, target: string, mode: unknown): void {
  const entry = existing(at, "access", target);
  const writing = typeof mode === "number" && (mode & fs.constants.W_OK) !== 0;
  if (writing && !(entry.kind === "file" && entry.unpacked)) throw asarError("EACCES", at, "access", target);
}

function realpathIn(at: InArchive, target: string): string {
  existing(at, "realpath", target);
  const inner = at.archive.real(at.inner);
  return inner === "" ? at.archive.file : path.join(at.archive.file, ...inner.split("/"));
}

function readStreamIn(at: InArchive, target: string, options: unknown): fs.ReadStream {
  const entry = existing(at, "open", target);
  if (entry.kind === "file" && entry.unpacked) {
    return originalFs.createReadStream(at.archive.unpackedPath(at.inner), options as never);
  }
  const { start = 0, end = Number.POSITIVE_INFINITY } = (typeof options === "object" ? options : {}) as {
    start?: number;
    end?: number;
  };
  let bytes: Buffer | null = null;
  const stream = new Readable({
    read() {
      try {
        bytes ??= readBytes(at, target).subarray(start, end + 1);
        this.push(bytes);
        this.push(null);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
  const encoding = encodingOf(options);
  if (encoding !== null) stream.setEncoding(encoding);
  return Object.assign(stream, { path: target, bytesRead: 0, pending: false }) as unknown as fs.ReadStream;
}

function pathOf(target: unknown): string {
  if (target instanceof URL) return fileURLToPath(target);
  return Buffer.isBuffer(target) ? target.toString() : String(target);
}

type Callback = (error: Error | null, value?: unknown) => void;
type NodeApi = (...args: never[]) => unknown;
type Operation = (at: InArchive, target: string, option: unknown) => unknown;

function callOriginal(original: NodeApi, args: unknown[]): unknown {
  return (original as (...args: unknown[]) => unknown)(...args);
}

/** A callback API: in an archive, answered by `inArchive` on the next tick; elsewhere, Node's own. */
function callbackApi(original: NodeApi, inArchive: Operation) {
  return (target: unknown, ...rest: unknown[]) => {
    const at = locate(target);
    if (at === null) return callOriginal(original, [target, ...rest]);
    const callback = rest.pop() as Callback;
    try {
      const value = inArchive(at, pathOf(target), rest[0]);
      process.nextTick(callback, null, value);
    } catch (error) {
      process.nextTick(callback, error);
    }
  };
}

function syncApi(original: NodeApi, inArchive: Operation) {
  return (target: unknown, ...rest: unknown[]) => {
    const at = locate(target);
    if (at === null) return callOriginal(original, [target, ...rest]);
    return inArchive(at, pathOf(target), rest[0]);
  };
}

/** A promise API: in an archive, answered by `inArchive`; elsewhere, Node's own. */
function promiseApi(original: NodeApi, inArchive: Operation) {
  const answer = syncApi(original, inArchive);
  return async (target: unknown, ...rest: unknown[]) => answer(target, ...rest);
}

const operations = {
  readFile: readFileIn,
  stat: statIn,
  lstat: statIn,
  readdir: readdirIn,
  access: accessIn,
  realpath: realpathIn,
} as const;

let installed = false;

/** Replaces `fs`'s and `fs/promises`' functions (and their ESM exports) with ones that read archives. */
export function installFsLayer(): void {
  if (installed) return;
  installed = true;
  const target = fs as unknown as Record<string, unknown>;
  const promises = fs.promises as unknown as Record<string, unknown>;
  for (const [name, operation] of Object.entries(operations)) {
    target[name] = callbackApi(originalFs[name as keyof typeof originalFs] as never, operation);
    target[`${name}Sync`] = syncApi(originalFs[`${name}Sync` as keyof typeof originalFs] as never, operation);
    promises[name] = promiseApi(originalPromises[name as keyof typeof originalPromises] as never, operation);
  }
  const realpathSync = target.realpathSync as typeof fs.realpathSync;
  realpathSync.native = syncApi(originalFs.realpathSync.native as never, realpathIn) as never;
  (target.realpath as typeof fs.realpath).native = callbackApi(
    originalFs.realpath.native as never,
    realpathIn,
  ) as never;
  target.existsSync = (file: unknown) => {
    const at = locate(file);
    return at === null ? originalFs.existsSync(file as fs.PathLike) : at.archive.entry(at.inner) !== null;
  };
  target.createReadStream = syncApi(originalFs.createReadStream as never, readStreamIn);
  syncBuiltinESMExports();
}
