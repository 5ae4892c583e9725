import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { coverBoxes } from "../../node-shared/pdf/cover-boxes";
import { detectFields } from "../../node-shared/pdf/detect/detect-fields";
import { popplerWords } from "../support/pdf-tools";
import { describeWith } from "../support/requirements";
import { colorsInside, renderRgb } from "../support/rgb-render";

/** LibreOffice's PDF of a Word file whose tags wrap onto the next line (scripts/detect-corpus/make-tagged-docx.ts). */
const wrapped = path.join(import.meta.dirname, "../fixtures/detect/tagged-wrapped-lines.pdf");
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "detect-wrapped-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describeWith("pdf-tools", "a tag that wraps onto the next line", () => {
  it("is found whole, its field at its first part, both parts to cover", async () => {
    const found = await detectFields(wrapped);
    const parts = found.fields.map((field) => [field.label, 1 + (field.moreCovers?.length ?? 0)]);
    expect(parts).toEqual([
      ["{{Buyer Full Legal Name;role=Buyer;type=text}}", 2],
      ["{{signature, r2, required=true}}", 2],
      ["{{initials, r1, required=true}}", 2],
      ["{{date, r2}}", 1],
    ]);
    const words = await popplerWords(wrapped, 1, 1);
    for (const field of found.fields.filter((candidate) => candidate.moreCovers !== undefined)) {
      const [first, second] = [field.cover, field.moreCovers?.[0]];
      if (first === undefined || second === undefined) throw new Error(`${field.label} has no covers`);
      // Each part holds what Poppler reads there: the tag's start on one line, its end on the next.
      const inside = (rect: typeof first) =>
        words
          .filter((word) => word.xMin >= rect.x - 1 && word.xMax <= rect.x + rect.width + 1)
          .filter((word) => word.yMin >= rect.y - 3 && word.yMax <= rect.y + rect.height + 3)
          .map((word) => word.text)
          .join(" ");
      expect(inside(first).startsWith("{{"), `${field.label}: ${inside(first)}`).toBe(true);
      expect(inside(second).endsWith("}}"), `${field.label}: ${inside(second)}`).toBe(true);
      expect(`${inside(first)} ${inside(second)}`).toBe(field.label);
      expect(second.y).toBeGreaterThan(first.y + first.height / 2);
    }
  });

  it("leaves no ink of either part once covered", async () => {
    const found = await detectFields(wrapped);
    const covers = found.fields.flatMap((field) =>
      [field.cover ?? [], field.moreCovers ?? []].flat().map((rect) => ({ page: field.page, rect })),
    );
    expect(covers).toHaveLength(7);
    const target = path.join(dir, "covered.pdf");
    await coverBoxes(wrapped, target, covers);
    const [before, after] = [await renderRgb(wrapped, 1, 72), await renderRgb(target, 1, 72)];
    for (const { rect } of covers) {
      expect(colorsInside(before, rect).size).toBeGreaterThan(2);
      expect([...colorsInside(after, rect).keys()]).toEqual(["#ffffff"]);
    }
  });
});
