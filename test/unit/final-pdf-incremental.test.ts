import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fieldBoxSizes } from "../../common/fields";
import { graphicsStateBalance } from "../../node-shared/pdf/incremental/content-balance";
import { readXrefChain } from "../../node-shared/pdf/incremental/xref-chain";
import { asLatin1 } from "../../node-shared/pdf/pdf-syntax";
import { type AuditTrail, buildFinalPdf, type StampedField } from "../../sandbox/final-pdf/build-final-pdf";
import { readTextItems } from "../support/pdf-text";
import { pdfsigSignatures, popplerPageCount, popplerWords, qpdfCheck } from "../support/pdf-tools";
import { describeWith } from "../support/requirements";
import { testSealCertificate } from "../support/seal";

const audit: AuditTrail = {
  documentId: "doc_incremental",
  documentName: "Incremental",
  createdAt: "2026-03-01T09:00:00.000Z",
  finalizedAt: "2026-03-02T17:45:12.000Z",
  signers: [{ name: "Jane Roe", email: "jane@example.com", signedAt: "2026-03-02T10:01:00.000Z", ipAddress: "::1" }],
  originalSha256: "",
};

const stamp = (page: number, value: string, x = 72, y = 100): StampedField => ({
  id: `text-${page}-${value}`,
  type: "Text",
  page,
  x,
  y,
  value,
});

/** A two-page document, each page's content as given (raw operators), saved by pdf-lib in the given form. */
async function documentWith(contents: string[], useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const content of contents) {
    const page = doc.addPage([612, 792]);
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.flateStream(content)));
  }
  return doc.save({ useObjectStreams });
}

const plain = "0 0 1 rg 300 300 50 50 re f";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "signdesk-incremental-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function finalize(name: string, original: Uint8Array, fields: StampedField[]) {
  const final = await buildFinalPdf(original, fields, audit, await testSealCertificate());
  const file = path.join(folder, `${name}.pdf`);
  await writeFile(file, final.bytes);
  return { ...final, file };
}

const prefixOf = (bytes: Uint8Array, length: number) => Buffer.from(bytes.subarray(0, length));

it("counts saves and restores outside strings, comments and inline image data", () => {
  const balance = (text: string) => graphicsStateBalance(Buffer.from(text, "latin1"));
  expect(balance("q 1 0 0 1 5 5 cm Q")).toEqual({ deficit: 0, net: 0 });
  expect(balance("Q Q q")).toEqual({ deficit: 2, net: -1 });
  expect(balance("q q (a Q \\) Q) Tj % Q Q\n<51> Tj /Q1 gs")).toEqual({ deficit: 0, net: 2 });
  expect(balance("q BI /W 2 /H 1 /BPC 8 /CS /G ID QQ EI Q")).toEqual({ deficit: 0, net: 0 });
  expect(balance("<< /Q 1 >> BDC EMC Q")).toEqual({ deficit: 1, net: -1 });
});

it("reads a chain of table, stream and rebuilt cross-reference sections", async () => {
  const table = await documentWith([plain], false);
  const stream = await documentWith([plain], true);
  expect(readXrefChain(table)).toMatchObject({ kind: "table", intact: true });
  expect(readXrefChain(stream)).toMatchObject({ kind: "stream", intact: true });
  const shifted = shiftObjects(table);
  const damaged = readXrefChain(shifted);
  expect(damaged.intact).toBe(false);
  expect(damaged.problem).toMatch(/no cross-reference section at \d+|is not at offset/);
  expect(damaged.size).toBe(readXrefChain(table).size);
});

/** The same file with a comment after its header: every offset its table gives is off by the comment's length. */
function shiftObjects(pdf: Uint8Array): Uint8Array {
  const text = asLatin1(pdf);
  const headerEnd = text.indexOf("\n") + 1;
  return Buffer.concat([pdf.subarray(0, headerEnd), Buffer.from("% shifted by an editor\n"), pdf.subarray(headerEnd)]);
}

