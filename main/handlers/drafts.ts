import { mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { HandlerImplementations } from "../dispatch";
import type { DraftStore } from "../drafts/draft-store";
import { HandlerError } from "../handler-error";

/** Largest file accepted for a new draft; the service takes 50 MB (API-NOTES.md), a DOCX shrinks or grows in conversion. */
export const maxDraftSourceBytes = 100 * 1024 * 1024;

export function draftHandlers(
  drafts: DraftStore,
  scratchDir: string,
): Pick<
  HandlerImplementations,
  | "draftsList"
  | "draftsCreateFromFile"
  | "draftsOpen"
  | "draftsSave"
  | "draftsRename"
  | "draftsDuplicate"
  | "draftsDelete"
  | "draftsRestore"
> {
  return {
    draftsList: async () => {
      const problems: { id: string; message: string }[] = [];
      const list = await drafts.list({ onProblem: (problem) => problems.push(problem) });
      return { drafts: list, problems };
    },
    draftsCreateFromFile: async ({ fileName, bytes }) => {
      if (bytes.byteLength > maxDraftSourceBytes) {
        throw new HandlerError(
          "file_too_large",
          `${fileName} is ${Math.round(bytes.byteLength / (1024 * 1024))} MB; Signdesk opens files up to ${maxDraftSourceBytes / (1024 * 1024)} MB, and the service accepts PDFs up to 50 MB.`,
        );
      }
      // The store works from a file; keep the user's file name so the draft is named after it.
      const folder = await mkdtemp(path.join(scratchDir, "incoming-"));
      const file = path.join(folder, path.basename(fileName).replace(/[/\\]/g, "_"));
      try {
        await writeFile(file, bytes);
        return await drafts.createFromFile(file);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    draftsOpen: async ({ id }) => {
      const draft = await drafts.open(id);
      const { readFile } = await import("node:fs/promises");
      return { draft, pdf: new Uint8Array(await readFile(drafts.pdfPath(id))) };
    },
    draftsSave: ({ draft }) => drafts.save(draft as Parameters<DraftStore["save"]>[0]),
    draftsRename: ({ id, name }) => drafts.rename(id, name),
    draftsDuplicate: ({ id }) => drafts.duplicate(id),
    draftsDelete: async ({ id }) => {
      await drafts.delete(id);
      return null;
    },
    draftsRestore: async ({ id }) => {
      await drafts.restore(id);
      return null;
    },
  };
}
