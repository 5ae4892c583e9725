import type { Draft } from "../../common/draft";
import { closePdf, type OpenedPdf, openPdf } from "./load-pdf";

/**
 * Drafts just made from a PDF, with the PDF pdf.js began opening while main made the draft: the
 * Templates screen starts pdf.js on the bytes it read, so the editor neither waits for them to come back
 * from main nor opens them twice.
 */
export interface PrefetchedDraft {
  draft: Draft;
  opening: Promise<OpenedPdf>;
}

const pending = new Map<string, PrefetchedDraft>();

export function startOpening(bytes: Uint8Array): Promise<OpenedPdf> {
  const opening = openPdf(bytes);
  // Nobody may claim it (the draft was refused): never an unhandled rejection.
  opening.catch(() => {});
  return opening;
}

export function offerPrefetched(draft: Draft, opening: Promise<OpenedPdf>): void {
  pending.set(draft.id, { draft, opening });
}

/** The prefetched draft `id`, once; null when there is none. */
export function takePrefetched(id: string): PrefetchedDraft | null {
  const found = pending.get(id) ?? null;
  pending.delete(id);
  return found;
}

/** Frees a PDF being opened that nobody will take. */
export function discardOpening(opening: Promise<OpenedPdf>): void {
  opening.then(closePdf).catch(() => {});
}
