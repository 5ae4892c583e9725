/**
 * Opens a PDF with pdf.js. Everything pdf.js needs is served from our own origin: its worker is bundled
 * by Vite, and its run-time data (CMaps, standard fonts, wasm decoders, the CMYK profile) is copied under
 * /pdfjs/ by the pdfjs-assets plugin of vite.config.ts. Nothing is fetched from a CDN.
 */
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from "pdfjs-dist";
// The legacy build: pdf.js 6's modern build relies on JavaScript newer than the Chromium that ships
// with Electron 45 (Map.prototype.getOrInsertComputed, Math.sumPrecise); the legacy build is transpiled.
import workerUrl from "pdfjs-dist/legacy/build/pdf.worker.min.mjs?url";
import { displayedSize, type PageGeometry, pageGeometryOf, type Size } from "../../common/coordinates";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";
import { documentOptions } from "./document-options";
import { createRenderQueue, type QueuedRender, type RenderOutcome } from "./render-queue";

const messages = defineMessages({
  pageCountMismatch: {
    id: "pdf.load.pageCountMismatch",
    defaultMessage: "The draft lists {listed, plural, one {# pages} other {# pages}} but its PDF has {actual, number}.",
  },
});

export type { RenderOutcome, Size };

/** A render of one page: `promise` resolves "rendered" or "cancelled" (the canvas then undefined), rejects on failure. */
export type PageRender = QueuedRender;

/** Renders in flight at once; more wait their turn (render-queue.ts). */
const CONCURRENT_RENDERS = 2;

export interface PdfHandle {
  readonly pageCount: number;
  /** Settles once pdf.js has the document: rejects when it could not open it (renders then fail too). */
  readonly opened: Promise<void>;
  /** The page's size in points as displayed: its CropBox after its /Rotate. */
  pageSize(index: number): Size;
  /** Every page's size, as `pageSize` gives it (one array for the handle's life). */
  readonly pageSizes: readonly Size[];
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

/** pdf.js is loaded on first use (or by `preloadPdfjs`), so the app's first screen does not wait for it. */
function pdfjs(): Promise<PdfJs> {
  library ??= import("pdfjs-dist/legacy/build/pdf.mjs").then(
    (module) => {
      module.GlobalWorkerOptions.workerSrc = workerUrl;
      return module;
    },
    (error: unknown) => {
      library = undefined; // The next use tries again.
      throw error;
    },
  );
  return library;
}

/** Loads pdf.js ahead of need, so that the first PDF opened does not wait for its module. */
export function preloadPdfjs(): void {
  pdfjs().catch(() => {});
}

/** Absolute URL of one of the folders copied under /pdfjs/ (the worker resolves URLs against its own). */
function assetFolder(folder: string): string {
  return new URL(`${import.meta.env.BASE_URL}pdfjs/${folder}/`, document.baseURI).href;
}

function isCancellation(error: unknown): boolean {
  return error instanceof Error && error.name === "RenderingCancelledException";
}

/** A PDF opened by pdf.js, its pages not yet read: `pdfHandle` lays them out. */
export interface OpenedPdf {
  readonly document: PDFDocumentProxy;
}

/**
 * Opens `bytes` (not taken over: pdf.js receives a copy, which it moves to its worker). Page 1 is asked
 * for at once, since it is the first to be drawn.
 */
export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  const { getDocument } = await pdfjs();
  const task = getDocument({ data: bytes.slice(), ...documentOptions(assetFolder) });
  try {
    const document = await task.promise;
    document.getPage(1).catch(() => {});
    return { document };
  } catch (error) {
    await task.destroy();
    throw error;
  }
}

/** Frees a PDF opened by `openPdf`. */
export async function closePdf(opened: OpenedPdf): Promise<void> {
  // pdf.js 6 has no PDFDocumentProxy.destroy(): its loading task owns the document and the worker.
  await opened.document.loadingTask.destroy();
}

/**
 * Opens `bytes` and lays out its pages. With `pages` (a draft's, read by main when the draft was made) the
 * pages are read only when drawn, so a long document shows at once; without, every page's geometry is
 * read first.
 */
