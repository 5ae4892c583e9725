/**
 * Reading what a PDF shows, as a viewer shows it, with pdf.js (the Node "legacy" build) for tests.
 * Coordinates are displayed page coordinates: points from the top-left corner of the page as displayed
 * (CropBox after /Rotate, y down), the coordinate system of the API's field boxes (API-NOTES.md).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve("pdfjs-dist/package.json"));

// In Node pdf.js runs its "worker" in-process, importing it from workerSrc. The default ("./pdf.worker.mjs") works
// while Node loads pdf.mjs itself (as under Vitest, which keeps node_modules external) but not once a bundler has
// inlined pdf.mjs elsewhere; an absolute file URL works in both cases.
pdfjs.GlobalWorkerOptions.workerSrc = pathToFileURL(path.join(pdfjsRoot, "legacy/build/pdf.worker.mjs")).href;

export interface TextItem {
  /** 1-based. */
  page: number;
  text: string;
  /** Top-left of the text's box as displayed: x at the start of the baseline, y one font size above it. */
  x: number;
  y: number;
  /** Axis-aligned size of the box as displayed (for upright text: advance width and font size). */
  width: number;
  height: number;
  /** Direction of the baseline as displayed, degrees clockwise in (-180, 180]; 0 is upright, left to right. */
  angle: number;
}

type PdfDocument = Awaited<ReturnType<typeof pdfjs.getDocument>["promise"]>;
export type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

/** Opens a copy of `pdf` (pdf.js transfers, i.e. detaches, the buffer it is given), runs `use`, then closes it. */
export async function withPdfDocument<T>(pdf: Uint8Array, use: (doc: PdfDocument) => Promise<T>): Promise<T> {
  const task = pdfjs.getDocument({
    data: pdf.slice(),
    useSystemFonts: false,
    // No `isEvalSupported`: pdf.js 6 no longer has the option (nor any eval); its types reject it.
    // Glyph widths of non-embedded standard fonts (Helvetica, ...); without it pdf.js warns and guesses.
    standardFontDataUrl: `${path.join(pdfjsRoot, "standard_fonts")}${path.sep}`,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return await use(await task.promise);
  } finally {
    await task.destroy();
  }
}

function isTextItem(item: unknown): item is { str: string; width: number; transform: number[] } {
  return typeof item === "object" && item !== null && "str" in item && "transform" in item;
}

/** The text items of one page with their boxes as displayed; empty and whitespace-only items are left out. */
export async function pageTextItems(page: PdfPage, pageNumber: number): Promise<TextItem[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items: TextItem[] = [];
  for (const item of content.items) {
    if (!isTextItem(item) || item.str.trim() === "") continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = pdfjs.Util.transform(viewport.transform, item.transform);
    const along = Math.hypot(a, b);
    const fontSize = Math.hypot(c, d);
    // Baseline direction and glyph "up" direction, as displayed (y down). pdf.js' item.width is the advance
    // along the baseline in page units.
    const ux = a / along;
    const uy = b / along;
    const vx = c / fontSize;
    const vy = d / fontSize;
    const xs = [e, e + ux * item.width, e + vx * fontSize, e + ux * item.width + vx * fontSize];
    const ys = [f, f + uy * item.width, f + vy * fontSize, f + uy * item.width + vy * fontSize];
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    items.push({
      page: pageNumber,
      text: item.str,
      x,
      y,
      width: Math.max(...xs) - x,
      height: Math.max(...ys) - y,
      angle: (Math.atan2(b, a) * 180) / Math.PI + 0,
    });
  }
  return items;
}

/** Every text item of every page, in page order. */
export async function readTextItems(pdf: Uint8Array): Promise<TextItem[]> {
  return withPdfDocument(pdf, async (doc) => {
    const items: TextItem[] = [];
    for (let pageNumber = 1; pageNumber <= doc.numPages; pageNumber++) {
      items.push(...(await pageTextItems(await doc.getPage(pageNumber), pageNumber)));
    }
    return items;
  });
}

export async function readPageCount(pdf: Uint8Array): Promise<number> {
  return withPdfDocument(pdf, async (doc) => doc.numPages);
}

/** All text of one page (1-based), items joined with single spaces. */
export async function readPageText(pdf: Uint8Array, pageNumber: number): Promise<string> {
  return withPdfDocument(pdf, async (doc) => {
    const items = await pageTextItems(await doc.getPage(pageNumber), pageNumber);
    return items.map((item) => item.text).join(" ");
  });
}
