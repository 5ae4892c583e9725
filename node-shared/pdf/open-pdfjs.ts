/// <reference path="./pdfjs-min.d.ts" />
import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

/**
 * Opens a PDF file with pdf.js for the readers that run in worker threads (page-geometry-worker.ts,
 * detect/detect-fields-worker.ts): the minified legacy build main ships, ranged reads from disk, no network, no
 * system fonts, and the same refusal of damaged and encrypted files.
 */

export type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.min.mjs");
export type PdfJsDocument = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;

/** Why pdf.js cannot be used on a file. */
export class PdfJsRefusal extends Error {
  readonly reason: "damaged" | "encrypted";
  constructor(reason: "damaged" | "encrypted") {
    super(reason);
    this.reason = reason;
  }
}

let pdfjs: Promise<PdfJs> | undefined;

export function loadPdfJs(): Promise<PdfJs> {
  // The minified builds: the packaged app ships only those (electron-builder.yml).
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.min.mjs").then((module) => {
    const require = createRequire(import.meta.url);
    module.GlobalWorkerOptions.workerSrc = pathToFileURL(
      require.resolve("pdfjs-dist/legacy/build/pdf.worker.min.mjs"),
    ).href;
    return module;
  });
  return pdfjs;
}

export interface OpenedPdf {
  pdfjs: PdfJs;
  pdf: PdfJsDocument;
  /** Ends pdf.js's work on the file and closes it. */
  close(): Promise<void>;
}

/** The file opened with pdf.js; throws PdfJsRefusal when it is damaged or encrypted (even without a password). */
export async function openPdfJs(file: string): Promise<OpenedPdf> {
  const library = await loadPdfJs();
  const handle = await open(file, "r");
  const { size } = await handle.stat();

  // Ranged reads from disk: a 50 MB upload is not held in memory by pdf.js.
  class FileRangeTransport extends library.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      const chunk = Buffer.alloc(end - begin);
      handle.read(chunk, 0, chunk.length, begin).then(
        () => this.onDataRange(begin, new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)),
        () => this.onDataRange(begin, new Uint8Array(chunk.length)),
      );
    }
  }

  const task = library.getDocument({
    range: new FileRangeTransport(size, null),
    disableAutoFetch: true,
    disableStream: true,
    rangeChunkSize: 64 * 1024,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  const close = async () => {
    await task.destroy();
    await handle.close();
  };
  try {
    const pdf = await task.promise.catch((error: unknown) => {
      const name = (error as { name?: string }).name;
      throw new PdfJsRefusal(name === "PasswordException" ? "encrypted" : "damaged");
    });
    const { info } = await pdf.getMetadata();
    // Set (to the security handler's name) only when the file is encrypted, even without a user password.
    if ((info as { EncryptFilterName?: unknown }).EncryptFilterName) throw new PdfJsRefusal("encrypted");
    return { pdfjs: library, pdf, close };
  } catch (error) {
    await close();
    throw error;
  }
}
