import { randomUUID } from "node:crypto";
import { mkdir, rename as move, readdir, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import {
  type Draft,
  DraftSchema,
  type DraftSummary,
  describeDraftIssues,
  draftVersion,
  groupColors,
  summarizeDraft,
} from "../../common/draft";
import { copyName, nameFromFile } from "../../common/draft-names";
import { englishWords } from "../../common/english-words";
import { firstGroupId, firstGroupLabel } from "../../common/first-group-label";
import { defineMessages } from "../../common/i18n/define-messages";
import { inEnglish } from "../../common/i18n/english";
import { type Phrase, type PhraseOrText, phrase } from "../../common/i18n/phrase";
import type { MessageFormatter } from "../../common/i18n/render-phrase";
import { UserError } from "../../common/user-error";
import { syncDirectory } from "../../node-shared/files/atomic-write";
import { setAside } from "../../node-shared/files/set-aside";
import type { SofficeLocator } from "../../node-shared/pdf/find-soffice";
import { pdfProblems } from "../../node-shared/pdf/inspect-pdf";
import { PdfProblem } from "../../node-shared/pdf/pdf-problem";
import { checkDraftId, DraftError, draftMessages, parseDraftToSave } from "./draft-errors";
import {
  copyFileDurably,
  draftFiles,
  pathExists,
  readDraftFolder,
  removeStaleTemporaries,
  trashFolder,
  writeDraftJson,
} from "./draft-files";
import { importDocument, installDraftFolder, removeAbandonedBuilds } from "./draft-folder";
import { checkName } from "./draft-names";
import { KeyedQueue } from "./keyed-queue";

export interface DraftStoreOptions {
  /** The folder holding one sub-folder per draft, e.g. `<userData>/drafts`. */
  root: string;
  /** How long LibreOffice may take to convert a Word document (default 60 s). */
  convertTimeoutMs?: number;
  /** Where LibreOffice is, asked at each conversion (default: searched on this machine). */
  locateSoffice?: SofficeLocator;
  now?: () => number;
  /** The language the names it makes ("Untitled draft", "… (copy)") are in, asked each time (default English). */
  words?: () => MessageFormatter;
  /** Words in the language shown now (a new draft's group label); English unless given. */
  render?: (words: Phrase) => string;
}

const storeMessages = defineMessages({
  setAside: {
    id: "main.drafts.setAside",
    defaultMessage: "{reason} It was set aside, with its PDF, as {aside}.",
    description: "A damaged draft: {reason} says why it cannot be opened (a sentence); {aside} is a folder's path.",
  },
});

/** A draft folder that `list` skipped, and why. */
export interface DraftProblem {
  id: string;
  message: PhraseOrText;
}

export interface SaveResult {
  revision: number;
  updatedAt: string;
}

/**
 * Offline template drafts: `<root>/<id>/document.pdf` (the PDF fields are placed on, and later uploaded)
 * and `<root>/<id>/draft.json` (a Draft). Never needs the network. Writes of one draft are serialised
 * and atomic, so a draft read after a crash is always the last or the one-before-last complete save.
 */
export class DraftStore {
  readonly root: string;
  private readonly convertTimeoutMs: number;
  private readonly locateSoffice: SofficeLocator | undefined;
  private readonly now: () => number;
  private readonly words: () => MessageFormatter;
  private readonly render: (words: Phrase) => string;
  /** One queue for everything that reads-then-writes a draft's folder. */
  private readonly queue = new KeyedQueue();
  /** Drafts set aside as damaged since the app started: every list says so until the next start. */
  private readonly setAsideProblems: DraftProblem[] = [];

  constructor(options: DraftStoreOptions) {
    this.root = path.resolve(options.root);
    this.convertTimeoutMs = options.convertTimeoutMs ?? 60_000;
    this.locateSoffice = options.locateSoffice;
    this.now = options.now ?? Date.now;
    this.words = options.words ?? (() => englishWords);
    this.render = options.render ?? inEnglish;
  }

  /** A new draft's name from its file's name (common/draft-names.ts), in the window's language. */
  nameFromFile(fileName: string): string {
    return nameFromFile(fileName, this.words());
  }

  /** Where the draft's PDF is (the file to show in the editor and to upload). */
  pdfPath(id: string): string {
    return path.join(this.folder(checkDraftId(id)), draftFiles.pdf);
  }

  /** Settles once every write queued so far is on disk: the app waits for it before it quits. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /**
   * A new draft from a PDF or Word document: one group, no fields. Nothing is left behind on failure. `id`
   * is the caller's (the renderer chooses it, so that its editor opens the draft by id before it exists): a
   * UUID no draft has, in the trash or not; without it, a new one.
   */
  async createFromFile(sourcePath: string, options: { name?: string; id?: string } = {}): Promise<Draft> {
    const name = options.name === undefined ? this.nameFromFile(sourcePath) : checkName(options.name);
    if (options.id === undefined) return this.install(randomUUID(), sourcePath, name);
    const id = checkDraftId(options.id);
    return this.queue.run(id, async () => {
      if ((await pathExists(this.folder(id))) || (await pathExists(this.trash(id)))) {
        throw new DraftError("already_exists", draftMessages.idTaken(id));
      }
      return this.install(id, sourcePath, name);
    });
  }

  private install(id: string, sourcePath: string, name: string): Promise<Draft> {
    return installDraftFolder(this.root, id, async (folder) => {
      const { kind, pages } = await importDocument(sourcePath, folder, this.convertTimeoutMs, this.locateSoffice);
      const at = this.timestamp();
      const parsed = DraftSchema.safeParse({
        version: draftVersion,
        id,
        name,
        revision: 0,
        createdAt: at,
        updatedAt: at,
        source: { fileName: path.basename(sourcePath).slice(0, 255), kind },
        pages,
        groups: [{ id: firstGroupId(id), label: this.render(firstGroupLabel()), color: groupColors[0] }],
        fields: [],
      });
      // Only a page without area gets here: inspectPdf has read everything else.
      if (!parsed.success) throw new PdfProblem(pdfProblems.damaged);
      await writeDraftJson(folder, parsed.data);
      return parsed.data;
    });
  }

  /**
   * Every readable draft, most recently changed first. A draft whose draft.json is damaged is moved aside (as
   * `<id>.damaged-<time>`, with its PDF) so that it never stands in the way again, and reported; other unreadable
   * ones are skipped and reported.
   */
  async list(options: { onProblem?: (problem: DraftProblem) => void } = {}): Promise<DraftSummary[]> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    await removeAbandonedBuilds(this.root, this.now()).catch(() => {});
    const ids = entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith(".")).map((e) => e.name);
    const summaries = await Promise.all(
      ids.map(async (id) => {
        try {
          return summarizeDraft(await this.open(id));
        } catch (error) {
          if (error instanceof DraftError && error.code === "invalid_id") return null; // not a draft folder
          const message: PhraseOrText =
            error instanceof UserError && error.phrase !== null
              ? error.phrase
              : error instanceof Error
                ? error.message
                : String(error);
          if (error instanceof DraftError && error.code === "damaged") {
            const aside = await this.queue.run(id, () => setAside(this.folder(id))).catch(() => null);
            if (aside !== null) {
              this.setAsideProblems.push({ id, message: phrase(storeMessages.setAside, { reason: message, aside }) });
              return null;
            }
          }
          options.onProblem?.({ id, message });
          return null;
        }
      }),
    );
    for (const problem of this.setAsideProblems) options.onProblem?.(problem);
    return summaries
      .filter((summary) => summary !== null)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.createdAt.localeCompare(a.createdAt));
  }

  /** The draft, validated; a damaged draft.json throws a message naming the draft and the problem. */
  async open(id: string): Promise<Draft> {
    const checked = checkDraftId(id);
    return this.queue.run(checked, async () => {
      await removeStaleTemporaries(this.folder(checked));
      return readDraftFolder(this.folder(checked), checked);
    });
  }

  /**
   * Saves the draft's name, groups and fields (its pages, source and creation time are the stored ones).
   * Validated before anything is written; the write is atomic; saves of one draft run one at a time, each
   * taking the next revision.
   */
  async save(draft: Draft): Promise<SaveResult> {
    const id = checkDraftId((draft as { id?: unknown } | null)?.id);
    const parsed = parseDraftToSave(draft, id);
    return this.queue.run(id, async () => {
      const stored = await readDraftFolder(this.folder(id), id);
      const { name, groups, fields } = parsed;
      return this.write({ ...stored, name, groups, fields });
    });
  }

  async rename(id: string, name: string): Promise<SaveResult> {
    const checked = checkDraftId(id);
    const newName = checkName(name);
    return this.queue.run(checked, async () => {
      const stored = await readDraftFolder(this.folder(checked), checked);
      return this.write({ ...stored, name: newName });
    });
  }

  /** A copy under a new id, named "<name> (copy)", with its own copy of the PDF. */
  async duplicate(id: string): Promise<Draft> {
    const checked = checkDraftId(id);
    return this.queue.run(checked, async () => {
      const original = await readDraftFolder(this.folder(checked), checked);
      const copyId = randomUUID();
      const at = this.timestamp();
      const copy: Draft = {
        ...original,
        ...{ id: copyId, name: copyName(original.name, this.words()), revision: 0, createdAt: at, updatedAt: at },
      };
      return installDraftFolder(this.root, copyId, async (folder) => {
        await copyFileDurably(path.join(this.folder(checked), draftFiles.pdf), path.join(folder, draftFiles.pdf));
        await writeDraftJson(folder, copy);
        return copy;
      });
    });
  }

  /** Moves the draft to `<root>/.trash/<id>`, from where `restore` brings it back. */
  async delete(id: string): Promise<void> {
    const checked = checkDraftId(id);
    return this.queue.run(checked, async () => {
      if (!(await pathExists(this.folder(checked)))) throw new DraftError("not_found", draftMessages.notFound(checked));
      await mkdir(this.trash(), { recursive: true });
      await rm(this.trash(checked), { recursive: true, force: true });
      await move(this.folder(checked), this.trash(checked));
      await syncDirectory(this.trash());
      await syncDirectory(this.root);
    });
  }

  /** Undoes `delete`. */
  async restore(id: string): Promise<void> {
    const checked = checkDraftId(id);
    return this.queue.run(checked, async () => {
      if (!(await pathExists(this.trash(checked)))) {
        throw new DraftError("not_in_trash", draftMessages.notInTrash(checked));
      }
      if (await pathExists(this.folder(checked))) {
        throw new DraftError("already_exists", draftMessages.alreadyExists(checked));
      }
      await move(this.trash(checked), this.folder(checked));
      await syncDirectory(this.root);
      await syncDirectory(this.trash());
    });
  }

  /** Deletes every draft in the trash for good; returns how many. */
  async purgeTrash(): Promise<number> {
    const names = await readdir(this.trash()).catch(() => [] as string[]);
    await Promise.all(
      names.map((name) =>
        this.queue.run(name, () => rm(path.join(this.trash(), name), { recursive: true, force: true })),
      ),
    );
    // Only when empty: a draft deleted meanwhile stays restorable.
    await rmdir(this.trash()).catch(() => {});
    return names.length;
  }

  private async write(next: Draft): Promise<SaveResult> {
    const revision = next.revision + 1;
    const updatedAt = this.timestamp();
    const parsed = DraftSchema.safeParse({ ...next, version: draftVersion, revision, updatedAt });
    if (!parsed.success) {
      throw new DraftError("invalid_draft", draftMessages.invalid(next.name, describeDraftIssues(parsed.error)));
    }
    await writeDraftJson(this.folder(next.id), parsed.data);
    return { revision, updatedAt };
  }

  private timestamp(): string {
    return new Date(this.now()).toISOString();
  }

  private folder(id: string): string {
    return path.join(this.root, id);
  }

  private trash(id?: string): string {
    return id === undefined ? path.join(this.root, trashFolder) : path.join(this.root, trashFolder, id);
  }
}
