/**
 * PDFs with a text tag to cover, for tests of node-shared/pdf/cover-boxes.ts: each page grey all over (so that a
 * white cover anywhere it should not be shows), the tag `{{signature,r1}}` and, below it, words to keep, both
 * reading upright as the page is displayed, in its CropBox. Where the tag is as displayed is for an independent
 * reader (Poppler) to say.
 */
import { degrees, PDFDocument, type PDFOperator, rgb, StandardFonts } from "pdf-lib";

export const tagText = "{{signature,r1}}";
export const keptText = "Keep these words";

export interface TagPage {
  rotation?: 0 | 90 | 180 | 270;
  /** [left, bottom, width, height] in user space, within the 612 × 792 MediaBox. */
  cropBox?: [number, number, number, number];
  /** Raw operators before the page's drawing (say, a `Q` too many) and after it (say, a clip left set). */
  before?: PDFOperator[];
  after?: PDFOperator[];
}

export async function tagPagesPdf(pages: TagPage[], options: { useObjectStreams: boolean }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = doc.addPage([612, 792]);
    const rotation = spec.rotation ?? 0;
    const [left, bottom, width, height] = spec.cropBox ?? [0, 0, 612, 792];
    if (spec.cropBox !== undefined) page.setCropBox(left, bottom, width, height);
    page.setRotation(degrees(rotation));
    if (spec.before !== undefined) page.pushOperators(...spec.before);
    page.drawRectangle({ x: 0, y: 0, width: 612, height: 792, color: rgb(0.8, 0.8, 0.8) });
    // Text turned as the page is, so that it reads upright once displayed; started left of the CropBox's centre.
    const angle = (rotation * Math.PI) / 180;
    const along = { x: Math.cos(angle), y: Math.sin(angle) };
    const down = { x: Math.sin(angle), y: -Math.cos(angle) };
    const start = { x: left + width / 2 - 70 * along.x, y: bottom + height / 2 - 70 * along.y };
    const text = { size: 18, font, color: rgb(0, 0, 0), rotate: degrees(rotation) };
    page.drawText(tagText, { ...text, x: start.x, y: start.y });
    page.drawText(keptText, { ...text, x: start.x + 40 * down.x, y: start.y + 40 * down.y });
    if (spec.after !== undefined) page.pushOperators(...spec.after);
  }
  return doc.save({ useObjectStreams: options.useObjectStreams });
}
