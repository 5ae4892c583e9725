import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AuditTrail, buildFinalPdf, type StampedField } from "../../sandbox/final-pdf/build-final-pdf";
import { readGray, renderGray } from "../support/gray-render";
import { drawnGlyphs } from "../support/pdf-glyphs";
import { readTextItems } from "../support/pdf-text";
import { pdfsigSignatures, qpdfCheck } from "../support/pdf-tools";
import { describeWith } from "../support/requirements";
import { mixedDirectionLine, namesInMoreScripts, namesInScripts } from "../support/script-names";
import { testSealCertificate } from "../support/seal";

const run = promisify(execFile);

const people = namesInScripts;
const mixed = mixedDirectionLine;
const documentName = "Договор — عقد 合同 2026";

/**
 * What a reader's text gives back, compared without what only lays text out: white space (where a line breaks, and
 * which side of a direction change a space lands on), the bidi marks Poppler adds around right-to-left runs, and
 * other default-ignorable characters; NFC, as a search does.
 */
const comparable = (text: string) => text.normalize("NFC").replace(/[\s\p{Default_Ignorable_Code_Point}]/gu, "");

const audit = (signers: readonly { name: string }[]): AuditTrail => ({
  documentId: "doc_scripts",
  documentName,
  createdAt: "2026-03-01T09:00:00.000Z",
  finalizedAt: "2026-03-02T17:45:12.000Z",
  signers: signers.map((signer, index) => ({
    name: signer.name,
    email: `signer${index}@example.com`,
    signedAt: "2026-03-02T10:01:00.000Z",
    ipAddress: "192.0.2.7",
  })),
  originalSha256: "",
});

async function blankLetter(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) doc.addPage([612, 792]);
  return doc.save();
}

const nameField = (value: string, index: number, page = 1): StampedField => ({
  id: `name-${index}`,
  type: index % 2 === 0 ? "Name" : "Text",
  page,
  x: 72,
  y: 40 + index * 48,
  value,
});

