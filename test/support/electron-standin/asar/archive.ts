/**
 * The asar layer's view of archives: which archive a path is in, and the entries of that archive, read with
 * @electron/asar. Paths follow Electron's rules (docs/tutorial/asar-archives.md; lib/node/asar-fs-wrapper.ts,
 * `splitPath`): a path is in an archive when one of its segments ends in `.asar` and names an archive file; the
 * archive's own path is its root directory. Entries left out of the archive (`unpacked`) are real files in
 * `<archive>.unpacked/`. Links inside an archive name their target relative to the archive's root.
 */
import path from "node:path";
import { extractFile, getRawHeader } from "@electron/asar";
import { originalFs } from "./original-fs.ts";

type HeaderNode =
  | { files: Record<string, HeaderNode>; unpacked?: boolean }
  | { link: string; unpacked?: boolean }
  | { size: number; offset?: string; unpacked?: boolean; executable?: boolean };

export type Entry =
  | { kind: "directory"; names: string[] }
  | { kind: "file"; size: number; unpacked: boolean; executable: boolean };

/** Electron's `process.noAsar`: when true, paths in archives are plain paths (the layer stands aside). */
export function asarDisabled(): boolean {
  return (process as { noAsar?: boolean }).noAsar === true;
}

export class Archive {
  private readonly root: HeaderNode;
  readonly file: string;

  constructor(file: string) {
    this.file = file;
    this.root = getRawHeader(file).header as HeaderNode;
  }

  /** The entry at `inner` (segments joined by "/", "" for the root), links followed; null when there is none. */
  entry(inner: string): Entry | null {
    const node = this.resolve(inner);
    if (node === null) return null;
    if ("files" in node) return { kind: "directory", names: Object.keys(node.files) };
    if ("link" in node) return null;
    return {
      kind: "file",
      size: Number(node.size),
      unpacked: node.unpacked === true,
      executable: node.executable === true,
    };
  }

  /** The file's bytes, read from the archive or from `<archive>.unpacked/`. */
  read(inner: string): Buffer {
    return extractFile(this.file, this.real(inner));
  }

  /** Where an unpacked entry is on disk. */
  unpackedPath(inner: string): string {
    return path.join(`${this.file}.unpacked`, this.real(inner));
  }

  /** `inner` with every link on the way followed (the path `fs.realpath` gives inside the archive). */
  real(inner: string): string {
    const found = this.walk(inner, 0);
    if (found === null) throw new Error(`${inner} is not in ${this.file}`);
    return found.at;
  }

  private resolve(inner: string): HeaderNode | null {
    return this.walk(inner, 0)?.node ?? null;
  }

  private walk(inner: string, hops: number): { node: HeaderNode; at: string } | null {
    if (hops > 40) return null;
    let node: HeaderNode = this.root;
    const done: string[] = [];
    const segments = inner.split("/").filter((segment) => segment !== "" && segment !== ".");
    for (const [index, segment] of segments.entries()) {
      if ("link" in node) {
        const target = this.walk(node.link, hops + 1);
        if (target === null) return null;
        node = target.node;
        done.splice(0, done.length, ...target.at.split("/").filter(Boolean));
      }
      if (!("files" in node)) return null;
      const child: HeaderNode | undefined = Object.hasOwn(node.files, segment) ? node.files[segment] : undefined;
      if (child === undefined) return null;
      node = child;
      done.push(segment);
      if (index === segments.length - 1 && "link" in node) {
        return this.walk(node.link, hops + 1);
      }
    }
    return { node, at: done.join("/") };
  }
}

const opened = new Map<string, Archive | null>();

function archiveAt(file: string): Archive | null {
  let archive = opened.get(file);
  if (archive === undefined) {
    let isFile = false;
    try {
      isFile = originalFs.statSync(file).isFile();
    } catch {
      isFile = false;
    }
    archive = isFile ? new Archive(file) : null;
    opened.set(file, archive);
  }
  return archive;
}

export interface InArchive {
  archive: Archive;
  /** The path inside the archive, "/"-separated, "" for its root. */
  inner: string;
}

/** The archive `target` (a path or a file: URL) is in, and where in it; null when it is not in an archive. */
export function locate(target: unknown): InArchive | null {
  if (asarDisabled()) return null;
  let file: string;
  if (typeof target === "string") file = target;
  else if (target instanceof URL && target.protocol === "file:") file = decodeURIComponent(target.pathname);
  else if (Buffer.isBuffer(target)) file = target.toString();
  else return null;
  if (!file.includes(".asar")) return null;
  const segments = path.resolve(file).split(path.sep);
  for (let index = 1; index < segments.length; index += 1) {
    if (!segments[index]?.endsWith(".asar")) continue;
    const archive = archiveAt(segments.slice(0, index + 1).join(path.sep));
    if (archive !== null) return { archive, inner: segments.slice(index + 1).join("/") };
  }
  return null;
}
