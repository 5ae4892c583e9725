import { writeFile } from "node:fs/promises";
import { PDFDocument, StandardFonts } from "pdf-lib";

const words =
  "the parties agree that this lease shall begin on the first day of the month and continue for twelve months " +
  "rent is due in advance without demand and the tenant shall keep the premises clean and in good repair " +
  "notice of termination must be given in writing at least sixty days before the end of the term";
const vocabulary = words.split(" ");

/**
 * A letter-size PDF of `pageCount` pages, each a page of text (a heading and 44 lines of 10 pt Helvetica,
 * different on every page), so that drawing a page is real work: glyph outlines from pdf.js's standard
 * font data, some 3,500 characters per page.
 */
export async function textPdf(file: string, pageCount: number): Promise<void> {
  const document = await PDFDocument.create();
  const body = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  for (let index = 0; index < pageCount; index += 1) {
    const page = document.addPage([612, 792]);
    page.drawText(`Section ${index + 1} of ${pageCount}`, { x: 72, y: 720, size: 18, font: bold });
    for (let line = 0; line < 44; line += 1) {
      const text: string[] = [];
      for (let word = 0; text.join(" ").length < 82; word += 1) {
        text.push(vocabulary[(index * 7 + line * 13 + word * 3) % vocabulary.length] ?? "");
      }
      page.drawText(text.join(" "), { x: 72, y: 690 - line * 14, size: 10, font: body });
    }
    page.drawText(`Page ${index + 1}`, { x: 290, y: 40, size: 9, font: body });
  }
  await writeFile(file, await document.save());
}
