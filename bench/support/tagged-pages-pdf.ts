import { writeFile } from "node:fs/promises";
import { PDFDocument, StandardFonts } from "pdf-lib";

/**
 * A long tagged PDF for timing the detector: on every page, prose and six tags, three in each syntax
 * (Documenso `{{type, rN}}` and DocuSeal `{{Name;role=…;type=…}}`), two recipients each.
 */
export async function writeTaggedPages(file: string, pages: number): Promise<void> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  const prose = "The parties agree to the terms on this page and sign where their tags stand.";
  for (let number = 1; number <= pages; number += 1) {
    const page = document.addPage([612, 792]);
    page.drawText(`Page ${number}`, { x: 72, y: 740, size: 16, font });
    for (let row = 0; row < 20; row += 1) page.drawText(prose, { x: 72, y: 700 - row * 16, size: 11, font });
    const tags = [
      "{{signature, r1}}",
      "{{date, r1}}",
      "{{initials, r2}}",
      "{{Sign;role=Seller;type=signature}}",
      "{{Day;role=Buyer;type=date}}",
      "{{Note;role=Buyer;type=text}}",
    ];
    for (const [index, tag] of tags.entries()) {
      page.drawText(tag, { x: 72 + (index % 2) * 270, y: 320 - Math.floor(index / 2) * 60, size: 11, font });
    }
  }
  await writeFile(file, await document.save({ useObjectStreams: false }));
}
