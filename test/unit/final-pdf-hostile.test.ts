import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inspectPdfSeal } from "../../main/downloads/final-pdf-seal";
import { readXrefChain } from "../../node-shared/pdf/incremental/xref-chain";
import { type AuditTrail, buildFinalPdf, type StampedField } from "../../sandbox/final-pdf/build-final-pdf";
import { qpdfCheck } from "../support/pdf-tools";
import { describeWith } from "../support/requirements";
import { testSealCertificate } from "../support/seal";

/** Files made to turn the final PDF against the people who signed, or against the machine that makes it. */
const audit: AuditTrail = {
  documentId: "hostile",
  documentName: "Hostile",
  createdAt: "2026-03-01T09:00:00.000Z",
  finalizedAt: "2026-03-02T09:00:00.000Z",
  signers: [],
  originalSha256: "",
};
const field: StampedField = { id: "t", type: "Text", page: 1, x: 72, y: 72, value: "Agreed" };

async function plainPdf(): Promise<{ bytes: Uint8Array; pageNumber: number }> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText("I agree to pay 10 USD", { x: 72, y: 700 });
  return { bytes: await doc.save({ useObjectStreams: false }), pageNumber: page.ref.objectNumber };
}

const appended = (bytes: Uint8Array, text: string | Uint8Array) =>
  new Uint8Array(Buffer.concat([bytes, typeof text === "string" ? Buffer.from(text, "latin1") : text]));

const finalize = async (original: Uint8Array) => buildFinalPdf(original, [field], audit, await testSealCertificate());

it("refuses a file that defines a page again where only pdf-lib would read it", async () => {
  const { bytes, pageNumber } = await plainPdf();
  const shadow = appended(bytes, `\n${pageNumber} 0 obj\n<< /Type /Page /MediaBox [0 0 300 300] >>\nendobj\n`);
  expect(readXrefChain(shadow).intact).toBe(true);
  await expect(finalize(shadow)).rejects.toThrow(`object ${pageNumber} is defined more than once`);
});

it("refuses a stream that inflates to more than any real file needs, before loading the file", async () => {
  const { bytes } = await plainPdf();
  const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024));
  const stream = Buffer.concat([
    Buffer.from(`\n990 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`),
    bomb,
    Buffer.from("\nendstream\nendobj\n"),
  ]);
  await expect(finalize(appended(bytes, stream))).rejects.toThrow(/inflates to more than 64 MB/);
});

it("numbers new objects below the PDF limit whatever /Size a file declares", async () => {
  const { bytes } = await plainPdf();
  const huge = Buffer.from(
    Buffer.from(bytes)
      .toString("latin1")
      .replace(/\/Size \d+/, "/Size 3000000000"),
    "latin1",
  );
  expect(readXrefChain(new Uint8Array(huge)).size).toBeLessThan(100);
  const final = await finalize(new Uint8Array(huge));
  expect(readXrefChain(final.bytes).size).toBeLessThan(100);
});

it("checks a file full of /SubFilter keys within the test time-out (the quadratic check took minutes)", () => {
  const filler = Buffer.from("/SubFilter ".repeat(100_000), "latin1");
  const report = inspectPdfSeal(
    new Uint8Array(
      Buffer.concat([Buffer.from("%PDF-1.7\n<</Contents <00>"), filler, Buffer.from("/ByteRange [0 9 13 0]>>")]),
    ),
  );
  expect(report.sealed).toBe(false);
});

describeWith("pdf-tools", "hostile files, checked by qpdf", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "signdesk-hostile-"));
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  it("writes a clean complete section for a damaged file that holds an object numbered 0", async () => {
    const { bytes } = await plainPdf();
    const text = Buffer.from(bytes).toString("latin1");
    const headerEnd = text.indexOf("\n") + 1;
    const damaged = Buffer.concat([
      Buffer.from(text.slice(0, headerEnd), "latin1"),
      Buffer.from("0 0 obj\n<< >>\nendobj\n"),
      Buffer.from(bytes.subarray(headerEnd)),
    ]);
    const final = await finalize(new Uint8Array(damaged));
    const file = path.join(folder, "object-zero.pdf");
    await writeFile(file, final.bytes);
    const check = await qpdfCheck(file);
    expect(check.clean, check.report).toBe(true);
  });
});
