/**
 * Every file of the real-world corpus (test/fixtures/real-world, sources and licences in SOURCES.md) through the
 * sandbox as a user's document goes: uploaded as a template with fields on its first, middle and last pages, sent,
 * signed, finalized. The final PDF is then read by readers that share no code with ours: qpdf checks its
 * structure, Poppler finds the stamps and the signatures, pdf.js finds the stamps.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { displayedSize, type PageGeometry } from "../../common/coordinates";
import { type FieldType, fieldBoxSizes } from "../../common/fields";
import { inspectPdf } from "../../node-shared/pdf/inspect-pdf";
import { drawnOnPage } from "../support/pdf-drawn";
import { pageTextItems, type TextItem, withPdfDocument } from "../support/pdf-text";
import { pdfsigSignatures, popplerPageCount, popplerWords, qpdfCheck } from "../support/pdf-tools";
import { signatureDataUrl } from "../support/png";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

const corpusFolder = path.resolve(import.meta.dirname, "../fixtures/real-world");

interface CorpusEntry {
  file: string;
  kinds: string[];
  signedOriginal?: boolean;
}

const corpus = JSON.parse(await readFile(path.join(corpusFolder, "corpus.json"), "utf8")) as CorpusEntry[];

interface PlacedField {
  id: string;
  type: FieldType;
  page: number;
  x: number;
  y: number;
  recipient: 1;
}

/** On the first, middle and last pages: a text and a signature near the top-left, a checkbox and a date. */
function fieldsFor(pages: readonly PageGeometry[]): PlacedField[] {
  const numbers = [...new Set([1, Math.ceil(pages.length / 2), pages.length])];
  return numbers.flatMap((page) => {
    const { width, height } = displayedSize(pages[page - 1] as PageGeometry);
    const fits = (type: FieldType, x: number, y: number) =>
      x >= 0 && y >= 0 && x + fieldBoxSizes[type].width <= width && y + fieldBoxSizes[type].height <= height;
    const candidates: PlacedField[] = [
      { id: `text-${page}`, type: "Text", page, x: 30, y: 30, recipient: 1 },
      { id: `signature-${page}`, type: "Signature", page, x: 30, y: 64, recipient: 1 },
      { id: `check-${page}`, type: "Checkbox", page, x: 200, y: 30, recipient: 1 },
      { id: `date-${page}`, type: "Date", page, x: width - 140, y: height - 54, recipient: 1 },
    ];
    return candidates.filter((field) => fits(field.type, field.x, field.y));
  });
}

const stampValue = (field: PlacedField): string | boolean => {
  if (field.type === "Text") return `Stamp${field.page}`;
  if (field.type === "Signature") return signatureDataUrl();
  if (field.type === "Checkbox") return true;
  return "";
};

let running: RunningSandbox;
let work: string;

