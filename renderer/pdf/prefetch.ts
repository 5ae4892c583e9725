import type { Draft } from "../../common/draft";
import { closePdf, type OpenedPdf, openPdf } from "./load-pdf";

/**
 * PDFs the Templates screen began opening in pdf.js on the bytes it read, while main makes the draft:
 * the editor neither waits for the bytes to come back from main nor opens them twice. Two ways in:
 * - a draft main has made (`offerPrefetched`), with the PDF pdf.js may still be opening;
 * - a pending draft (`offerPending`): pdf.js has opened the PDF before main answered, and the editor shows
 *   its pages at once, editable once main's draft (`made`) arrives.
 */
export interface PrefetchedDraft {
  draft: Draft;
  opening: Promise<OpenedPdf>;
}

export interface PendingDraft {
  fileName: string;
  opened: OpenedPdf;
  /** Main's draft; rejects with the message to show if main refused the file. */
  made: Promise<Draft>;
  /** Told once page 1 is on screen, or once the editor has gone: main makes the draft then. */
  pageShown: () => void;
}

const prefetched = new Map<string, PrefetchedDraft>();
const pendingDrafts = new Map<string, PendingDraft>();
let pendingCount = 0;

/** Keys of pending drafts, never a draft id (a UUID). */
export function isPendingKey(key: string): boolean {
  return key.startsWith("pending:");
}

export function startOpening(bytes: Uint8Array): Promise<OpenedPdf> {
  const opening = openPdf(bytes);
  // Nobody may claim it (the draft was refused): never an unhandled rejection.
  opening.catch(() => {});
  return opening;
}

export function offerPrefetched(draft: Draft, opening: Promise<OpenedPdf>): void {
  prefetched.set(draft.id, { draft, opening });
}

/** The prefetched draft `id`, once; null when there is none. */
export function takePrefetched(id: string): PrefetchedDraft | null {
  const found = prefetched.get(id) ?? null;
  prefetched.delete(id);
  return found;
}

/** Registers a pending draft; answers the key to open it in the editor with. */
export function offerPending(pending: PendingDraft): string {
  pendingCount += 1;
  const key = `pending:${pendingCount}`;
  pendingDrafts.set(key, pending);
  return key;
}

/** Pending keys whose draft main has made: the editor reopened with such a key opens the draft itself. */
const madeFromPending = new Map<string, string>();

export function pendingMade(key: string, draftId: string): void {
  madeFromPending.set(key, draftId);
}

/** The draft a pending key became, once main made it; null before (or for a key it refused). */
export function draftOfPending(key: string): string | null {
  return madeFromPending.get(key) ?? null;
}

/** The pending draft `key`, once; null when there is none. */
export function takePending(key: string): PendingDraft | null {
  const found = pendingDrafts.get(key) ?? null;
  pendingDrafts.delete(key);
  return found;
}

/** Drafts main is making from files the Templates screen took: a list read meanwhile lacks them. */
const beingMade = new Set<Promise<unknown>>();

export function makingInBackground(making: Promise<unknown>): void {
  beingMade.add(making);
  const done = () => beingMade.delete(making);
  making.then(done, done);
}

/** Settles once every draft being made now is made (or refused). */
export function draftsMade(): Promise<unknown> | null {
  return beingMade.size === 0 ? null : Promise.allSettled([...beingMade]);
}

/** Frees a PDF being opened that nobody will take. */
export function discardOpening(opening: Promise<OpenedPdf>): void {
  opening.then(closePdf).catch(() => {});
}