let folder: string;
let file: string;
let bytes: Uint8Array;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "signdesk-scripts-"));
  const fields = [...people.map((person, index) => nameField(person.name, index)), nameField(mixed, people.length)];
  const final = await buildFinalPdf(await blankLetter(1), fields, audit(people), await testSealCertificate());
  bytes = final.bytes;
  file = path.join(folder, "scripts.pdf");
  await writeFile(file, bytes);
  if (process.env.SCRIPTS_PDF_KEEP) await writeFile(process.env.SCRIPTS_PDF_KEEP, bytes);
}, 120_000);
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describeWith("pdf-tools", "the final PDF prints every signer's script", () => {
  it("draws no missing glyph (.notdef) anywhere, stamps or audit trail", async () => {
    const glyphs = drawnGlyphs(await PDFDocument.load(bytes));
    expect(glyphs.length).toBeGreaterThan(500);
    expect(glyphs.filter((glyph) => glyph.gid === 0)).toEqual([]);
    const faces = new Set(glyphs.map((glyph) => glyph.font.replace(/^[A-Z]{6}\+/, "")));
    expect([...faces].sort()).toEqual(
      [
        "NotoNaskhArabic-Regular",
        "NotoSans-Regular",
        "NotoSansDevanagari-Regular",
        "NotoSansHebrew-Regular",
        "NotoSansJP-Regular",
        "NotoSansKR-Regular",
        "NotoSansSC-Regular",
        "NotoSansThai-Regular",
      ].sort(),
    );
  });

  it("gives every value back as written through Poppler (pdftotext), in logical order", async () => {
    const page = async (number: number) =>
      comparable((await run("pdftotext", ["-f", String(number), "-l", String(number), file, "-"])).stdout);
    const stamps = await page(1);
    for (const value of [...people.map((person) => person.name), mixed])
      expect(stamps, value).toContain(comparable(value));
    const trail = (await page(2)) + (await page(3));
    for (const [index, person] of people.entries())
      expect(trail, person.script).toContain(
        comparable(`${index + 1}. ${person.name} Email: signer${index}@example.com`),
      );
    expect(trail).toContain(comparable(`Document name: ${documentName}`));
  });

  it("gives every value back as written through pdf.js, in logical order", async () => {
    const items = await readTextItems(bytes);
    const pageText = (number: number) =>
      comparable(
        items
          .filter((item) => item.page === number)
          .map((item) => item.text)
          .join(""),
      );
    for (const value of [...people.map((person) => person.name), mixed])
      expect(pageText(1), value).toContain(comparable(value));
    const trail = pageText(2) + pageText(3);
    for (const [index, person] of people.entries())
      expect(trail, person.script).toContain(
        comparable(`${index + 1}. ${person.name} Email: signer${index}@example.com`),
      );
    expect(trail).toContain(comparable(`Document name: ${documentName}`));
  });

  it("prints names in fifteen more scripts, emoji and symbols, each with its own face, and gives them back", async () => {
    const symbols = "Zoë 🙂 👩‍💻 🇵🇱 👍🏽 ✓ ☐";
    const fields = [...namesInMoreScripts, { name: symbols }].map((person, index) => nameField(person.name, index));
    const final = await buildFinalPdf(
      await blankLetter(1),
      fields,
      audit(namesInMoreScripts),
      await testSealCertificate(),
    );
    const more = path.join(folder, "more-scripts.pdf");
    await writeFile(more, final.bytes);
    const glyphs = drawnGlyphs(await PDFDocument.load(final.bytes));
    expect(glyphs.filter((glyph) => glyph.gid === 0)).toEqual([]);
    const faces = new Set(glyphs.map((glyph) => glyph.font.replace(/^[A-Z]{6}\+/, "")));
    for (const { script } of namesInMoreScripts) expect([...faces], script).toContain(`NotoSans${script}-Regular`);
    expect([...faces]).toEqual(expect.arrayContaining(["NotoEmoji-Regular", "NotoSansSymbols2-Regular"]));
    const poppler = comparable((await run("pdftotext", [more, "-"])).stdout);
    const items = comparable((await readTextItems(final.bytes)).map((item) => item.text).join(""));
    for (const { script, name } of [...namesInMoreScripts, { script: "emoji and symbols", name: symbols }]) {
      expect(poppler, `${script}, Poppler`).toContain(comparable(name));
      expect(items, `${script}, pdf.js`).toContain(comparable(name));
    }
    expect((await qpdfCheck(more)).clean).toBe(true);
  });

  it("stays a clean file with a valid seal", async () => {
    const check = await qpdfCheck(file);
    expect(check.clean, check.report).toBe(true);
    expect((await pdfsigSignatures(file)).signatures.map((signature) => signature.valid)).toEqual([true]);
  });

  it("renders the stamps and the audit trail as the references we looked at (test/fixtures/scripts-*.pgm.gz)", async () => {
    for (const [page, fixture] of [
      [1, "scripts-stamps.pgm.gz"],
      [2, "scripts-audit.pgm.gz"],
    ] as const) {
      const rendered = await renderGray(file, page, 48);
      const reference = await readGray(path.join(import.meta.dirname, "../fixtures", fixture));
      expect([rendered.width, rendered.height]).toEqual([reference.width, reference.height]);
      let differing = 0;
      let inked = 0;
      for (let index = 0; index < rendered.pixels.length; index += 1) {
        const a = rendered.pixels[index] ?? 255;
        const b = reference.pixels[index] ?? 255;
        if (b < 128) inked += 1;
        if (Math.abs(a - b) > 96) differing += 1;
      }
      expect(inked, fixture).toBeGreaterThan(400);
      expect(differing / inked, fixture).toBeLessThan(0.02);
    }
  });

  it("adds at most 30 KB for a CJK name, and stays under 300 KB with every script", async () => {
    const seal = await testSealCertificate();
    const original = await blankLetter(1);
    const sizeWith = async (name: string) =>
      (await buildFinalPdf(original, [nameField(name, 0)], audit([{ name }]), seal)).length;
    const latin = await sizeWith("Jane Roe");
    for (const name of ["张伟", "陳大文", "山田 はなこ", "김민준"])
      expect((await sizeWith(name)) - latin, name).toBeLessThanOrEqual(30 * 1024);
    expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
  });
});
