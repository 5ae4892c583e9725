import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  clip,
  concatTransformationMatrix,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
} from "pdf-lib";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { FoundRect } from "../../common/found-fields";
import { CoverBoxesError, coverBoxes } from "../../node-shared/pdf/cover-boxes";
import { renderGray } from "../support/gray-render";
import { passwordProtectedPdf } from "../support/pdf-fixtures";
import { readPageCount } from "../support/pdf-text";
import { pdfsigSignatures, popplerWords, qpdfCheck, qpdfTrailerId } from "../support/pdf-tools";
import { describeWith } from "../support/requirements";
import { keptText, type TagPage, tagPagesPdf, tagText } from "../support/tag-pages";

const realWorld = path.join(import.meta.dirname, "../fixtures/real-world");
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "cover-boxes-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Where Poppler finds `word` on `page`, as a rectangle in displayed points. */
async function wordBox(file: string, page: number, word: string): Promise<FoundRect> {
  const found = (await popplerWords(file, page, page)).find((candidate) => candidate.text === word);
  if (found === undefined) throw new Error(`"${word}" is not on page ${page} of ${file}`);
  return { x: found.xMin, y: found.yMin, width: found.xMax - found.xMin, height: found.yMax - found.yMin };
}

/**
 * Renders `page` of both files at 72 dpi (a pixel a displayed point) and checks that the rectangle is white in the
 * covered file where the source was inked, and that every pixel away from the rectangle's edge is as it was.
 */
async function expectCovered(source: string, target: string, page: number, rect: FoundRect): Promise<void> {
  const before = await renderGray(source, page, 72);
  const after = await renderGray(target, page, 72);
  expect([after.width, after.height]).toEqual([before.width, before.height]);
  const [x0, y0, x1, y1] = [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height];
  let inkedBefore = 0;
  let notWhiteAfter = 0;
  let changedOutside = 0;
  let inkedOutside = 0;
  for (let y = 0; y < before.height; y += 1) {
    for (let x = 0; x < before.width; x += 1) {
      const index = y * before.width + x;
      const [was, is] = [before.pixels[index] ?? 255, after.pixels[index] ?? 255];
      // Pixels the rectangle's edge crosses are partly covered: neither side's to judge.
      if (x >= Math.ceil(x0) && x + 1 <= Math.floor(x1) && y >= Math.ceil(y0) && y + 1 <= Math.floor(y1)) {
        if (was < 192) inkedBefore += 1;
        if (is < 250) notWhiteAfter += 1;
      } else if (x + 1 < x0 - 1 || x > x1 + 1 || y + 1 < y0 - 1 || y > y1 + 1) {
        if (was < 192) inkedOutside += 1;
        if (was !== is) changedOutside += 1;
      }
    }
  }
  expect(inkedBefore, `page ${page}: ink under the cover in the source`).toBeGreaterThan(10);
  expect(notWhiteAfter, `page ${page}: pixels under the cover not white`).toBe(0);
  expect(changedOutside, `page ${page}: pixels changed away from the cover`).toBe(0);
  expect(inkedOutside, `page ${page}: ink kept away from the cover`).toBeGreaterThan(0);
}

/** The covered file starts with the source's exact bytes, then ONE update, and qpdf and pdf.js read it. */
async function expectOneCleanUpdate(source: string, target: string): Promise<Uint8Array> {
  const [original, covered] = await Promise.all([readFile(source), readFile(target)]);
  expect(covered.length).toBeGreaterThan(original.length);
  expect(Buffer.compare(covered.subarray(0, original.length), original)).toBe(0);
  const update = covered.subarray(original.length).toString("latin1");
  expect(update.match(/startxref/g)?.length).toBe(1);
  // The update's trailer carries the file's identifier byte for byte (qpdf prints it in hex).
  expect(await qpdfTrailerId(target)).toBe(await qpdfTrailerId(source));
  const check = await qpdfCheck(target);
  expect(check.clean, check.report).toBe(true);
  expect(await readPageCount(new Uint8Array(covered))).toBe(await readPageCount(new Uint8Array(original)));
  return new Uint8Array(covered);
}

/** Covers `word` where Poppler finds it on each of `pages`, in one call, and checks the file and every page. */
async function coverWord(source: string, pages: readonly number[], word: string): Promise<string> {
  const target = path.join(dir, `covered-${path.basename(source)}`);
  const covers = await Promise.all(pages.map(async (page) => ({ page, rect: await wordBox(source, page, word) })));
  await coverBoxes(source, target, covers);
  await expectOneCleanUpdate(source, target);
  for (const { page, rect } of covers) await expectCovered(source, target, page, rect);
  return target;
}

