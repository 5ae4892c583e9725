import { randomBytes } from "node:crypto";
import { open } from "node:fs/promises";

/**
 * PDFs with one large stream, written straight to a file, as a scanned page makes a large PDF: a one-page document
 * (catalog 1, pages 2, page 3 with its content 4) whose page names stream 5 (`dataBytes` of data, unfiltered) in
 * /PieceInfo, with a classic cross-reference table. The data is random, or zeros left as a hole in the file
 * (`zeros`), so that even hundreds of megabytes cost neither time nor disk.
 */
export interface LargeStreamPdf {
  /** Bytes of the large stream's data. */
  dataBytes: number;
  zeros?: boolean;
  /** The page's content stream (a tick and the word "Scan" by default). */
  content?: string;
  /** Bytes placed in the large stream's data at this offset into it (a hidden object, for instance). */
  planted?: { at: number; text: string };
}

const latin1 = (text: string) => Buffer.from(text, "latin1");

/** Writes the PDF to `file`; answers where the large stream's data starts and where the cross-reference table is. */
export async function writeLargeStreamPdf(
  file: string,
  spec: LargeStreamPdf,
): Promise<{ dataStart: number; xrefAt: number }> {
  const content = spec.content ?? "BT /F1 24 Tf 72 700 Td (Scan) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /PieceInfo 5 0 R " +
      "/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let head = "%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(head.length);
    head += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  offsets.push(head.length);
  head += `5 0 obj\n<< /Length ${spec.dataBytes} >>\nstream\n`;
  const dataStart = head.length;
  const dataEnd = dataStart + spec.dataBytes;
  const rows = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  const xrefAt = dataEnd + "\nendstream\nendobj\n".length;
  const tail = `\nendstream\nendobj\nxref\n0 6\n0000000000 65535 f \n${rows}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;

  const handle = await open(file, "w");
  try {
    await handle.write(latin1(head), 0, head.length, 0);
    if (!spec.zeros) {
      const chunk = 1024 * 1024;
      for (let at = 0; at < spec.dataBytes; at += chunk) {
        const data = randomBytes(Math.min(chunk, spec.dataBytes - at));
        await handle.write(data, 0, data.length, dataStart + at);
      }
    }
    if (spec.planted !== undefined) {
      await handle.write(latin1(spec.planted.text), 0, spec.planted.text.length, dataStart + spec.planted.at);
    }
    await handle.write(latin1(tail), 0, tail.length, dataEnd);
  } finally {
    await handle.close();
  }
  return { dataStart, xrefAt };
}

/**
 * Appends an incremental update to the PDF `bytes` whose cross-reference section names objects at the given file
 * offsets (object number to offset), with `prev` the offset of the section before it.
 */
export function withUpdateNaming(bytes: Uint8Array, entries: Map<number, number>, prev: number): Uint8Array {
  const numbers = [...entries.keys()].sort((a, b) => a - b);
  const sections = numbers
    .map((number) => `${number} 1\n${String(entries.get(number)).padStart(10, "0")} 00000 n \n`)
    .join("");
  const xrefAt = bytes.length;
  const update = `xref\n0 1\n0000000000 65535 f \n${sections}trailer\n<< /Size 6 /Root 1 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([bytes, latin1(update)]));
}
