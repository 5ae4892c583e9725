import { type PDFDocument, type PDFPage, PDFRawStream } from "pdf-lib";
import { loadOriginal } from "../load-original";
import type { OriginalPdf } from "../original-pdf";
import { PdfText } from "../pdf-text";
import { checkAgreesWithChain } from "./chain-agreement";
import { IncrementalWriter } from "./incremental-update";
import { contentStreams, isolatePageContent } from "./page-contents";
import { repairPageTreeParents } from "./page-tree-repair";
import { refuseInflationBombs } from "./stream-decoding";
import { readXrefChain } from "./xref-chain";

/** An original loaded to be appended to: its document, the writer of its updates, and its pages made drawable. */
export interface PdfForUpdate {
  doc: PDFDocument;
  writer: IncrementalWriter;
  /**
   * Isolates the page's own content (page-contents.ts) the first time the page is to be drawn on, so that what is
   * drawn after it starts from the page's own graphics state; later calls for the same page do nothing.
   */
  isolate(page: PDFPage): void;
}

/**
 * Loads the original for an update, refusing what cannot be appended to safely: streams that inflate beyond any
 * real file's, objects defined twice so that pdf-lib and readers disagree (chain-agreement.ts), encryption
 * (IncrementalWriter). A cross-reference chain readers must rebuild is rebuilt the same way (xref-chain.ts).
 * Throws an Error saying what is wrong.
 */
export async function openForUpdate(original: OriginalPdf): Promise<PdfForUpdate> {
  const text = new PdfText(original);
  refuseInflationBombs(text);
  const chain = readXrefChain(text);
  const doc = await loadOriginal(original);
  checkAgreesWithChain(doc, text, chain);
  const writer = new IncrementalWriter(doc, original, chain);
  repairPageTreeParents(doc);
  const isolated = new Set<PDFPage>();
  return {
    doc,
    writer,
    isolate(page) {
      if (isolated.has(page)) return;
      // The page's content is read to be wrapped: read it from the file if it was left unread.
      for (const stream of contentStreams(page)) if (stream instanceof PDFRawStream) original.fillView(stream.contents);
      isolatePageContent(page);
      isolated.add(page);
    },
  };
}
