import type { Hash } from "node:crypto";
import { deflateSync } from "node:zlib";
import { type PDFDocument, type PDFObject, PDFRawStream } from "pdf-lib";
import type { OriginalPdf } from "../original-pdf";
import type { XrefChain, XrefEntry, XrefKind } from "./xref-chain";

/**
 * Appends to a PDF without rewriting it (ISO 32000-1, 7.5.6 "Incremental updates"): the file's bytes stay an exact
 * prefix, followed by the objects the edit added or changed, a cross-reference section of the file's own kind
 * (table or stream) and a trailer whose /Prev points back. Each `commit` appends one such section.
 *
 * pdf-lib loads the document and draws; which objects changed is found by comparing every object's serialisation
 * with the one recorded at the previous commit, so nothing depends on pdf-lib marking its own changes.
 * When the file's own chain cannot be followed (a damaged cross-reference section that readers rebuild), the
 * first section lists every object of the file, found as readers find them, and has no /Prev.
 *
 * Hand-written after evaluating the libraries that save incrementally: @cantoo/pdf-lib (`saveIncremental`) and
 * pdf-lib-incremental-save write what their own change tracking marked, in the cross-reference kind their save
 * options name rather than the file's, and neither can write a complete section for a file whose chain is damaged;
 * @pdfme/pdf-lib has no incremental save.
 */
export interface CommitResult {
  /** Length of the whole file after this section. */
  length: number;
  /** Byte offset of each object written in this section, by object number. */
  offsets: Map<number, number>;
}

/**
 * How an object was serialised at the last commit. A stream read from the file keeps its data by reference (no
 * copy of a 50 MB image, which may not even be in memory: see original-pdf.ts): its data is unchanged as long as it
 * is the same array.
 */
type Snapshot = { bytes: Uint8Array } | { dictionary: Uint8Array; contents: Uint8Array };

function snapshotOf(object: PDFObject): Snapshot {
  if (object instanceof PDFRawStream) return { dictionary: serialise(object.dict), contents: object.contents };
  return { bytes: serialise(object) };
}

function unchanged(previous: Snapshot, object: PDFObject): boolean {
  if ("contents" in previous) {
    return (
      object instanceof PDFRawStream &&
      object.contents === previous.contents &&
      sameBytes(previous.dictionary, serialise(object.dict))
    );
  }
  return !(object instanceof PDFRawStream) && sameBytes(previous.bytes, serialise(object));
}

/** An object as the PDF writes it (no object header). */
export function serialise(object: PDFObject): Uint8Array {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

const encoder = new TextEncoder();

/**
 * A dictionary as pdf-lib prints it, as bytes: its strings hold one byte per character (a trailer's /ID read from
 * a literal string or decoded from hex), which UTF-8 would turn into two bytes each above 0x7F.
 */
function latin1(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, "latin1"));
}

export class IncrementalWriter {
  private readonly before = new Map<string, Snapshot>();
  /** Each section committed: after the original, they are the file as it stands. */
  private readonly sections: Uint8Array[] = [];
  private length: number;
  private startxref: number;
  private readonly kind: XrefKind;
  private size: number;
  /** The rebuilt entries of a damaged file, written in full by the first commit. */
  private rebuilt: Map<number, XrefEntry> | null;

