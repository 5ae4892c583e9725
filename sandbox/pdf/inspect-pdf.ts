import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { type PageGeometry, pageGeometryOf } from "../../common/coordinates";
import { PdfProblem } from "./pdf-problem";
import { endsWithEofMarker } from "./sniff";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js is loaded once per process (loading it costs far more memory than reading a page tree). */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs").then((module) => {
    const require = createRequire(import.meta.url);
    module.GlobalWorkerOptions.workerSrc = pathToFileURL(
      require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"),
    ).href;
    return module;
  });
  return pdfjs;
}

export const pdfProblems = {
  notPdf: "The file is not a PDF or Word document.",
  empty: "The file is empty.",
  truncated: "The PDF is truncated or damaged: it does not end where a PDF must end.",
  damaged: "The PDF is damaged and cannot be read.",
  encrypted: "The PDF is encrypted or password-protected; upload an unprotected copy.",
  noPages: "The PDF has no pages.",
} as const;

/**
 * Page count and page geometry of the PDF at `file`, read through pdf.js with ranged reads from
 * disk, so that a 50 MB upload is never held in memory. An unreadable file throws a PdfProblem naming why.
 */
export async function inspectPdf(file: string): Promise<PageGeometry[]> {
  if (!(await endsWithEofMarker(file))) throw new PdfProblem(pdfProblems.truncated);
  const { getDocument, PDFDataRangeTransport } = await loadPdfJs();
  const handle = await open(file, "r");
  const { size } = await handle.stat();

  class FileRangeTransport extends PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      const chunk = Buffer.alloc(end - begin);
      handle.read(chunk, 0, chunk.length, begin).then(
        () => this.onDataRange(begin, new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)),
        () => this.onDataRange(begin, new Uint8Array(chunk.length)),
      );
    }
  }

  const task = getDocument({
    range: new FileRangeTransport(size, null),
    disableAutoFetch: true,
    disableStream: true,
    rangeChunkSize: 64 * 1024,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise.catch((error: unknown) => {
      const name = (error as { name?: string }).name;
      throw new PdfProblem(name === "PasswordException" ? pdfProblems.encrypted : pdfProblems.damaged);
    });
    const { info } = await pdf.getMetadata();
    // Set (to the security handler's name) only when the file is encrypted, even without a user password.
    if ((info as { EncryptFilterName?: unknown }).EncryptFilterName) {
      throw new PdfProblem(pdfProblems.encrypted);
    }
    if (pdf.numPages < 1) throw new PdfProblem(pdfProblems.noPages);
    const pages: PageGeometry[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number).catch(() => {
        throw new PdfProblem(pdfProblems.damaged);
      });
      pages.push(pageGeometryOf(page));
    }
    return pages;
  } finally {
    await task.destroy();
    await handle.close();
  }
}
