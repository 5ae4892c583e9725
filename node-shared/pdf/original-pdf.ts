import { createHash, type Hash } from "node:crypto";
import { closeSync, readSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";

/** A byte range [start, end) of the original. */
export interface ByteRange {
  start: number;
  end: number;
}

/** How much of the file is read or written at a time where it is streamed. */
const chunkBytes = 1024 * 1024;

/**
 * A PDF as the final-PDF code and the page reader read it: `bytes` is as long as the file and holds the file's bytes at
 * their offsets, except in the ranges left unread (`unread`), the data of large streams, which hold zeros. Those
 * zeros are memory the process never touched, so a 50 MB scan costs what its structure costs
 * (see read-original.ts). Every read through `read` gives the file's own bytes, reading unread ranges from the
 * file; pdf-lib alone sees the zeros, and only where it skips a stream's data by its /Length (load-original.ts).
 *
 * `bytes` is a Buffer so that pdf-lib's slices of it are views, not copies.
 */
export class OriginalPdf {
  private readonly unread: ByteRange[];
  private digest: Hash | null = null;

  private constructor(
    readonly bytes: Buffer,
    unread: ByteRange[],
    private readonly fd: number | null,
  ) {
    this.unread = unread;
  }

  /** An original held whole in memory. */
  static ofBytes(bytes: Uint8Array): OriginalPdf {
    return new OriginalPdf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), [], null);
  }

  /** An original read from the open file `fd` (closed by `close`), with `unread` ranges of `bytes` left as zeros. */
  static ofFile(bytes: Buffer, unread: ByteRange[], fd: number): OriginalPdf {
    return new OriginalPdf(
      bytes,
      [...unread].sort((a, b) => a.start - b.start),
      fd,
    );
  }

  get length(): number {
    return this.bytes.length;
  }

  /** The ranges still left unread, in order. */
  get unreadRanges(): readonly ByteRange[] {
    return this.unread;
  }

  /** Whether any byte of [start, end) is left unread. */
  isUnread(start: number, end: number): boolean {
    return this.unread.some((range) => range.start < end && start < range.end);
  }

  /**
   * The file's bytes [start, end) (clamped to the file): a view of `bytes` where all of it was read, else a copy
   * read from the file. Not to be kept: a copy is garbage once dropped, and `bytes` is what stays.
   */
  read(start: number, end: number): Buffer {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    if (!this.isUnread(from, to)) return this.bytes.subarray(from, to);
    const copy = Buffer.allocUnsafe(to - from);
    this.copyInto(copy, from, to);
    return copy;
  }

  /** Copies the file's bytes [start, end) into the start of `target` (at least that long). */
  copyInto(target: Buffer, start: number, end: number): void {
    this.bytes.copy(target, 0, start, end);
    for (const range of this.unread) {
      const from = Math.max(start, range.start);
      const to = Math.min(end, range.end);
      if (from < to) this.readFromFile(target, from - start, from, to);
    }
  }

  /** Reads the unread parts of [start, end) into `bytes`, which then holds the file's bytes there. */
  fill(start: number, end: number): void {
    const remaining: ByteRange[] = [];
    for (const range of this.unread) {
      const from = Math.max(start, range.start);
      const to = Math.min(end, range.end);
      if (from >= to) {
        remaining.push(range);
        continue;
      }
      this.readFromFile(this.bytes, from, from, to);
      if (range.start < from) remaining.push({ start: range.start, end: from });
      if (to < range.end) remaining.push({ start: to, end: range.end });
    }
    this.unread.splice(0, this.unread.length, ...remaining);
  }

  /** Makes `part`, when it is a view of `bytes`, hold the file's bytes (see `fill`); any other array is left alone. */
  fillView(part: Uint8Array): void {
    const at = this.offsetOf(part);
    if (at !== null) this.fill(at, at + part.length);
  }

  /** Whether the views `a` and `b` of `bytes` hold the same bytes in the file. */
  sameBytes(a: Uint8Array, b: Uint8Array): boolean {
    if (a.length !== b.length) return false;
    const viewA = this.offsetOf(a);
    const viewB = this.offsetOf(b);
    if (viewA !== null && viewA === viewB) return true;
    if (
      viewA === null ||
      viewB === null ||
      (!this.isUnread(viewA, viewA + a.length) && !this.isUnread(viewB, viewB + b.length))
    ) {
      return Buffer.compare(a, b) === 0;
    }
    for (let at = 0; at < a.length; at += chunkBytes) {
      const length = Math.min(chunkBytes, a.length - at);
      if (
        Buffer.compare(this.read(viewA + at, viewA + at + length), this.read(viewB + at, viewB + at + length)) !== 0
      ) {
        return false;
      }
    }
    return true;
  }

  /** Where the view `part` starts in `bytes`, or null when it is not a view of `bytes`. */
  offsetOf(part: Uint8Array): number | null {
    if (part.buffer !== this.bytes.buffer) return null;
    return part.byteOffset - this.bytes.byteOffset;
  }

  /** SHA-256 of the whole original, to be continued over what follows it in the final PDF. */
  hash(): Hash {
    if (this.digest === null) {
      const digest = createHash("sha256");
      if (this.unread.length === 0) digest.update(this.bytes);
      else {
        const chunk = Buffer.allocUnsafe(chunkBytes);
        for (let at = 0; at < this.length; at += chunkBytes) {
          const end = Math.min(this.length, at + chunkBytes);
          this.copyInto(chunk, at, end);
          digest.update(chunk.subarray(0, end - at));
        }
      }
      this.digest = digest;
    }
    return this.digest.copy();
  }

  /** Writes the file's bytes to `handle`, unread ranges read from the file a chunk at a time. */
  async writeTo(handle: FileHandle): Promise<void> {
    if (this.unread.length === 0) {
      await handle.write(this.bytes);
      return;
    }
    const chunk = Buffer.allocUnsafe(chunkBytes);
    for (let at = 0; at < this.length; at += chunkBytes) {
      const end = Math.min(this.length, at + chunkBytes);
      this.copyInto(chunk, at, end);
      await handle.write(chunk, 0, end - at);
    }
  }

  /** The whole file in memory (for tests and benchmarks of small files). */
  whole(): Buffer {
    return this.read(0, this.length);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
  }

  private readFromFile(target: Buffer, targetOffset: number, start: number, end: number): void {
    if (this.fd === null) throw new Error("The original's unread bytes have no file to be read from.");
    let done = 0;
    while (done < end - start) {
      const read = readSync(this.fd, target, targetOffset + done, end - start - done, start + done);
      if (read === 0) throw new Error("The original PDF changed while it was being read.");
      done += read;
    }
  }
}
