import { OriginalPdf } from "./original-pdf";

/**
 * What the cross-reference reader needs of a file's text (one character a byte): a JavaScript string has it, and
 * so has PdfText, which reads a large original a window at a time instead of holding it whole as a string.
 */
export interface PdfChars {
  readonly length: number;
  charCodeAt(index: number): number;
  startsWith(search: string, position?: number): boolean;
  slice(start?: number, end?: number): string;
  indexOf(search: string, position?: number): number;
  lastIndexOf(search: string): number;
}

/** The most of an unread range copied at a time while reading through it. */
const unreadWindowBytes = 256 * 1024;

/**
 * The original as text, with a string's answers, read through a window: where the original was read, a view of
 * its bytes; where it was left unread (the data of large streams), a copy of part of it read from the file.
 */
export class PdfText implements PdfChars {
  private windowStart = 0;
  private window: Buffer = Buffer.alloc(0);
  /** Where windows over unread ranges are read to: one buffer, reused, so reading through leaves no garbage. */
  private scratch: Buffer | null = null;

  constructor(readonly original: OriginalPdf) {}

  /** Text over bytes held whole in memory. */
  static of(bytes: Uint8Array): PdfText {
    return new PdfText(OriginalPdf.ofBytes(bytes));
  }

  get length(): number {
    return this.original.length;
  }

  /** The file's bytes [start, end): not to be kept (see OriginalPdf.read). */
  read(start: number, end: number): Buffer {
    return this.original.read(start, end);
  }

  charCodeAt(index: number): number {
    if (index < 0 || index >= this.length) return Number.NaN;
    this.moveWindowTo(index);
    return this.window[index - this.windowStart] as number;
  }

  startsWith(search: string, position = 0): boolean {
    const at = Math.max(0, position);
    if (at + search.length > this.length) return false;
    for (let index = 0; index < search.length; index += 1) {
      if (this.charCodeAt(at + index) !== search.charCodeAt(index)) return false;
    }
    return true;
  }

  slice(start = 0, end = this.length): string {
    return this.read(start, end).toString("latin1");
  }

  indexOf(search: string, position = 0): number {
    let at = Math.max(0, position);
    if (search === "") return Math.min(at, this.length);
    while (at < this.length) {
      this.moveWindowTo(at);
      const windowEnd = this.windowStart + this.window.length;
      const found = this.window.indexOf(search, at - this.windowStart, "latin1");
      if (found >= 0) return this.windowStart + found;
      if (windowEnd >= this.length) return -1;
      // A match that starts in this window and ends in the next.
      const from = Math.max(at, windowEnd - search.length + 1);
      const across = this.read(from, windowEnd + search.length - 1).indexOf(search, 0, "latin1");
      if (across >= 0) return from + across;
      at = windowEnd;
    }
    return -1;
  }

  lastIndexOf(search: string): number {
    if (this.original.unreadRanges.length === 0) return this.original.bytes.lastIndexOf(search, undefined, "latin1");
    for (let end = this.length; end > 0; end -= unreadWindowBytes) {
      const start = Math.max(0, end - unreadWindowBytes);
      const found = this.readToScratch(start, Math.min(this.length, end + search.length - 1)).lastIndexOf(
        search,
        undefined,
        "latin1",
      );
      if (found >= 0) return start + found;
    }
    return -1;
  }

  /** The file's bytes [start, end) (at most a window and a keyword long) in the scratch buffer, which they replace. */
  private readToScratch(start: number, end: number): Buffer {
    this.scratch ??= Buffer.allocUnsafe(unreadWindowBytes + 64);
    this.original.copyInto(this.scratch, start, end);
    if (this.window.buffer === this.scratch.buffer) this.window = Buffer.alloc(0);
    return this.scratch.subarray(0, end - start);
  }

  /**
   * Makes the window hold `index`: the whole read stretch around it as a view, or, in an unread range, a copy of
   * the part of it around `index`.
   */
  private moveWindowTo(index: number): void {
    if (index >= this.windowStart && index < this.windowStart + this.window.length) return;
    const ranges = this.original.unreadRanges;
    const inside = ranges.find((range) => range.start <= index && index < range.end);
    if (inside === undefined) {
      const start = ranges.reduce((at, range) => (range.end <= index ? Math.max(at, range.end) : at), 0);
      const end = ranges.reduce((at, range) => (range.start > index ? Math.min(at, range.start) : at), this.length);
      this.windowStart = start;
      this.window = this.original.bytes.subarray(start, end);
      return;
    }
    const start = Math.max(inside.start, index - (index % unreadWindowBytes));
    const end = Math.min(inside.end, start + unreadWindowBytes);
    const window = this.readToScratch(start, end);
    this.windowStart = start;
    this.window = window;
  }
}
