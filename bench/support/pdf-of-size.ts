import { writeFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument, PDFName } from "pdf-lib";

/** A one-page PDF of about `bytes`, mostly incompressible filler in one stream (as scanned pages make a large PDF). */
export async function pdfOfSize(directory: string, bytes: number): Promise<string> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  page.drawText("Benchmark", { x: 72, y: 720 });
  const filler = new Uint8Array(Math.max(0, bytes - 2048));
  for (let offset = 0; offset < filler.length; offset += 65536) {
    crypto.getRandomValues(filler.subarray(offset, Math.min(offset + 65536, filler.length)));
  }
  page.node.set(PDFName.of("PieceInfo"), document.context.register(document.context.stream(filler)));
  const file = path.join(directory, `upload-${bytes}.pdf`);
  await writeFile(file, await document.save({ useObjectStreams: false }));
  return file;
}
