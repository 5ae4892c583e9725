import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { coverBoxes } from "../../node-shared/pdf/cover-boxes";
import { detectFields } from "../../node-shared/pdf/detect/detect-fields";
import { describeWith } from "../support/requirements";
import { colorsInside, renderRgb } from "../support/rgb-render";

/** LibreOffice's PDF of a Word form (scripts/detect-corpus/make-tagged-docx.ts): a highlighted tag, shaded cells. */
const shadedForm = path.join(import.meta.dirname, "../fixtures/detect/tagged-shaded-order-form.pdf");
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "cover-colors-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describeWith("pdf-tools", "a tag's cover in the colour under it", () => {
  it("is found in a highlight's or a shaded cell's colour, white on the bare page", async () => {
    const found = await detectFields(shadedForm);
    expect(found.fields.map((field) => [field.label, field.cover?.color])).toEqual([
      ["{{signature, r1}}", "#fff2cc"],
      ["{{name, r1}}", "#deeaf6"],
      ["{{name, r2}}", "#deeaf6"],
      ["{{date, r1}}", "#deeaf6"],
      ["{{date, r2}}", "#deeaf6"],
      ["{{text, r2}}", undefined],
    ]);
  });

  it("hides each tag under that colour when painted, with no white patch and no ink left", async () => {
    const found = await detectFields(shadedForm);
    const target = path.join(dir, "covered.pdf");
    const covers = found.fields.flatMap((field) => (field.cover ? [{ page: field.page, rect: field.cover }] : []));
    await coverBoxes(shadedForm, target, covers);
    const [before, after] = [await renderRgb(shadedForm, 1, 72), await renderRgb(target, 1, 72)];
    for (const { rect } of covers) {
      const expected = rect.color ?? "#ffffff";
      // Before: the tag's ink on its ground; after: the ground alone, as Poppler draws the page's own colour.
      expect(colorsInside(before, rect).size, `${expected} before`).toBeGreaterThan(2);
      expect([...colorsInside(after, rect).keys()], `${expected} after`).toEqual([expected]);
    }
  });
});
