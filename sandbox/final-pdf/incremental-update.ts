import { PDFDocument, type PDFObject, type PDFRef } from "pdf-lib";

/**
 * Appending to a PDF without rewriting it: the original bytes stay an exact prefix of the result, followed by
 * the new and changed objects, a cross-reference section for them and a trailer pointing back (/Prev) to the
 * original's (ISO 32000-1, 7.5.6 "Incremental updates"). `base` must use a classic cross-reference table
 * (pdf-lib: `save({ useObjectStreams: false })`), so every object is a top-level object.
 */
export interface IncrementalEdit {
  doc: PDFDocument;
  /** Bytes of the document as loaded, to detect which objects the edit changed. */
  before: Map<string, Uint8Array>;
}

function objectBytes(object: PDFObject): Uint8Array {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/** Loads `base` for editing and records every object's current serialisation. */
export async function openForIncrementalEdit(base: Uint8Array): Promise<IncrementalEdit> {
  const doc = await PDFDocument.load(base, { updateMetadata: false });
  const before = new Map<string, Uint8Array>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) before.set(ref.tag, objectBytes(object));
  return { doc, before };
}

function previousStartXref(base: Uint8Array): number {
  const tail = Buffer.from(base.subarray(Math.max(0, base.length - 1024))).toString("latin1");
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (match?.[1] === undefined) throw new Error("The base PDF has no final startxref.");
  return Number(match[1]);
}

/** `base` followed by an update section holding every object the edit added or changed. */
export async function saveIncrementalEdit(base: Uint8Array, edit: IncrementalEdit): Promise<Uint8Array> {
  const { doc, before } = edit;
  await doc.flush();
  const changed: [PDFRef, Uint8Array][] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const bytes = objectBytes(object);
    const previous = before.get(ref.tag);
    if (previous === undefined || !sameBytes(previous, bytes)) changed.push([ref, bytes]);
  }
  changed.sort(([a], [b]) => a.objectNumber - b.objectNumber);

  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [base, encoder.encode("\n")];
  let offset = base.length + 1;
  const xref: string[] = [];
  for (const [ref, bytes] of changed) {
    const head = encoder.encode(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    const tail = encoder.encode("\nendobj\n");
    xref.push(
      `${ref.objectNumber} 1\n${String(offset).padStart(10, "0")} ${String(ref.generationNumber).padStart(5, "0")} n\r\n`,
    );
    chunks.push(head, bytes, tail);
    offset += head.length + bytes.length + tail.length;
  }

  const { Root, Info, ID, Encrypt } = doc.context.trailerInfo;
  if (Encrypt !== undefined) throw new Error("Cannot append to an encrypted PDF.");
  const entries: Record<string, PDFObject | number> = {
    Size: doc.context.largestObjectNumber + 1,
    Prev: previousStartXref(base),
  };
  if (Root !== undefined) entries.Root = Root;
  if (Info !== undefined) entries.Info = Info;
  if (ID !== undefined) entries.ID = ID;
  const trailer = doc.context.obj(entries).toString();
  chunks.push(encoder.encode(`xref\n${xref.join("")}trailer\n${trailer}\nstartxref\n${offset}\n%%EOF\n`));
  return concat(chunks);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const result = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    result.set(chunk, at);
    at += chunk.length;
  }
  return result;
}