describeWith(["pdf-tools", "libreoffice"], "real-world corpus through upload, signing and finalization", () => {
  beforeAll(async () => {
    running = await startSandbox();
    work = await mkdtemp(path.join(tmpdir(), "signdesk-corpus-"));
  });
  afterAll(async () => {
    await running?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("holds at least 20 PDFs and a few Word files, each listed in SOURCES.md", async () => {
    const sources = await readFile(path.join(corpusFolder, "SOURCES.md"), "utf8");
    expect(corpus.filter((entry) => entry.file.endsWith(".pdf")).length).toBeGreaterThanOrEqual(20);
    expect(corpus.filter((entry) => entry.file.endsWith(".docx")).length).toBeGreaterThanOrEqual(2);
    for (const entry of corpus) expect(sources, entry.file).toContain(entry.file);
  });

  for (const entry of corpus) {
    it(entry.file, { timeout: 240_000 }, async () => {
      const source = path.join(corpusFolder, entry.file);
      const isWord = entry.file.endsWith(".docx");
      const pages = isWord ? null : await inspectPdf(source);
      const fields = pages === null ? wordFields() : fieldsFor(pages);

      const created = await callApi(running.url, "POST", "/createNewTemplate", {
        key: running.key,
        form: templateForm({
          file: new Uint8Array(await readFile(source)),
          fileName: entry.file,
          templateName: entry.file,
          fields: [fields],
          recipients: [{ name: "Corpus Signer", email: "corpus@example.com" }],
        }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const { pdf_id: pdfId, template_id: templateId } = created.body as { pdf_id: string; template_id: string };
      const original = new Uint8Array(
        await readFile(isWord ? path.join(running.dataDir, "files", "templates", `${templateId}.pdf`) : source),
      );

      const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
      const link = (outbox.body as { messages: { pdf_id: string; signingUrl: string }[] }).messages.find(
        (message) => message.pdf_id === pdfId,
      );
      const values = Object.fromEntries(fields.map((field) => [field.id, stampValue(field)]));
      const signed = await callApi(link?.signingUrl ?? "", "POST", "", { json: { fields: values } });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      const details = await callApi(running.url, "GET", `/getDocumentDetails?pdf_id=${pdfId}`, { key: running.key });
      const finalUrl = (details.body as { document: { finalUrl: string | null } }).document.finalUrl;
      expect(finalUrl).toBeTruthy();
      const final = new Uint8Array(await (await fetch(finalUrl as string)).arrayBuffer());
      const finalFile = path.join(work, `${path.basename(entry.file)}.final.pdf`);
      const originalFile = path.join(work, `${path.basename(entry.file)}.original.pdf`);
      await writeFile(finalFile, final);
      await writeFile(originalFile, original);

      // The original's exact bytes come first.
      expect(Buffer.from(final.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);

      const check = await qpdfCheck(finalFile);
      expect(check.clean, check.report).toBe(true);

      const originalPages = await popplerPageCount(originalFile);
      const finalPages = await popplerPageCount(finalFile);
      expect(finalPages).toBeGreaterThan(originalPages);
      const auditWords = await popplerWords(finalFile, originalPages + 1, finalPages);
      const auditText = auditWords.map((word) => word.text).join(" ");
      expect(auditText).toContain(`page ${finalPages - originalPages} of ${finalPages - originalPages}`);

      await expectStamps(finalFile, final, fields);

      const before = await pdfsigSignatures(originalFile);
      const after = await pdfsigSignatures(finalFile);
      expect(after.signatures.length, after.report).toBe(before.signatures.length + 1);
      expect(
        after.signatures.every((signature) => signature.valid),
        after.report,
      ).toBe(true);
      expect(after.signatures.at(-1)).toMatchObject({ wholeFile: true, signer: "Signdesk Sandbox Test Certificate" });
      if (entry.signedOriginal) expect(before.signatures.length).toBeGreaterThan(0);
    });
  }
});

function wordFields(): PlacedField[] {
  return [
    { id: "text-1", type: "Text", page: 1, x: 30, y: 30, recipient: 1 },
    { id: "signature-1", type: "Signature", page: 1, x: 30, y: 64, recipient: 1 },
    { id: "check-1", type: "Checkbox", page: 1, x: 200, y: 30, recipient: 1 },
  ];
}

const within = (value: number, low: number, high: number) => value >= low - 1 && value <= high + 1;

/** Every text stamp where its box is, by Poppler and by pdf.js; every signature image inside its box, by pdf.js. */
async function expectStamps(file: string, final: Uint8Array, fields: PlacedField[]): Promise<void> {
  const pageNumbers = [...new Set(fields.map((field) => field.page))];
  const items = new Map<number, TextItem[]>();
  const images = new Map<number, Awaited<ReturnType<typeof drawnOnPage>>>();
  await withPdfDocument(final, async (doc) => {
    for (const number of pageNumbers) items.set(number, await pageTextItems(await doc.getPage(number), number));
  });
  for (const number of pageNumbers) images.set(number, await drawnOnPage(final, number));
  for (const field of fields) {
    const box = fieldBoxSizes[field.type];
    if (field.type === "Text") {
      const words = await popplerWords(file, field.page, field.page);
      const word = words.find((candidate) => candidate.text === stampValue(field));
      expect(word, `Poppler finds ${field.id}`).toBeDefined();
      expect(Math.abs((word?.xMin ?? Number.NaN) - (field.x + 2)), `${field.id} x (Poppler)`).toBeLessThanOrEqual(1);
      expect(within(word?.yMin ?? Number.NaN, field.y, field.y + box.height), `${field.id} top`).toBe(true);
      expect(within(word?.yMax ?? Number.NaN, field.y, field.y + box.height), `${field.id} bottom`).toBe(true);
      const item = items.get(field.page)?.find((candidate) => candidate.text === stampValue(field));
      expect(item, `pdf.js finds ${field.id}`).toBeDefined();
      expect(Math.abs((item?.x ?? Number.NaN) - (field.x + 2)), `${field.id} x (pdf.js)`).toBeLessThanOrEqual(1);
      expect(within(item?.y ?? Number.NaN, field.y, field.y + box.height), `${field.id} y (pdf.js)`).toBe(true);
    }
    if (field.type === "Signature") {
      const image = images
        .get(field.page)
        ?.find(
          (drawn) =>
            drawn.kind === "image" &&
            within(drawn.x, field.x, field.x + box.width) &&
            within(drawn.x + drawn.width, field.x, field.x + box.width) &&
            within(drawn.y, field.y, field.y + box.height) &&
            within(drawn.y + drawn.height, field.y, field.y + box.height),
        );
      expect(image, `pdf.js finds ${field.id} inside its box`).toBeDefined();
    }
  }
}
