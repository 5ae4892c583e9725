import { useEffect, useState } from "react";
import type { SigndeskApi } from "../../common/contract";
import type { Draft } from "../../common/draft";
import { loadPdf, type PdfHandle, pdfHandle } from "../pdf/load-pdf";
import { takePrefetched } from "../pdf/prefetch";

export type DraftDocument =
  | { status: "loading" }
  | { status: "ready"; draft: Draft; pdf: PdfHandle }
  | { status: "failed"; message: string };

/**
 * Opens a draft: its draft.json and its PDF, loaded into pdf.js (freed when the editor closes). Pages are
 * laid out from the draft's page list, which main read when it made the draft. A draft just made shows at
 * once, with the PDF pdf.js began opening on the dropped bytes (renderer/pdf/prefetch.ts) and may still be
 * opening; should pdf.js fail on those bytes, the draft's own file is opened instead.
 */
export function useDraftDocument(bridge: SigndeskApi, draftId: string): DraftDocument {
  const [state, setState] = useState<DraftDocument>({ status: "loading" });
  useEffect(() => {
    let current = true;
    const handles: PdfHandle[] = [];
    const show = (draft: Draft, pdf: PdfHandle) => {
      handles.push(pdf);
      if (current) setState({ status: "ready", draft, pdf });
      else void pdf.destroy();
    };
    const fail = (error: unknown) => {
      if (current) setState({ status: "failed", message: error instanceof Error ? error.message : String(error) });
    };
    const fromFile = async () => {
      if (!current) return;
      const read = await bridge.draftsOpen({ id: draftId });
      if (!read.ok) throw new Error(read.error.message);
      show(read.value.draft, await loadPdf(read.value.pdf, read.value.draft.pages));
    };

    // Begun after the effects of this commit: React's StrictMode (development) mounts, unmounts and mounts
    // again at once, and only the mount that stays may claim the prefetched PDF.
    queueMicrotask(() => {
      if (!current) return;
      const prefetched = takePrefetched(draftId);
      if (prefetched === null) {
        fromFile().catch(fail);
        return;
      }
      const pdf = pdfHandle(prefetched.opening, prefetched.draft.pages);
      show(prefetched.draft, pdf);
      pdf.opened.catch(() => {
        void pdf.destroy();
        fromFile().catch(fail);
      });
    });
    return () => {
      current = false;
      for (const pdf of handles) void pdf.destroy();
    };
  }, [bridge, draftId]);
  return state;
}
