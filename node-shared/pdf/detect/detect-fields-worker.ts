/**
 * Finds the fields a PDF's own data declares (form widgets, text tags) in a worker thread, page by page with pdf.js.
 * Started by detect-fields.ts; the build bundles this file beside main's bundle (scripts/build.ts).
 *
 * Per page: its annotations (widgets), its text content (cheap; also the fonts' ascent and descent), and only where
 * that text holds braces, its operator list, whose glyphs give each character's exact position (glyph-walk.ts).
 */
import { pageGeometryOf } from "../../../common/coordinates";
import { limits } from "../../../common/field-boxes";
import type { FieldsFound } from "../../../common/found-fields";
import { openPdfJs, type PdfJs, type PdfJsDocument, PdfJsRefusal } from "../open-pdfjs";
import { serveRequests } from "../serve-requests";
import { assembleFields } from "./assemble-fields";
import { type FontMetrics, walkGlyphs } from "./glyph-walk";
import type { PageFindings } from "./page-findings";
import { tagsOnPage } from "./text-tags";
import { type WidgetData, widgetsOnPage } from "./widget-fields";

export interface DetectRequest {
  id: number;
  file: string;
}

export type DetectReply =
  | { id: number; ok: true; found: FieldsFound }
  | { id: number; ok: false; reason: "damaged" | "encrypted" };

interface TextItemLike {
  str?: string;
}

/** Whether a page's text could hold a tag at all: two opening and two closing braces. */
function mayHoldTags(items: readonly TextItemLike[]): boolean {
  let open = 0;
  let close = 0;
  for (const { str } of items) {
    if (str === undefined) continue;
    for (const character of str) {
      if (character === "{") open += 1;
      else if (character === "}") close += 1;
    }
    if (open >= 2 && close >= 2) return true;
  }
  return false;
}

async function pageFindings(
  pdfjs: PdfJs,
  pdf: PdfJsDocument,
  number: number,
  notedFields: Set<string>,
): Promise<PageFindings> {
  const page = await pdf.getPage(number);
  try {
    const geometry = pageGeometryOf(page);
    const annotations = (await page.getAnnotations()) as WidgetData[];
    const { widgets, notes } = widgetsOnPage(number, geometry, annotations, notedFields);
    const text = await page.getTextContent();
    if (!mayHoldTags(text.items as TextItemLike[])) return { page: number, widgets, tags: [], notes };
    const operators = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
    const styles = text.styles as Record<string, Partial<FontMetrics> | undefined>;
    const { glyphs, fills } = walkGlyphs(
      operators,
      pdfjs.OPS,
      (name) => (page.commonObjs.has(name) ? page.commonObjs.get(name) : null),
      (name) => {
        const style = styles[name];
        if (typeof style?.ascent !== "number" || typeof style.descent !== "number") return undefined;
        return { ascent: style.ascent, descent: style.descent };
      },
    );
    const found = tagsOnPage(number, geometry, glyphs, fills);
    return { page: number, widgets, tags: found.tags, notes: [...notes, ...found.notes] };
  } finally {
    page.cleanup();
  }
}

async function detect(file: string): Promise<FieldsFound> {
  const { pdfjs, pdf, close } = await openPdfJs(file);
  try {
    const pages: PageFindings[] = [];
    const notedFields = new Set<string>();
    let fields = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      // Past the limit, one field more is enough to say so; the rest of the file is not read.
      if (fields > limits.maxFieldsPerTemplate) break;
      const findings = await pageFindings(pdfjs, pdf, number, notedFields);
      fields += findings.widgets.length + findings.tags.length;
      pages.push(findings);
    }
    return assembleFields(pages, pdf.numPages);
  } finally {
    await close();
  }
}

/** Answers one request; used in the worker thread, and in the calling thread where no worker can start. */
export async function answerDetectRequest(request: DetectRequest): Promise<DetectReply> {
  try {
    return { id: request.id, ok: true, found: await detect(request.file) };
  } catch (error) {
    return { id: request.id, ok: false, reason: error instanceof PdfJsRefusal ? error.reason : "damaged" };
  }
}

serveRequests(answerDetectRequest);
