import { createHash } from "node:crypto";
import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument, PDFRawStream, PDFRef } from "pdf-lib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadOriginal } from "../../node-shared/pdf/load-original";
import { readOriginalFile } from "../../node-shared/pdf/read-original";
import { writeLargeStreamPdf } from "../support/large-stream-pdf";

/** A PDF read from its file with its large streams' data left there (node-shared/pdf/read-original.ts). */
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "signdesk-read-original-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const unreadBytes = (ranges: readonly { start: number; end: number }[]) =>
  ranges.reduce((total, range) => total + range.end - range.start, 0);

it("leaves a large stream's data in the file, and gives the file's own bytes wherever they are asked for", async () => {
  const file = path.join(folder, "scan.pdf");
  const { dataStart } = await writeLargeStreamPdf(file, { dataBytes: 2 * 1024 * 1024 });
  const bytes = await readFile(file);
  const original = readOriginalFile(file);
  try {
    expect(unreadBytes(original.unreadRanges)).toBeGreaterThan(1.9 * 1024 * 1024);
    expect(original.unreadRanges.every((range) => range.start >= dataStart)).toBe(true);
    expect(original.read(0, bytes.length).equals(bytes)).toBe(true);
    expect(
      original
        .read(dataStart + 100_000, dataStart + 100_010)
        .equals(bytes.subarray(dataStart + 100_000, dataStart + 100_010)),
    ).toBe(true);
    expect(original.hash().digest("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
    const copy = path.join(folder, "copy.pdf");
    const handle = await open(copy, "w");
    await original.writeTo(handle);
    await handle.close();
    expect((await readFile(copy)).equals(bytes)).toBe(true);
    // Reading, hashing and copying never brought the data into memory.
    expect(unreadBytes(original.unreadRanges)).toBeGreaterThan(1.9 * 1024 * 1024);
  } finally {
    original.close();
  }
});

it("gives pdf-lib the same objects as the whole file does, the large stream stepped over unread", async () => {
  const file = path.join(folder, "scan.pdf");
  await writeLargeStreamPdf(file, { dataBytes: 1024 * 1024 });
  const whole = await PDFDocument.load(await readFile(file), { updateMetadata: false });
  const original = readOriginalFile(file);
  try {
    const doc = await loadOriginal(original);
    expect(unreadBytes(original.unreadRanges)).toBeGreaterThan(900 * 1024);
    const scan = doc.context.lookup(PDFRef.of(5, 0));
    expect(scan).toBeInstanceOf(PDFRawStream);
    expect((scan as PDFRawStream).contents.length).toBe(1024 * 1024);
    expect(doc.getPageCount()).toBe(whole.getPageCount());
    expect(doc.getPage(0).getSize()).toEqual(whole.getPage(0).getSize());
  } finally {
    original.close();
  }
});

it("reads the whole file when pdf-lib's parse would have gone over data left unread", async () => {
  // Object 5 is defined twice: pdf-lib keeps the second, so the first one's large data is not stepped over by any
  // stream it keeps, and only the whole file gives what pdf-lib would parse.
  const file = path.join(folder, "twice.pdf");
  await writeLargeStreamPdf(file, { dataBytes: 1024 * 1024 });
  const bytes = await readFile(file);
  const eof = bytes.lastIndexOf("startxref");
  const again = Buffer.from("5 0 obj\n<< /Length 4 >>\nstream\nabcd\nendstream\nendobj\n", "latin1");
  await writeFile(file, Buffer.concat([bytes.subarray(0, eof), again, bytes.subarray(eof)]));
  const original = readOriginalFile(file);
  try {
    expect(unreadBytes(original.unreadRanges)).toBeGreaterThan(900 * 1024);
    const doc = await loadOriginal(original);
    expect(original.unreadRanges).toEqual([]);
    expect(Buffer.from((doc.context.lookup(PDFRef.of(5, 0)) as PDFRawStream).contents).toString()).toBe("abcd");
  } finally {
    original.close();
  }
});
