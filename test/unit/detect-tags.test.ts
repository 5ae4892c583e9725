import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import {
  beginText,
  degrees,
  endText,
  moveText,
  PDFDocument,
  type PDFFont,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
  setFontAndSize,
} from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldsFound, FoundField } from "../../common/found-fields";
import { detectFields } from "../../node-shared/pdf/detect/detect-fields";
import { popplerWords } from "../support/pdf-tools";
import { edgeDistance, tagBoxIn } from "../support/poppler-tag-box";

const dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "signdesk-detect-tags-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

interface Fonts {
  helvetica: PDFFont;
  bold: PDFFont;
  dejaVu: PDFFont;
}

/** Writes a PDF built by `build`, detects its fields, and reads Poppler's words of it. */
async function tagged(
  build: (document: PDFDocument, fonts: Fonts) => void,
): Promise<{ found: FieldsFound; file: string; words: Awaited<ReturnType<typeof popplerWords>> }> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const fonts = {
    helvetica: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
    dejaVu: await document.embedFont(await readFile(dejaVu), { subset: true }),
  };
  build(document, fonts);
  const file = path.join(work, `tags-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, await document.save());
  const found = await detectFields(file);
  return { found, file, words: await popplerWords(file, 1, found.pageCount) };
}

/** Each field's cover against Poppler's box of the same tag: the largest distance between their edges. */
function errorsAgainstPoppler(found: FieldsFound, words: Awaited<ReturnType<typeof popplerWords>>): number[] {
  return found.fields.map((field: FoundField) => {
    if (field.cover === undefined) throw new Error(`${field.key} has no cover`);
    return edgeDistance(field.cover, tagBoxIn(words, field.page, field.label));
  });
}

/** Text drawn in pieces, each its own text object, one after the other on a baseline: as Word splits runs. */
function drawPieces(page: PDFPage, pieces: [string, PDFFont][], x: number, y: number, size: number): void {
  let at = x;
  for (const [text, font] of pieces) {
    page.drawText(text, { x: at, y, size, font });
    at += font.widthOfTextAtSize(text, size);
  }
}

describe("text tags", () => {
  it("in a standard font and an embedded subset are boxed as Poppler boxes them, mid-line", async () => {
    const { found, words } = await tagged((document, fonts) => {
      const page = document.addPage([612, 792]);
      page.drawText("Please sign here: {{signature, r1}} thanks", { x: 72, y: 700, size: 12, font: fonts.helvetica });
      page.drawText("Date {{Date;role=Buyer;type=date}} ok", { x: 72, y: 650, size: 14, font: fonts.dejaVu });
      page.drawText("Prose about {{ user.name }} and {{#each}} is no tag", {
        x: 72,
        y: 600,
        size: 10,
        font: fonts.dejaVu,
      });
    });
    expect(found.fields.map((field) => [field.key, field.type, field.source, field.role, field.label])).toEqual([
      ["p1-tag-0", "Signature", "documensoTag", 0, "{{signature, r1}}"],
      ["p1-tag-1", "Date", "docusealTag", 1, "{{Date;role=Buyer;type=date}}"],
    ]);
    expect(found.roles).toEqual(["r1", "Buyer"]);
    for (const error of errorsAgainstPoppler(found, words)) expect(error).toBeLessThanOrEqual(1);
    // The field's box starts at the tag's top-left.
    for (const field of found.fields) expect([field.x, field.y]).toEqual([field.cover?.x, field.cover?.y]);
  });

  it("split across text objects, fonts and kerned TJ arrays are read whole and boxed from first glyph to last", async () => {
    const { found, words } = await tagged((document, fonts) => {
      const page = document.addPage([612, 792]);
      drawPieces(
        page,
        [
          ["Buyer: {{sig", fonts.helvetica],
          ["nature, ", fonts.bold],
          ["r2", fonts.dejaVu],
          ["}} done", fonts.helvetica],
        ],
        72,
        700,
        12,
      );
      // One TJ whose adjustments fall inside the tag: glyph offsets within the run must follow them.
      const key = page.node.newFontDictionary("Kern", fonts.helvetica.ref);
      const kerned = document.context.obj([
        fonts.helvetica.encodeText("Initial here {{Ini"),
        -120,
        fonts.helvetica.encodeText("tials;role=Seller;type=initials}}"),
        300,
        fonts.helvetica.encodeText(" end"),
      ]);
      page.pushOperators(
        pushGraphicsState(),
        beginText(),
        setFontAndSize(key, 11),
        moveText(72, 600),
        PDFOperator.of(PDFOperatorNames.SetCharacterSpacing, [document.context.obj(0.4)]),
        PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [kerned]),
        endText(),
        popGraphicsState(),
      );
    });
    expect(found.fields.map((field) => [field.type, field.label])).toEqual([
      ["Signature", "{{signature, r2}}"],
      ["Initials", "{{Initials;role=Seller;type=initials}}"],
    ]);
    expect(found.roles).toEqual(["r2", "Seller"]);
    for (const error of errorsAgainstPoppler(found, words)) expect(error).toBeLessThanOrEqual(1);
  });

  it("on a page turned 90 degrees, in turned text, and on a cropped page are boxed where they show", async () => {
    const { found, words } = await tagged((document, fonts) => {
      const turned = document.addPage([612, 792]);
      turned.setRotation(degrees(90));
      turned.drawText("Sign {{s, r1}} here", { x: 72, y: 500, size: 12, font: fonts.helvetica });
      const sideways = document.addPage([612, 792]);
      sideways.drawText("Name {{name, r1}} please", {
        x: 300,
        y: 200,
        size: 12,
        font: fonts.dejaVu,
        rotate: degrees(90),
      });
      const cropped = document.addPage([612, 792]);
      cropped.setCropBox(50, 60, 500, 640);
      cropped.drawText("Email {{Email;type=text;role=Client}} thanks", { x: 80, y: 500, size: 12, font: fonts.dejaVu });
    });
    expect(found.fields.map((field) => [field.page, field.type])).toEqual([
      [1, "Signature"],
      [2, "Name"],
      [3, "Text"],
    ]);
    for (const error of errorsAgainstPoppler(found, words)) expect(error).toBeLessThanOrEqual(1);
  });

  it("near the page's edge give a field moved inwards, while the cover stays on the tag", async () => {
    const { found, words } = await tagged((document, fonts) => {
      const page = document.addPage([612, 792]);
      page.drawText("{{signature, r1}}", { x: 520, y: 20, size: 9, font: fonts.helvetica });
    });
    const [field] = found.fields;
    expect(errorsAgainstPoppler(found, words)[0]).toBeLessThanOrEqual(1);
    // Signature boxes are 160 × 48: the page (612 × 792) leaves room for it from x 452 and y 744.
    expect(field).toMatchObject({ x: 452, y: 744 });
    expect(field?.cover?.x).toBeGreaterThan(515);
  });

  it("the service has no field for are notes with the type as written; roles rN are in number order", async () => {
    const { found } = await tagged((document, fonts) => {
      const page = document.addPage([612, 792]);
      page.drawText("{{text, r3}} {{number, R2}} {{Photo;type=image;role=Guest}} {{x;type=colour}}", {
        x: 40,
        y: 700,
        size: 10,
        font: fonts.helvetica,
      });
      const second = document.addPage([612, 792]);
      second.drawText("{{initials, r1}} {{Sign;type=signature}}", { x: 40, y: 700, size: 10, font: fonts.helvetica });
    });
    expect(found.roles).toEqual(["r1", "r3"]);
    expect(found.fields.map((field) => [field.key, field.type, found.roles[field.role] ?? null])).toEqual([
      ["p1-tag-0", "Text", "r3"],
      ["p2-tag-0", "Initials", "r1"],
      // A DocuSeal tag without a role goes to the first recipient.
      ["p2-tag-1", "Signature", "r1"],
    ]);
    expect(found.notes).toEqual([
      { kind: "unsupportedType", page: 1, label: "{{number, R2}}", tagType: "number" },
      { kind: "unsupportedType", page: 1, label: "{{Photo;type=image;role=Guest}}", tagType: "image" },
      { kind: "unknownType", page: 1, label: "{{x;type=colour}}", tagType: "colour" },
    ]);
  });

  it("past 500 fields are left out, and a note says so", async () => {
    const { found } = await tagged((document, fonts) => {
      for (let number = 0; number < 26; number += 1) {
        const page = document.addPage([612, 792]);
        for (let line = 0; line < 20; line += 1) {
          page.drawText(`{{t, r1}} {{cb, r1}}`, { x: 40, y: 760 - line * 30, size: 10, font: fonts.helvetica });
        }
      }
    });
    expect(found.fields).toHaveLength(500);
    expect(found.notes).toEqual([{ kind: "tooManyFields", page: 13, label: "{{t, r1}}" }]);
    expect(found.pageCount).toBe(26);
  });
});

describe("a file that is not a readable PDF", () => {
  it("fails with a PdfProblem", async () => {
    const file = path.join(work, "damaged.pdf");
    await writeFile(file, "%PDF-1.7\nthis is no PDF\n%%EOF\n");
    await expect(detectFields(file)).rejects.toMatchObject({ name: "PdfProblem" });
  });
});
