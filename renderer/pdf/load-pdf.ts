/**
 * Opens a PDF with pdf.js. Everything pdf.js needs is served from our own origin: its worker is bundled
 * by Vite, and its run-time data (CMaps, standard fonts, wasm decoders, the CMYK profile) is copied under
 * /pdfjs/ by the pdfjs-assets plugin of vite.config.ts. Nothing is fetched from a CDN.
 */
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist";
// The legacy build: pdf.js 6's modern build relies on JavaScript newer than the Chromium that ships
// with Electron 45 (Map.prototype.getOrInsertComputed, Math.sumPrecise); the legacy build is transpiled.
import workerUrl from "pdfjs-dist/legacy/build/pdf.worker.min.mjs?url";
import { normaliseRotation, type PageGeometry, type Size } from "../../common/coordinates";
import { createRenderQueue, type QueuedRender, type RenderOutcome } from "./render-queue";

export type { RenderOutcome, Size };

/** A render of one page: `promise` resolves "rendered" or "cancelled" (the canvas then undefined), rejects on failure. */
export type PageRender = QueuedRender;

/** Renders in flight at once; more wait their turn (render-queue.ts). */
const CONCURRENT_RENDERS = 2;

export interface PdfHandle {
  readonly pageCount: number;
  /** The page's size in points as displayed: its CropBox after its /Rotate (times its /UserUnit, nearly always 1). */
  pageSize(index: number): Size;
  /** The page's CropBox and /Rotate, for the mapping of common/coordinates.ts. */
  geometry(index: number): PageGeometry;
  /**
   * Draws page `index` (0-based) into `canvas` at `scale` canvas pixels per point, sizing the canvas's
   * backing store (its CSS size is the caller's). The page is drawn as displayed: rotated and cropped.
   * Renders wait their turn, lower `priority` first (0 by default); cancelling one that waits drops it.
   */
  render(index: number, canvas: HTMLCanvasElement, scale: number, priority?: number): PageRender;
  /** Frees what pdf.js keeps for a page that is no longer shown (its operator list, its images). */
  release(index: number): void;
  /** Ends renders in flight, stops the worker and frees the document. */
  destroy(): Promise<void>;
}

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let library: Promise<PdfJs> | undefined;

/** pdf.js is loaded on first use, so the app's first screen does not wait for it. */
function pdfjs(): Promise<PdfJs> {
  library ??= import("pdfjs-dist/legacy/build/pdf.mjs").then((module) => {
    module.GlobalWorkerOptions.workerSrc = workerUrl;
    return module;
  });
  return library;
}

/** Absolute URL of one of the folders copied under /pdfjs/ (the worker resolves URLs against its own). */
function assetFolder(folder: string): string {
  return new URL(`${import.meta.env.BASE_URL}pdfjs/${folder}/`, document.baseURI).href;
}

function isCancellation(error: unknown): boolean {
  return error instanceof Error && error.name === "RenderingCancelledException";
}

/**
 * Opens `bytes` (not taken over: pdf.js receives a copy, which it moves to its worker) and reads every
 * page's geometry, so that page sizes are known before anything is drawn.
 */
export async function loadPdf(bytes: Uint8Array): Promise<PdfHandle> {
  const { getDocument } = await pdfjs();
  const task = getDocument({
    data: bytes.slice(),
    cMapUrl: assetFolder("cmaps"),
    cMapPacked: true,
    standardFontDataUrl: assetFolder("standard_fonts"),
    wasmUrl: assetFolder("wasm"),
    iccUrl: assetFolder("iccs"),
    // Non-embedded standard fonts are drawn from pdf.js's own font data, so a page looks the same on every OS.
    useSystemFonts: false,
    enableXfa: false,
  });
  let document: PDFDocumentProxy;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    throw error;
  }
  try {
    const pages = await Promise.all(
      Array.from({ length: document.numPages }, (_, index) => document.getPage(index + 1)),
    );
    return pdfHandle(document, pages);
  } catch (error) {
    await task.destroy();
    throw error;
  }
}

function pdfHandle(document: PDFDocumentProxy, pages: PDFPageProxy[]): PdfHandle {
  const sizes = pages.map((page) => {
    const { width, height } = page.getViewport({ scale: 1 });
    return { width, height };
  });
  const page = (index: number): PDFPageProxy => {
    const found = pages[index];
    if (found === undefined) throw new RangeError(`No page ${index} in a document of ${pages.length} pages`);
    return found;
  };
  const queue = createRenderQueue(CONCURRENT_RENDERS);
  const draw = (index: number, canvas: HTMLCanvasElement, scale: number): PageRender => {
    const viewport = page(index).getViewport({ scale });
    canvas.width = Math.max(1, Math.round(viewport.width));
    canvas.height = Math.max(1, Math.round(viewport.height));
    const task = page(index).render({ canvas, viewport });
    const promise = task.promise.then(
      (): RenderOutcome => "rendered",
      (error: unknown): RenderOutcome => {
        if (isCancellation(error)) return "cancelled";
        throw error;
      },
    );
    return { promise, cancel: () => task.cancel() };
  };

  return {
    pageCount: pages.length,
    pageSize(index) {
      const size = sizes[index];
      if (size === undefined) throw new RangeError(`No page ${index} in a document of ${pages.length} pages`);
      return { ...size };
    },
    geometry(index) {
      const [left = 0, bottom = 0, right = 0, top = 0] = page(index).view;
      return { cropBox: [left, bottom, right, top], rotation: normaliseRotation(page(index).rotate) };
    },
    render(index, canvas, scale, priority = 0) {
      page(index); // A page that does not exist throws now, not when its turn comes.
      return queue.add(priority, () => draw(index, canvas, scale));
    },
    release(index) {
      // pdf.js refuses (and keeps everything) while a render of the page is in flight; nothing is lost then.
      page(index).cleanup();
    },
    async destroy() {
      queue.cancelAll();
      // pdf.js 6 has no PDFDocumentProxy.destroy(): its loading task owns the document and the worker.
      await document.loadingTask.destroy();
    },
  };
}
