import { loadPdf, type PdfHandle } from "./load-pdf";

/**
 * PDFs already being opened by pdf.js for a draft about to be shown: the Templates screen starts this
 * on the bytes it read while main creates the draft, so the editor does not wait for them twice.
 */
const pending = new Map<string, Promise<PdfHandle>>();

export function startLoading(bytes: Uint8Array): Promise<PdfHandle> {
  const loading = loadPdf(bytes);
  // Nobody may claim it (the draft was refused): never an unhandled rejection.
  loading.catch(() => {});
  return loading;
}

export function offerPrefetched(key: string, loading: Promise<PdfHandle>): void {
  pending.set(key, loading);
}

/** The prefetched PDF for `key`, once; null when there is none. */
export function takePrefetched(key: string): Promise<PdfHandle> | null {
  const loading = pending.get(key) ?? null;
  pending.delete(key);
  return loading;
}

/** Frees a prefetched PDF nobody took. */
export function discardPrefetched(loading: Promise<PdfHandle>): void {
  loading.then((pdf) => pdf.destroy()).catch(() => {});
}
