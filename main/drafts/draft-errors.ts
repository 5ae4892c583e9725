import { z } from "zod";
import { type Draft, DraftSchema, describeDraftIssues } from "../../common/draft";
import { UserError } from "../../common/user-error";

/** Why a draft operation failed; `message` is written for the user and shown as is. */
export type DraftErrorCode =
  | "invalid_id"
  | "not_found"
  | "invalid_draft"
  | "damaged"
  | "unreadable_source"
  | "too_large"
  | "not_in_trash"
  | "already_exists";

export class DraftError extends UserError {
  declare readonly code: DraftErrorCode;

  constructor(code: DraftErrorCode, message: string) {
    super(code, message);
    this.name = "DraftError";
  }
}

const IdSchema = z.uuid();

/** Ids are checked before any path is built from them: a draft id is a UUID, never a path. */
export function checkDraftId(id: unknown): string {
  if (typeof id !== "string" || !IdSchema.safeParse(id).success) {
    throw new DraftError("invalid_id", `"${String(id).slice(0, 60)}" is not a draft id.`);
  }
  return id.toLowerCase();
}

export const draftMessages = {
  notFound: (id: string) => `There is no draft ${id}; it may have been deleted.`,
  damaged: (id: string, name: string | null, detail: string) =>
    `Draft ${name === null ? id : `"${name}" (${id})`} cannot be opened: its draft.json is damaged (${detail}).`,
  invalid: (name: string, detail: string) => `Draft "${name}" cannot be saved: ${detail}.`,
  invalidName: (detail: string) => `That name cannot be used: ${detail}.`,
  unreadableSource: (fileName: string) => `The file "${fileName}" cannot be read.`,
  tooLarge: (megabytes: number) => `The document is larger than ${megabytes} MB, the most the service accepts.`,
  notInTrash: (id: string) => `Draft ${id} is not in the trash; it cannot be restored.`,
  idTaken: (id: string) => `Draft ${id} already exists; a new draft needs an id of its own.`,
  alreadyExists: (id: string) => `Draft ${id} already exists; it cannot be restored over itself.`,
} as const;

/** The draft as it is saved (the contract's schema), or the DraftError saying why it cannot be; `id` is checked. */
export function parseDraftToSave(draft: unknown, id: string): Draft {
  const parsed = DraftSchema.safeParse(draft);
  if (parsed.success) return parsed.data;
  const given = (draft as { name?: unknown }).name;
  const name = typeof given === "string" && given.trim() !== "" ? given : id;
  throw new DraftError("invalid_draft", draftMessages.invalid(name, describeDraftIssues(parsed.error)));
}

/**
 * Why `draft` cannot be saved, in the words DraftStore.save uses, or null when it can: how drafts:save tells a
 * draft the contract refuses.
 */
export function draftSaveProblem(draft: unknown): string | null {
  try {
    parseDraftToSave(draft, checkDraftId((draft as { id?: unknown } | null | undefined)?.id));
    return null;
  } catch (error) {
    if (error instanceof DraftError) return error.message;
    throw error;
  }
}