  constructor(
    private readonly doc: PDFDocument,
    private readonly original: OriginalPdf,
    chain: XrefChain,
  ) {
    if (doc.context.trailerInfo.Encrypt !== undefined) throw new Error("Cannot append to an encrypted PDF.");
    this.length = original.length;
    this.startxref = chain.startxref;
    this.kind = chain.kind;
    this.size = chain.size;
    this.rebuilt = chain.intact ? null : chain.entries;
    // New objects must take numbers the file has never used, even ones only its /Size declares.
    doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, chain.size - 1);
    for (const [ref, object] of doc.context.enumerateIndirectObjects()) this.before.set(ref.tag, snapshotOf(object));
  }

  /** The sections committed so far: the original followed by them is the file as it stands. */
  get updates(): readonly Uint8Array[] {
    return this.sections;
  }

  /** SHA-256 of everything before the last section (the original and the sections before it), to continue. */
  hashBeforeLastUpdate(): Hash {
    const hash = this.original.hash();
    for (const section of this.sections.slice(0, -1)) hash.update(section);
    return hash;
  }

  /** SHA-256 of the file as it stands, without joining its parts. */
  sha256(): string {
    const hash = this.original.hash();
    for (const section of this.sections) hash.update(section);
    return hash.digest("hex");
  }

  async commit(): Promise<CommitResult> {
    await this.doc.flush();
    const changed: { number: number; generation: number; bytes: Uint8Array }[] = [];
    for (const [ref, object] of this.doc.context.enumerateIndirectObjects()) {
      const previous = this.before.get(ref.tag);
      if (previous !== undefined && unchanged(previous, object)) continue;
      // A stream of the original written again carries its data: read it from the file if it was left unread.
      const dataAt = object instanceof PDFRawStream ? this.original.offsetOf(object.contents) : null;
      if (object instanceof PDFRawStream && dataAt !== null)
        this.original.fill(dataAt, dataAt + object.contents.length);
      changed.push({ number: ref.objectNumber, generation: ref.generationNumber, bytes: serialise(object) });
      this.before.set(ref.tag, snapshotOf(object));
    }
    changed.sort((a, b) => a.number - b.number);

    const chunks: Uint8Array[] = [encoder.encode("\n")];
    let offset = this.length + 1;
    const offsets = new Map<number, number>();
    const entries = new Map<number, XrefEntry>(this.rebuilt ?? []);
    for (const object of changed) {
      const head = encoder.encode(`${object.number} ${object.generation} obj\n`);
      const tail = encoder.encode("\nendobj\n");
      offsets.set(object.number, offset);
      entries.set(object.number, { type: "offset", offset, generation: object.generation });
      chunks.push(head, object.bytes, tail);
      offset += head.length + object.bytes.length + tail.length;
    }

    const prev = this.rebuilt === null ? this.startxref : null;
    this.size = Math.max(this.size, this.doc.context.largestObjectNumber + 1);
    chunks.push(
      this.kind === "stream" ? this.xrefStream(entries, offset, prev) : this.xrefTable(entries, offset, prev),
    );

    const section = concat(chunks);
    this.sections.push(section);
    this.length += section.length;
    this.startxref = offset;
    this.rebuilt = null;
    return { length: this.length, offsets };
  }

  private trailerEntries(prev: number | null): Record<string, PDFObject | number> {
    const { Root, Info, ID } = this.doc.context.trailerInfo;
    const entries: Record<string, PDFObject | number> = { Size: this.size };
    if (prev !== null) entries.Prev = prev;
    if (Root !== undefined) entries.Root = Root;
    if (Info !== undefined) entries.Info = Info;
    if (ID !== undefined) entries.ID = ID;
    return entries;
  }

  private xrefTable(entries: Map<number, XrefEntry>, at: number, prev: number | null): Uint8Array {
    const lines: string[] = ["xref\n"];
    const rows: [number, string][] = [...entries]
      .filter((row): row is [number, Extract<XrefEntry, { type: "offset" }>] => row[1].type === "offset")
      .map(([number, entry]) => [
        number,
        `${String(entry.offset).padStart(10, "0")} ${String(entry.generation).padStart(5, "0")} n\r\n`,
      ]);
    // A complete table starts with the head of the free list.
    if (prev === null) rows.push([0, "0000000000 65535 f\r\n"]);
    rows.sort((a, b) => a[0] - b[0]);
    let next = 0;
    for (const run of consecutiveRuns(rows.map(([number]) => number))) {
      lines.push(`${run.first} ${run.count}\n`);
      for (const [, row] of rows.slice(next, next + run.count)) lines.push(row);
      next += run.count;
    }
    const trailer = this.doc.context.obj(this.trailerEntries(prev)).toString();
    return latin1(`${lines.join("")}trailer\n${trailer}\nstartxref\n${at}\n%%EOF\n`);
  }

  private xrefStream(entries: Map<number, XrefEntry>, at: number, prev: number | null): Uint8Array {
    const own = this.doc.context.nextRef().objectNumber;
    this.size = Math.max(this.size, own + 1);
    const all = new Map<number, XrefEntry | { type: "free" }>(entries);
    all.set(own, { type: "offset", offset: at, generation: 0 });
    // A complete section starts with the head of the free list.
    if (prev === null) all.set(0, { type: "free" });
    const numbers = [...all.keys()].sort((a, b) => a - b);
    const offsetWidth = Math.max(4, Math.ceil(Math.log2(at + 1) / 8));
    const rowWidth = 1 + offsetWidth + 2;
    const rows = Buffer.alloc(numbers.length * rowWidth);
    numbers.forEach((number, row) => {
      const entry = all.get(number) as XrefEntry | { type: "free" };
      const start = row * rowWidth;
      if (entry.type === "free") {
        rows.writeUInt16BE(65535, start + 1 + offsetWidth);
        return;
      }
      rows.writeUInt8(entry.type === "offset" ? 1 : 2, start);
      rows.writeUIntBE(entry.type === "offset" ? entry.offset : entry.stream, start + 1, offsetWidth);
      rows.writeUInt16BE(entry.type === "offset" ? entry.generation : entry.index, start + 1 + offsetWidth);
    });
    const data = deflateSync(rows);
    const index = consecutiveRuns(numbers).flatMap((run) => [run.first, run.count]);
    const dictionary = this.doc.context
      .obj({
        Type: "XRef",
        ...this.trailerEntries(prev),
        W: [1, offsetWidth, 2],
        Index: index,
        Filter: "FlateDecode",
        Length: data.length,
      })
      .toString();
    return Buffer.concat([
      latin1(`${own} 0 obj\n${dictionary}\nstream\n`),
      data,
      encoder.encode(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`),
    ]);
  }
}

/** The chunks joined, as a plain Uint8Array (pdf.js and others refuse a Node Buffer). */
export function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const result = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    result.set(chunk, at);
    at += chunk.length;
  }
  return result;
}

function consecutiveRuns(sorted: number[]): { first: number; count: number }[] {
  const runs: { first: number; count: number }[] = [];
  for (const number of sorted) {
    const last = runs.at(-1);
    if (last !== undefined && last.first + last.count === number) last.count += 1;
    else runs.push({ first: number, count: 1 });
  }
  return runs;
}
