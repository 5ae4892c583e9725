import { mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { lastPathPart, readableFileName } from "../../common/draft-names";
import { safeFileNameKeepingExtension, splitExtension } from "../../common/file-names";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { detectFields } from "../../node-shared/pdf/detect/detect-fields";
import type { HandlerImplementations } from "../dispatch";
import type { DraftProblem, DraftStore } from "../drafts/draft-store";
import { HandlerError } from "../handler-error";
import { productName } from "../product-name";

const messages = defineMessages({
  fileTooLarge: {
    id: "main.drafts.fileTooLarge",
    defaultMessage:
      "{named, select, no {The file} other {{name}}} is {megabytes, number} MB; {app} opens files up to {most, number} MB, and the service accepts PDFs up to {serviceMost, number} MB.",
  },
});

/**
 * Writes `bytes` into `folder` under a safe form of the user's file name (it is recorded in the draft). A file
 * system that still refuses the name (ecryptfs takes 143 bytes; some refuse certain characters) gets a plain one.
 */
async function writeScratchFile(folder: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const safe = safeFileNameKeepingExtension(fileName, { fallback: "Untitled" });
  try {
    await writeFile(path.join(folder, safe), bytes, { flag: "wx" });
    return path.join(folder, safe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENAMETOOLONG" && code !== "EINVAL" && code !== "EILSEQ") throw error;
    const plain = `Untitled${splitExtension(safe).extension}`;
    await writeFile(path.join(folder, plain), bytes, { flag: "wx" });
    return path.join(folder, plain);
  }
}

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
  | "draftsFindFields"
> {
  return {
    draftsList: async () => {
      const problems: DraftProblem[] = [];
      const list = await drafts.list({ onProblem: (problem) => problems.push(problem) });
      return { drafts: list, problems };
    },
    draftsCreateFromFile: async ({ id, fileName, bytes }) => {
      if (bytes.byteLength > maxDraftSourceBytes) {
        throw new HandlerError(
          "file_too_large",
          phrase(messages.fileTooLarge, {
            named: readableFileName(fileName) === "" ? "no" : "yes",
            name: readableFileName(fileName),
            megabytes: Math.round(bytes.byteLength / (1024 * 1024)),
            app: productName,
            most: maxDraftSourceBytes / (1024 * 1024),
            serviceMost: 50,
          }),
        );
      }
      // Any name at all: the draft is named after it, the scratch file (recorded in the draft) a safe form of it.
      const folder = await mkdtemp(path.join(scratchDir, "incoming-"));
      try {
        const file = await writeScratchFile(folder, lastPathPart(fileName), bytes);
        return await drafts.createFromFile(file, {
          name: drafts.nameFromFile(fileName),
          ...(id === undefined ? {} : { id }),
        });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    draftsOpen: async ({ id }) => {
      const draft = await drafts.open(id);
      const { readFile } = await import("node:fs/promises");
      return { draft, pdf: new Uint8Array(await readFile(drafts.pdfPath(id))) };
    },
    draftsSave: ({ draft }) => drafts.save(draft),
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
    draftsFindFields: async ({ id }) => {
      // Opened first: an unknown or damaged draft is refused in the draft store's words.
      await drafts.open(id);
      return detectFields(drafts.pdfPath(id));
    },
  };
}
