import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument, rgb } from "pdf-lib";
import { fieldBoxSizes } from "../../common/field-boxes.ts";
import type { ExpectedDocument } from "./expected-document.ts";
import { fixturesFolder } from "./fixtures-folder.ts";
import { type PopplerPage, popplerPages } from "./page-boxes.ts";

/**
 * For checking by eye: copies a corpus document with each expected field's fixed box drawn in red, to render with
 * pdftoppm and look at. `npx tsx scripts/detect-corpus/draw-expected.ts <file>.expected.json <out.pdf>`.
 */
function displayedToUser(page: PopplerPage, x: number, y: number): { x: number; y: number } {
  const [left, bottom, right, top] = page.cropBox;
  const width = right - left;
  const height = top - bottom;
  const [u, v] =
    page.rotation === 90
      ? [y, x]
      : page.rotation === 180
        ? [width - x, y]
        : page.rotation === 270
          ? [width - y, height - x]
          : [x, height - y];
  return { x: left + u, y: bottom + v };
}

const [json = "", out = ""] = process.argv.slice(2);
const expected = JSON.parse(readFileSync(json, "utf8")) as ExpectedDocument;
const source = path.resolve(path.dirname(json), expected.file ?? path.basename(json, ".expected.json"));
const geometry = popplerPages(source);
const document = await PDFDocument.load(readFileSync(source), { ignoreEncryption: true });
for (const field of expected.fields) {
  const page = geometry[field.page - 1];
  const target = document.getPage(field.page - 1);
  if (page === undefined) continue;
  const box = fieldBoxSizes[field.type];
  const a = displayedToUser(page, field.x, field.y);
  const b = displayedToUser(page, field.x + box.width, field.y + box.height);
  target.drawRectangle({
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
    borderColor: rgb(1, 0, 0),
    borderWidth: 1,
  });
}
writeFileSync(out, await document.save());
console.log(`${expected.fields.length} boxes from ${path.relative(fixturesFolder, source)}`);