export async function loadPdf(bytes: Uint8Array, pages?: readonly PageGeometry[]): Promise<PdfHandle> {
  const opened = await openPdf(bytes);
  try {
    const handle = pdfHandle(opened, pages ?? (await readGeometry(opened.document)));
    await handle.opened;
    return handle;
  } catch (error) {
    await closePdf(opened);
    throw error;
  }
}

async function readGeometry(document: PDFDocumentProxy): Promise<PageGeometry[]> {
  const pages = await Promise.all(Array.from({ length: document.numPages }, (_, index) => document.getPage(index + 1)));
  return pages.map(pageGeometryOf);
}

/**
 * A handle on a PDF whose pages are `pages`: sizes come from them, so it can be laid out while pdf.js is
 * still opening the document (`source` may be a promise); pdf.js's page objects are fetched on first draw.
 * `opened` rejects when pdf.js cannot open it or its page count is not that of `pages`.
 */
export function pdfHandle(source: OpenedPdf | Promise<OpenedPdf>, pages: readonly PageGeometry[]): PdfHandle {
  const settled = Promise.resolve(source);
  const ready = settled.then(({ document }) => {
    if (pages.length !== document.numPages) {
      throw new UserError(
        "page_count_mismatch",
        phrase(messages.pageCountMismatch, { listed: pages.length, actual: document.numPages }),
      );
    }
    return document;
  });
  ready.catch(() => {});
  const sizes = pages.map(displayedSize);
  const proxies = new Map<number, Promise<PDFPageProxy>>();
  const check = (index: number) => {
    if (!Number.isInteger(index) || index < 0 || index >= pages.length) {
      throw new RangeError(`No page ${index} in a document of ${pages.length} pages`);
    }
  };
  const proxy = (index: number): Promise<PDFPageProxy> => {
    let found = proxies.get(index);
    if (found === undefined) {
      found = ready.then((document) => document.getPage(index + 1));
      proxies.set(index, found);
    }
    return found;
  };
  // The first page drawn has the main thread to itself: the document is shown sooner, and the next
  // renders overlap as usual once it is.
  const queue = createRenderQueue(1);
  let destroying: Promise<void> | undefined;
  const draw = (index: number, canvas: HTMLCanvasElement, scale: number): PageRender => {
    let task: RenderTask | null = null;
    let cancelled = false;
    const promise = proxy(index).then((page): Promise<RenderOutcome> => {
      if (cancelled) return Promise.resolve("cancelled");
      const viewport = page.getViewport({ scale });
      canvas.width = Math.max(1, Math.round(viewport.width));
      canvas.height = Math.max(1, Math.round(viewport.height));
      task = page.render({ canvas, viewport });
      return task.promise.then(
        (): RenderOutcome => {
          queue.setConcurrency(CONCURRENT_RENDERS);
          return "rendered";
        },
        (error: unknown): RenderOutcome => {
          if (isCancellation(error)) return "cancelled";
          throw error;
        },
      );
    });
    return {
      promise,
      cancel: () => {
        cancelled = true;
        task?.cancel();
      },
    };
  };

  return {
    pageCount: pages.length,
    pageSizes: sizes,
    opened: ready.then(() => undefined),
    pageSize(index) {
      check(index);
      return { ...(sizes[index] as Size) };
    },
    render(index, canvas, scale, priority = 0) {
      check(index); // A page that does not exist throws now, not when its turn comes.
      return queue.add(priority, () => draw(index, canvas, scale));
    },
    release(index) {
      // pdf.js refuses (and keeps everything) while a render of the page is in flight; nothing is lost then.
      proxies
        .get(index)
        ?.then((page) => page.cleanup())
        .catch(() => {});
    },
    destroy() {
      // Once, however many owners ask.
      destroying ??= (async () => {
        queue.cancelAll();
        const opened = await settled.catch(() => null);
        if (opened !== null) await closePdf(opened);
      })().catch(() => {});
      return destroying;
    },
  };
}