async function written(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

describeWith("pdf-tools", "covering text tags in an uploaded PDF", () => {
  it("paints the tag white on a plain page and leaves the rest, its text included, as it was", async () => {
    const source = await written("plain.pdf", await tagPagesPdf([{}], { useObjectStreams: false }));
    const target = await coverWord(source, [1], tagText);
    expect((await popplerWords(target, 1, 1)).map((word) => word.text).join(" ")).toContain(keptText);
  });

  it("covers the right place on rotated and cropped pages, and on pages that leave a clip or extra q/Q", async () => {
    const leftBehind = [rectangle(0, 0, 10, 10), clip(), endPath(), concatTransformationMatrix(2, 0, 0, 2, 30, 30)];
    const pages: TagPage[] = [
      { rotation: 90 },
      { cropBox: [100, 150, 400, 500] },
      { rotation: 270, cropBox: [60, 200, 480, 520] },
      { rotation: 180, cropBox: [20, 40, 560, 700] },
      // A clip, a matrix and a colour left set, then a `q` never restored: a plain q … Q would not undo them.
      { after: [...leftBehind, setFillingRgbColor(1, 0, 0), pushGraphicsState()] },
      // A `Q` too many, then a clip and a matrix: pdf-lib's own q … Q ends at that `Q` and leaves them set. (Poppler
      // stops drawing a page at a `Q` with nothing to restore: the cover shows only if it is drawn after a `q`.)
      { after: [popGraphicsState(), ...leftBehind] },
    ];
    const source = await written("turned.pdf", await tagPagesPdf(pages, { useObjectStreams: true }));
    await coverWord(source, [1, 2, 3, 4, 5, 6], tagText);
  });

  it("covers words on a real file's pages in every rotation, cropped away from the origin", async () => {
    await coverWord(path.join(realWorld, "rotated-cropped-offset-boxes.pdf"), [1, 2, 3, 4, 5, 6, 7, 8], "cropped");
  });

  it("covers a form with a hybrid cross-reference and earlier updates (IRS 1040)", async () => {
    await coverWord(path.join(realWorld, "irs-1040-acroform-hybrid-incremental.pdf"), [1], "Individual");
  });

  it("covers pages of files whose cross-reference chain is damaged, and leaves them checking clean", async () => {
    await coverWord(path.join(realWorld, "broken-xref-prev-loop-30-pages.pdf"), [17], "Potato");

    const invalid = path.join(realWorld, "broken-xref-invalid-entry.pdf");
    const invalidTarget = path.join(dir, "invalid-covered.pdf");
    await coverBoxes(invalid, invalidTarget, [{ page: 2, rect: { x: 100, y: 100, width: 200, height: 50 } }]);
    await expectOneCleanUpdate(invalid, invalidTarget);
  });

  it("keeps a signed file's bytes as the prefix its signature covers, so the signature stays valid", async () => {
    const target = await coverWord(path.join(realWorld, "signed-pades-pyhanko.pdf"), [1], "World");
    const { signatures, report } = await pdfsigSignatures(target);
    expect(
      signatures.map((signature) => signature.valid),
      report,
    ).toEqual([true]);
  });

  it("copies the file byte for byte when there is nothing to cover, and may write over its source", async () => {
    const source = path.join(realWorld, "signed-pades-pyhanko.pdf");
    const target = path.join(dir, "uncovered.pdf");
    await coverBoxes(source, target, []);
    expect(Buffer.compare(await readFile(target), await readFile(source))).toBe(0);

    const inPlace = path.join(dir, "in-place.pdf");
    await copyFile(source, inPlace);
    const rect = await wordBox(inPlace, 1, "Hello");
    await coverBoxes(inPlace, inPlace, [{ page: 1, rect }]);
    await expectOneCleanUpdate(source, inPlace);
  });

  it("refuses covers off the document, files that are not PDFs and work past its time limit, writing nothing", async () => {
    const source = path.join(realWorld, "signed-pades-pyhanko.pdf");
    const rect = { x: 10, y: 10, width: 20, height: 10 };
    const encrypted = await written("encrypted.pdf", await passwordProtectedPdf());
    const attempts: [string, () => Promise<void>, RegExp][] = [
      ["page", () => coverBoxes(source, path.join(dir, "no-page.pdf"), [{ page: 2, rect }]), /page 2.*1 page/],
      [
        "size",
        () => coverBoxes(source, path.join(dir, "no-size.pdf"), [{ page: 1, rect: { ...rect, width: -1 } }]),
        /not valid at 0\.rect\.width/,
      ],
      [
        "text",
        () => coverBoxes(path.join(realWorld, "SOURCES.md"), path.join(dir, "no-pdf.pdf"), [{ page: 1, rect }]),
        /cannot be read as a PDF/,
      ],
      [
        "locked",
        () => coverBoxes(encrypted, path.join(dir, "no-lock.pdf"), [{ page: 1, rect }]),
        /the PDF is encrypted/,
      ],
      [
        "slow",
        () => coverBoxes(source, path.join(dir, "no-time.pdf"), [{ page: 1, rect }], { timeLimitMs: 1 }),
        /longer than 0\.001 seconds/,
      ],
    ];
    for (const [name, attempt, message] of attempts) {
      const error = await attempt().then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error, name).toBeInstanceOf(CoverBoxesError);
      expect((error as Error).message, name).toMatch(/^Could not cover the text tags in the PDF: /);
      expect((error as Error).message, name).toMatch(message);
      expect((error as CoverBoxesError).reason, name).toBe(name === "slow" ? "tooSlow" : "failed");
    }
    for (const name of ["no-page", "no-size", "no-pdf", "no-lock", "no-time"])
      expect(existsSync(path.join(dir, `${name}.pdf`))).toBe(false);
  });
});
