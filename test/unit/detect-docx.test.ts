import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertToPdf } from "../../node-shared/pdf/convert-docx";
import { detectFields } from "../../node-shared/pdf/detect/detect-fields";
import { popplerWords } from "../support/pdf-tools";
import { edgeDistance, tagBoxIn } from "../support/poppler-tag-box";

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "signdesk-detect-docx-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const wordNamespace = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** A run of text, bold or in another font when asked: Word splits a tag into runs like these. */
function run(text: string, style: "plain" | "bold" | "serif" = "plain"): string {
  const properties =
    style === "bold"
      ? "<w:rPr><w:b/></w:rPr>"
      : style === "serif"
        ? '<w:rPr><w:rFonts w:ascii="DejaVu Serif" w:hAnsi="DejaVu Serif"/></w:rPr>'
        : "";
  return `<w:r>${properties}<w:t xml:space="preserve">${text}</w:t></w:r>`;
}

const paragraph = (...runs: string[]) => `<w:p>${runs.join("")}</w:p>`;
const cell = (...paragraphs: string[]) =>
  `<w:tc><w:tcPr><w:tcW w:w="4600" w:type="dxa"/></w:tcPr>${paragraphs.join("")}</w:tc>`;

/** A DOCX written by hand: WordprocessingML in a zip, as Word saves it, with no help from a library. */
function docx(body: string): Uint8Array {
  return zipSync({
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    "word/document.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${wordNamespace}"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr></w:body></w:document>`,
    ),
  });
}

describe("a Word document converted by LibreOffice", () => {
  it("gives its tags, split into runs mid-tag and in table cells, boxed as Poppler boxes them", async () => {
    const body = [
      paragraph(
        run("The buyer signs here: "),
        run("{{sig"),
        run("nature, ", "bold"),
        run("r2", "serif"),
        run("}} and dates it."),
      ),
      paragraph(run("Templates say {{ user.name }} and {{#each items}} in prose; no field comes of it.")),
      paragraph(run("Seller initials {{Ini"), run("tials;role=Seller;type=initials", "bold"), run("}} please.")),
      `<w:tbl><w:tblPr><w:tblW w:w="9200" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="4600"/><w:gridCol w:w="4600"/></w:tblGrid><w:tr>${cell(
        paragraph(run("Name")),
      )}${cell(paragraph(run("{{name, r1}}")))}</w:tr><w:tr>${cell(paragraph(run("Date")))}${cell(
        paragraph(run("{{On;role=Seller;type=datenow}}")),
      )}</w:tr></w:tbl>`,
    ].join("");
    const input = path.join(work, "contract.docx");
    await writeFile(input, docx(body));
    const file = await convertToPdf(input, work, 120_000);

    const found = await detectFields(file);
    expect(found.fields.map((field) => [field.type, field.label])).toEqual([
      ["Signature", "{{signature, r2}}"],
      ["Initials", "{{Initials;role=Seller;type=initials}}"],
      ["Name", "{{name, r1}}"],
      ["Date", "{{On;role=Seller;type=datenow}}"],
    ]);
    expect(found.roles).toEqual(["r1", "r2", "Seller"]);
    expect(found.fields.map((field) => found.roles[field.role])).toEqual(["r2", "Seller", "r1", "Seller"]);
    const words = await popplerWords(file, 1, found.pageCount);
    for (const field of found.fields) {
      const cover = field.cover;
      if (cover === undefined) throw new Error(`${field.key} has no cover`);
      const poppler = tagBoxIn(words, field.page, field.label);
      // Left and right edges: glyph advances, which both readers take from the embedded fonts.
      expect(
        edgeDistance({ ...cover, y: 0, height: 0 }, { ...poppler, y: 0, height: 0 }),
        field.label,
      ).toBeLessThanOrEqual(1);
      // LibreOffice writes /Ascent 0 /Descent 0 in its font descriptors: Poppler then takes its defaults (0.95 and
      // -0.35 of the size), pdf.js the fonts' own (DejaVu's 0.928 and -0.236), which lie inside Poppler's.
      expect(cover.y).toBeGreaterThanOrEqual(poppler.y - 1);
      expect(cover.y + cover.height).toBeLessThanOrEqual(poppler.y + poppler.height + 1);
      expect(cover.height).toBeGreaterThan(poppler.height * 0.8);
    }
  });
});
