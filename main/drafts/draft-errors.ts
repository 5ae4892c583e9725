import { z } from "zod";
import { type Draft, DraftSchema, describeDraftIssues } from "../../common/draft";
import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, type PhraseValue, phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";

/** Why a draft operation failed; its words are written for the user, `message` is their English. */
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

  constructor(code: DraftErrorCode, words: Phrase | string) {
    super(code, words);
    this.name = "DraftError";
  }
}

const IdSchema = z.uuid();

/** Ids are checked before any path is built from them: a draft id is a UUID, never a path. */
export function checkDraftId(id: unknown): string {
  if (typeof id !== "string" || !IdSchema.safeParse(id).success) {
    throw new DraftError("invalid_id", phrase(messages.invalidId, { id: String(id).slice(0, 60) }));
  }
  return id.toLowerCase();
}

const messages = defineMessages({
  invalidId: { id: "main.drafts.invalidId", defaultMessage: '"{id}" is not a draft id.' },
  notFound: { id: "main.drafts.notFound", defaultMessage: "There is no draft {id}; it may have been deleted." },
  damaged: {
    id: "main.drafts.damaged",
    defaultMessage:
      "Draft {id} cannot be opened: its draft.json is damaged ({detail, select, missing {the file is missing} notJson {it is not JSON} wrongId {its id is not its folder's name} other {{issues}}}).",
    description: "A draft whose name could not be read; {issues} lists what the file's data got wrong",
  },
  damagedNamed: {
    id: "main.drafts.damagedNamed",
    defaultMessage:
      'Draft "{name}" ({id}) cannot be opened: its draft.json is damaged ({detail, select, missing {the file is missing} notJson {it is not JSON} wrongId {its id is not its folder\'s name} other {{issues}}}).',
    description: "{issues} lists what the file's data got wrong",
  },
  invalid: { id: "main.drafts.invalid", defaultMessage: 'Draft "{name}" cannot be saved: {issues}.' },
  invalidName: {
    id: "main.drafts.invalidName",
    defaultMessage:
      "That name cannot be used: {problem, select, blank {it is blank} other {it is longer than {most, number} characters}}.",
  },
  unreadableSource: { id: "main.drafts.unreadableSource", defaultMessage: 'The file "{fileName}" cannot be read.' },
  tooLarge: {
    id: "main.drafts.tooLarge",
    defaultMessage: "The document is larger than {megabytes, number} MB, the most the service accepts.",
  },
  notInTrash: {
    id: "main.drafts.notInTrash",
    defaultMessage: "Draft {id} is not in the trash; it cannot be restored.",
  },
  idTaken: {
    id: "main.drafts.idTaken",
    defaultMessage: "Draft {id} already exists; a new draft needs an id of its own.",
  },
  alreadyExists: {
    id: "main.drafts.alreadyExists",
    defaultMessage: "Draft {id} already exists; it cannot be restored over itself.",
  },
});

/** Why draft.json cannot be read: a known reason, or the schema's issues (describeDraftIssues). */
export type DraftDamage = "missing" | "notJson" | "wrongId" | { issues: Phrase };

export const draftMessages = {
  notFound: (id: string) => phrase(messages.notFound, { id }),
  damaged: (id: string, name: string | null, damage: DraftDamage) => {
    const detail = typeof damage === "string" ? damage : "issues";
    const issues: PhraseValue = typeof damage === "string" ? "" : damage.issues;
    return name === null
      ? phrase(messages.damaged, { id, detail, issues })
      : phrase(messages.damagedNamed, { id, name, detail, issues });
  },
  invalid: (name: string, issues: Phrase) => phrase(messages.invalid, { name, issues }),
  invalidName: (problem: "blank" | "tooLong", most: number) => phrase(messages.invalidName, { problem, most }),
  unreadableSource: (fileName: string) => phrase(messages.unreadableSource, { fileName }),
  tooLarge: (megabytes: number) => phrase(messages.tooLarge, { megabytes }),
  notInTrash: (id: string) => phrase(messages.notInTrash, { id }),
  idTaken: (id: string) => phrase(messages.idTaken, { id }),
  alreadyExists: (id: string) => phrase(messages.alreadyExists, { id }),
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
export function draftSaveProblem(draft: unknown): Phrase | string | null {
  try {
    parseDraftToSave(draft, checkDraftId((draft as { id?: unknown } | null | undefined)?.id));
    return null;
  } catch (error) {
    if (error instanceof DraftError) return error.phrase ?? error.message;
    throw error;
  }
}
