import { useEffect, useState } from "react";
import type { SigndeskApi } from "../../common/contract";
import { pageGeometryOf } from "../../common/coordinates";
import { type Draft, draftVersion, groupColors } from "../../common/draft";
import { loadPdf, type PdfHandle, pdfHandle } from "../pdf/load-pdf";
import {
  draftOfPending,
  isPendingKey,
  type PendingDraft,
  pendingMade,
  takePending,
  takePrefetched,
} from "../pdf/prefetch";

export type DraftDocument =
  | { status: "loading" }
  /** `pending`: main has not answered with the draft yet; the pages show, nothing can be edited. */
  | { status: "ready"; draft: Draft; pdf: PdfHandle; pending: boolean; pageShown: () => void }
  | { status: "failed"; message: string };

/**
 * What the editor shows of a pending draft until main's draft arrives: its pages (every page sized as page
 * 1 until then), one recipient, no fields.
 */
async function provisionalDraft(key: string, pending: PendingDraft): Promise<Draft> {
  const { document } = pending.opened;
  const page = pageGeometryOf(await document.getPage(1));
  const at = new Date().toISOString();
  return {
    version: draftVersion,
    id: key,
    name: pending.fileName.replace(/\.[^.]*$/, "").trim() || "Untitled draft",
    revision: 0,
    createdAt: at,
    updatedAt: at,
    source: { fileName: pending.fileName, kind: "pdf" },
    pages: Array.from({ length: document.numPages }, () => page),
    groups: [{ id: `${key}:group`, label: "Recipient 1", color: groupColors[0] }],
    fields: [],
  };
}

/**
 * Opens a draft: its draft.json and its PDF, loaded into pdf.js (freed when the editor closes). Pages are
 * laid out from the draft's page list, which main read when it made the draft. A draft just made shows at
 * once, with the PDF pdf.js began opening on the dropped bytes (renderer/pdf/prefetch.ts) and may still be
 * opening; should pdf.js fail on those bytes, the draft's own file is opened instead. A pending draft
 * (`key` from offerPending) shows its pages before main has made it; `onRefused` is told if main refuses it.
 */
export function useDraftDocument(
  bridge: SigndeskApi,
  key: string,
  onRefused: (message: string) => void,
): DraftDocument {
  const [state, setState] = useState<DraftDocument>({ status: "loading" });
  useEffect(() => {
    let current = true;
    const handles: PdfHandle[] = [];
    /** A pending draft's: main makes the draft once page 1 is on screen, or once the editor has gone. */
    let pageShown = () => {};
    const show = (draft: Draft, pdf: PdfHandle, pending = false) => {
      if (!handles.includes(pdf)) handles.push(pdf);
      if (current) setState({ status: "ready", draft, pdf, pending, pageShown });
      else void pdf.destroy();
    };
    const fail = (error: unknown) => {
      if (current) setState({ status: "failed", message: error instanceof Error ? error.message : String(error) });
    };
    const fromFile = async (id: string) => {
      if (!current) return;
      const read = await bridge.draftsOpen({ id });
      if (!read.ok) throw new Error(read.error.message);
      show(read.value.draft, await loadPdf(read.value.pdf, read.value.draft.pages));
    };
    const fromPending = async (pending: PendingDraft) => {
      pageShown = pending.pageShown;
      const provisional = await provisionalDraft(key, pending);
      const pdf = pdfHandle(pending.opened, provisional.pages);
      show(provisional, pdf, true);
      let draft: Draft;
      try {
        draft = await pending.made;
        pendingMade(key, draft.id);
      } catch (error) {
        void pdf.destroy();
        if (current) onRefused(error instanceof Error ? error.message : String(error));
        return;
      }
      // The same pages, now the draft's: nothing is drawn again.
      show(draft, pdf);
    };

    // Begun after the effects of this commit: React's StrictMode (development) mounts, unmounts and mounts
    // again at once, and only the mount that stays may claim the prefetched PDF.
    queueMicrotask(() => {
      if (!current) return;
      if (isPendingKey(key)) {
        const pending = takePending(key);
        if (pending !== null) {
          fromPending(pending).catch(fail);
          return;
        }
        // Shown again (the editor left and came back): the draft main made from it, from its own file.
        const made = draftOfPending(key);
        if (made === null) fail(new Error("This draft is no longer being opened."));
        else fromFile(made).catch(fail);
        return;
      }
      const prefetched = takePrefetched(key);
      if (prefetched === null) {
        fromFile(key).catch(fail);
        return;
      }
      const pdf = pdfHandle(prefetched.opening, prefetched.draft.pages);
      show(prefetched.draft, pdf);
      pdf.opened.catch(() => {
        void pdf.destroy();
        fromFile(key).catch(fail);
      });
    });
    return () => {
      current = false;
      pageShown();
      for (const pdf of handles) void pdf.destroy();
    };
  }, [bridge, key, onRefused]);
  return state;
}
