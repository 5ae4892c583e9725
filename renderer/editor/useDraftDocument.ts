import { useEffect, useState } from "react";
import type { SigndeskApi } from "../../common/contract";
import type { Draft } from "../../common/draft";
import { closePdf, loadPdf, type PdfHandle, pdfHandle } from "../pdf/load-pdf";
import { type PrefetchedDraft, takePrefetched } from "../pdf/prefetch";

export type DraftDocument =
  | { status: "loading" }
  | { status: "ready"; draft: Draft; pdf: PdfHandle }
  | { status: "failed"; message: string };

/** A draft just made, with the PDF pdf.js was already opening (renderer/pdf/prefetch.ts). */
async function fromPrefetched({ draft, opening }: PrefetchedDraft): Promise<{ draft: Draft; pdf: PdfHandle }> {
  const opened = await opening;
  try {
    return { draft, pdf: pdfHandle(opened, draft.pages) };
  } catch (error) {
    await closePdf(opened);
    throw error;
  }
}

/**
 * Opens a draft: its draft.json and its PDF, loaded into pdf.js (freed when the editor closes). Pages are
 * laid out from the draft's page list, which main read when it made the draft.
 */
export function useDraftDocument(bridge: SigndeskApi, draftId: string): DraftDocument {
  const [state, setState] = useState<DraftDocument>({ status: "loading" });
  useEffect(() => {
    let current = true;
    let pdf: PdfHandle | null = null;
    const prefetched = takePrefetched(draftId);
    (async () => {
      let opened: { draft: Draft; pdf: PdfHandle } | null = null;
      if (prefetched !== null) opened = await fromPrefetched(prefetched).catch(() => null);
      if (opened === null) {
        if (!current) return;
        const read = await bridge.draftsOpen({ id: draftId });
        if (!read.ok) throw new Error(read.error.message);
        opened = { draft: read.value.draft, pdf: await loadPdf(read.value.pdf, read.value.draft.pages) };
      }
      pdf = opened.pdf;
      if (current) setState({ status: "ready", ...opened });
      else await pdf.destroy();
    })().catch((error: unknown) => {
      if (current) setState({ status: "failed", message: error instanceof Error ? error.message : String(error) });
    });
    return () => {
      current = false;
      void pdf?.destroy();
    };
  }, [bridge, draftId]);
  return state;
}