describeWith("pdf-tools", "final PDF as incremental updates", () => {
  for (const useObjectStreams of [false, true]) {
    const kind = useObjectStreams ? "stream" : "table";
    it(`keeps a ${kind} original's exact bytes and appends sections of the same kind that qpdf finds clean`, async () => {
      const original = await documentWith([plain, plain], useObjectStreams);
      const final = await finalize(`kind-${kind}`, original, [stamp(1, "First"), stamp(2, "Second")]);
      expect(prefixOf(final.bytes, original.length).equals(Buffer.from(original))).toBe(true);
      const added = asLatin1(final.bytes.subarray(original.length));
      expect(added.match(/%%EOF/g)).toHaveLength(3);
      expect(added.match(/\/Type \/XRef/g) ?? []).toHaveLength(useObjectStreams ? 3 : 0);
      expect(added.match(/^xref$/gm) ?? []).toHaveLength(useObjectStreams ? 0 : 3);
      expect(readXrefChain(final.bytes)).toMatchObject({ kind, intact: true });
      const check = await qpdfCheck(final.file);
      expect(check.clean, check.report).toBe(true);
      expect(await popplerPageCount(final.file)).toBe(3);
    });
  }

  it("seals the whole file with one valid PAdES signature, and an earlier seal stays valid", async () => {
    const first = await finalize("sealed-once", await documentWith([plain], false), [stamp(1, "Once")]);
    const { signatures } = await pdfsigSignatures(first.file);
    expect(signatures).toEqual([
      { valid: true, wholeFile: true, subFilter: "ETSI.CAdES.detached", signer: "Signdesk Sandbox Test Certificate" },
    ]);
    const second = await finalize("sealed-twice", first.bytes, [stamp(1, "Twice", 72, 200)]);
    const again = await pdfsigSignatures(second.file);
    expect(
      again.signatures.map(({ valid, wholeFile }) => ({ valid, wholeFile })),
      again.report,
    ).toEqual([
      { valid: true, wholeFile: false },
      { valid: true, wholeFile: true },
    ]);
    expect((await qpdfCheck(second.file)).clean).toBe(true);
  });

  it("replaces a damaged cross-reference table by a complete one, so the file checks clean", async () => {
    const damaged = shiftObjects(await documentWith([plain, plain], false));
    const before = path.join(folder, "damaged.pdf");
    await writeFile(before, damaged);
    expect((await qpdfCheck(before)).clean).toBe(false);
    const final = await finalize("damaged-final", damaged, [stamp(2, "Repaired")]);
    expect(prefixOf(final.bytes, damaged.length).equals(Buffer.from(damaged))).toBe(true);
    const check = await qpdfCheck(final.file);
    expect(check.clean, check.report).toBe(true);
    expect((await pdfsigSignatures(final.file)).signatures.map((signature) => signature.valid)).toEqual([true]);
    expect((await popplerWords(final.file, 2, 2)).map((word) => word.text)).toContain("Repaired");
  });

  it("stamps where they belong on pages whose content restores more than it saves, or leaves states saved", async () => {
    const contents = [
      `Q Q 0.5 0 0 0.5 200 200 cm ${plain}`,
      `q q 2 0 0 2 0 0 cm ${plain}`,
      `q Q Q q 0.25 0 0 0.25 0 0 cm ${plain} Q Q q 3 0 0 3 10 10 cm`,
    ];
    const original = await documentWith(contents, false);
    const fields = contents.map((_, index) => stamp(index + 1, `Stamp${index + 1}`, 100 + index * 10, 150));
    const final = await finalize("unbalanced", original, fields);
    const words = await popplerWords(final.file, 1, contents.length);
    const items = await readTextItems(final.bytes);
    for (const field of fields) {
      const box = fieldBoxSizes.Text;
      const word = words.find((candidate) => candidate.text === field.value && candidate.page === field.page);
      expect(word, `Poppler, ${field.id}`).toBeDefined();
      expect(Math.abs((word?.xMin ?? 0) - (field.x + 2))).toBeLessThanOrEqual(1);
      expect(word?.yMin).toBeGreaterThanOrEqual(field.y - 1);
      expect(word?.yMax).toBeLessThanOrEqual(field.y + box.height + 1);
      const item = items.find((candidate) => candidate.text === field.value && candidate.page === field.page);
      expect(item, `pdf.js, ${field.id}`).toBeDefined();
      expect(Math.abs((item?.x ?? 0) - (field.x + 2))).toBeLessThanOrEqual(1);
      expect(item?.y).toBeGreaterThanOrEqual(field.y - 1);
    }
  });
});
