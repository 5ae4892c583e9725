import { useEffect, useState } from "react";
import type { SigndeskApi } from "../../common/contract";
import type { Draft } from "../../common/draft";
import { loadPdf, type PdfHandle } from "../pdf/load-pdf";
import { discardPrefetched, takePrefetched } from "../pdf/prefetch";

export type DraftDocument =
  | { status: "loading" }
  | { status: "ready"; draft: Draft; pdf: PdfHandle }
  | { status: "failed"; message: string };

/** Opens a draft: its draft.json and its PDF, loaded into pdf.js (freed when the editor closes). */
export function useDraftDocument(bridge: SigndeskApi, draftId: string): DraftDocument {
  const [state, setState] = useState<DraftDocument>({ status: "loading" });
  useEffect(() => {
    let current = true;
    let pdf: PdfHandle | null = null;
    const prefetched = takePrefetched(draftId);
    (async () => {
      const opened = await bridge.draftsOpen({ id: draftId });
      if (!opened.ok) {
        if (prefetched !== null) discardPrefetched(prefetched);
        throw new Error(opened.error.message);
      }
      // The PDF pdf.js already opened from the same bytes (see renderer/pdf/prefetch.ts), else this one.
      pdf = (await prefetched?.catch(() => null)) ?? (await loadPdf(opened.value.pdf));
      if (current) setState({ status: "ready", draft: opened.value.draft, pdf });
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
