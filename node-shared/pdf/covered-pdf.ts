import type { FoundCover } from "../../common/found-fields";
import { writeFileAtomic } from "../files/atomic-write";
import { openForUpdate, type PdfForUpdate } from "./incremental/open-for-update";
import { pageGeometry } from "./incremental/page-geometry";
import type { OriginalPdf } from "./original-pdf";
import { displayedRectToUser, paintCovers } from "./paint-covers";
import { readOriginalFile } from "./read-original";

/** A rectangle to cover on a page (1-based), in that page's displayed coordinates, in its colour (white if none). */
export interface Cover {
  page: number;
  rect: FoundCover;
}

export interface CoverRequest {
  /** The PDF to cover tags in; its bytes are the start of `target`. */
  source: string;
  target: string;
  covers: Cover[];
}

async function openedForUpdate(original: OriginalPdf): Promise<PdfForUpdate> {
  try {
    return await openForUpdate(original);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // pdf-lib's EncryptedPDFError is not an instance of its class (compiled for ES5): its message says it.
    if (/encrypted/i.test(detail)) throw new Error("the PDF is encrypted", { cause: error });
    throw new Error(`the file cannot be read as a PDF (${detail.replace(/\.$/, "")})`, { cause: error });
  }
}

/**
 * Writes `target` (atomically): `source`'s exact bytes, then one incremental update that paints every cover
 * (paint-covers.ts). The source is read with its large streams' data left in its file (read-original.ts).
 * Returns how many bytes the update added; throws an Error saying what is wrong, and then writes nothing. Nothing
 * is written either once `signal` is aborted (a caller that gave up waiting).
 */
export async function writeCoveredPdf(request: CoverRequest, signal?: AbortSignal): Promise<{ addedBytes: number }> {
  const original = readOriginalFile(request.source);
  try {
    const { doc, writer, isolate } = await openedForUpdate(original);
    const pages = doc.getPages();
    const byPage = new Map<number, FoundCover[]>();
    for (const { page, rect } of request.covers) {
      if (!Number.isInteger(page) || page < 1 || page > pages.length) {
        throw new Error(`a cover is on page ${page}, but the PDF has ${pages.length} page(s)`);
      }
      byPage.set(page, [...(byPage.get(page) ?? []), rect]);
    }
    for (const [number, rects] of byPage) {
      const page = pages[number - 1];
      if (page === undefined) continue;
      isolate(page);
      const geometry = pageGeometry(page);
      paintCovers(
        page,
        rects.map((rect) => ({ ...displayedRectToUser(geometry, rect), color: rect.color ?? "#ffffff" })),
      );
    }
    await writer.commit();
    signal?.throwIfAborted();
    await writeFileAtomic(request.target, async (handle) => {
      await original.writeTo(handle);
      for (const update of writer.updates) await handle.write(update);
    });
    return { addedBytes: writer.updates.reduce((total, update) => total + update.length, 0) };
  } finally {
    original.close();
  }
}
