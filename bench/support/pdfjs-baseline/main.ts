/// <reference types="vite/client" />
/**
 * pdf.js alone, the baseline of bench/editor.ts. A file chosen in the page's input is opened the way
 * renderer/pdf/load-pdf.ts opens it (the same build and options, pdf.js loaded on demand) and page 1 is
 * drawn into a canvas. Query string:
 * - `scale`: canvas pixels per point (default 100% zoom, 96 CSS px per 72 pt, at the device pixel ratio);
 * - `build=legacy` (default, the build the app ships) or `build=modern` (the test fixture's baseline);
 * - `pages=first` (default: getDocument, getPage(1), render), `pages=all` (every page fetched before
 *   drawing page 1), `pages=pair` (pages 1 and 2 drawn at once, as the pages view does);
 * - `preload=1`: pdf.js's module is loaded when the page loads (as the app does once idle), not after the
 *   change event; `report.preloaded` turns true once it is.
 * Times are milliseconds from the input's change event; the report is `window.__pdfjsBaseline`.
 */

import modernWorkerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import legacyWorkerUrl from "pdfjs-dist/legacy/build/pdf.worker.min.mjs?url";
import { documentOptions } from "../../../renderer/pdf/document-options";

export interface BaselineReport {
  status: "waiting" | "loading" | "ready" | "failed";
  error: string | null;
  pageCount: number;
  /** The file's bytes read. */
  readMs: number | null;
  /** pdf.js's module loaded. */
  importMs: number | null;
  /** getDocument resolved. */
  openMs: number | null;
  /** The pages asked for (1, all, or 1 and 2) fetched. */
  pagesMs: number | null;
  /** Page 1 drawn into its canvas. */
  firstPaintMs: number | null;
  /** With `preload=1`: pdf.js's module is loaded, the page is ready for a file. */
  preloaded: boolean;
}

declare global {
  interface Window {
    __pdfjsBaseline?: BaselineReport;
  }
}

const query = new URLSearchParams(window.location.search);
const build = query.get("build") === "modern" ? "modern" : "legacy";
const pages = query.get("pages") ?? "first";
const scale = Number(query.get("scale") ?? (96 / 72) * window.devicePixelRatio);
const report: BaselineReport = {
  status: "waiting",
  error: null,
  pageCount: 0,
  readMs: null,
  importMs: null,
  openMs: null,
  pagesMs: null,
  firstPaintMs: null,
  preloaded: false,
};
window.__pdfjsBaseline = report;

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let library: Promise<PdfJs> | undefined;

function pdfjs(): Promise<PdfJs> {
  library ??= (async () => {
    const module: PdfJs =
      build === "modern" ? await import("pdfjs-dist") : await import("pdfjs-dist/legacy/build/pdf.mjs");
    module.GlobalWorkerOptions.workerSrc = build === "modern" ? modernWorkerUrl : legacyWorkerUrl;
    return module;
  })();
  return library;
}

if (query.get("preload") === "1") {
  void pdfjs().then(() => {
    report.preloaded = true;
  });
}

async function firstPage(file: File, started: number): Promise<void> {
  const since = () => performance.now() - started;
  const bytes = new Uint8Array(await file.arrayBuffer());
  report.readMs = since();
  const { getDocument } = await pdfjs();
  report.importMs = since();
  const folder = (name: string) => new URL(`/pdfjs/${name}/`, document.baseURI).href;
  const pdf = await getDocument({ data: bytes, ...documentOptions(folder) }).promise;
  report.openMs = since();
  report.pageCount = pdf.numPages;
  const wanted = pages === "all" ? pdf.numPages : pages === "pair" ? Math.min(2, pdf.numPages) : 1;
  const fetched = await Promise.all(Array.from({ length: wanted }, (_, index) => pdf.getPage(index + 1)));
  report.pagesMs = since();
  const draw = async (index: number) => {
    const page = fetched[index];
    if (page === undefined) return;
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(viewport.width));
    canvas.height = Math.max(1, Math.round(viewport.height));
    await page.render({ canvas, viewport }).promise;
    if (index === 0) report.firstPaintMs = since();
    document.getElementById("pages")?.append(canvas);
  };
  await Promise.all(pages === "pair" ? [draw(0), draw(1)] : [draw(0)]);
}

document.querySelector("input")?.addEventListener("change", (event) => {
  const started = performance.now();
  const file = (event.target as HTMLInputElement).files?.[0];
  if (file === undefined) return;
  report.status = "loading";
  firstPage(file, started).then(
    () => {
      report.status = "ready";
    },
    (error: unknown) => {
      report.status = "failed";
      report.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    },
  );
});
