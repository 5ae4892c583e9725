import type { SigndeskApi } from "../../common/contract";
import type { Draft } from "../../common/draft";
import { firstGroupLabel } from "../../common/first-group-label";
import { inEnglish } from "../../common/i18n/english";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";
import { createEditorState, type EditorAction, type EditorState, editorReducer } from "../editor/state/editor-state";
import { withPages } from "../editor/state/pages";
import { closePdf, loadPdf, type OpenedPdf, openPdf, type PdfHandle, pdfHandle } from "../pdf/load-pdf";
import { type DraftView, isWordFileName, type NewDraft, type Preparing } from "./draft-view";
import { openDraftsMessages as messages } from "./open-drafts-messages";
import { provisionalDraft, provisionalEditorState, sameContent } from "./provisional-draft";
import { type PagesRead, readPage, readPages, withPagesRead } from "./read-pages";
import { changed, type Stored, storeChanges } from "./store-changes";
import { mainMayStart } from "./when-main-starts";

export { type DraftView, isWordFileName, type NewDraft, type Preparing } from "./draft-view";

/** A draft main is making from a file the person gave, under the id chosen here. */
interface Making {
  fileName: string;
  /** pdf.js opening the given bytes (a PDF's), until the editor takes it; null once taken, or for Word. */
  opening: Promise<OpenedPdf> | null;
  /** Main's draft, with the changes made meanwhile; rejects with the message to show if main refused the file. */
  stored: Promise<Stored>;
  /** Settled `stored`: null until then. */
  outcome: { stored: Stored } | { message: string } | null;
  /** Main has made the draft: its pages are known, none needs reading here. */
  madeByMain: boolean;
  /** Page 1 is on screen, or the editor has gone: main may start, and the other pages may be read here. */
  started: Promise<void>;
  mayStart: () => void;
}

/** The draft the editor shows: its view, and the PDF handles it made (freed when it goes). */
interface Shown {
  id: string;
  view: DraftView;
  handles: PdfHandle[];
  /** The new PDF whose pages are being read here while main makes its draft; null otherwise. */
  document: OpenedPdf["document"] | null;
}

const loading: DraftView = { status: "loading" };

/**
 * The drafts being opened in this session, owned by the app (App.tsx makes one; screens reach it through
 * drafts-context.ts): the one way into the editor, which always opens a draft by its id.
 * - A dropped or chosen file (`createFromFile`) gets its id here, before main makes the draft: a PDF's
 *   pages show as soon as pdf.js has read them (a `pending` view), and become the draft's once main has
 *   made it, without being read or drawn again. Nothing else asks main for that draft (no draftsOpen).
 * - Any other draft is read from main (draftsOpen).
 * - The editor's state of every draft opened in the session (its undo history) is kept here, so that a
 *   draft opened again can still undo what was done before, as long as it is exactly as it was left.
 * App says which draft the editor shows (`show`); the PDF of the one it stops showing is freed.
 */
export class OpenDrafts {
  private readonly making = new Map<string, Making>();
  private readonly editorStates = new Map<string, EditorState>();
  /** Drafts whose kept editor state has changes main could not store: shown from that state, not from disk. */
  private readonly aheadOfDisk = new Set<string>();
  private shown: Shown | null = null;
  private readonly listeners = new Set<() => void>();

  /**
   * `pdfs`: how PDFs are opened in pdf.js (the unit test gives its own). `words`: renders the reasons this class
   * gives (DraftView's and NewDraft's `message`) in the window's language; English by default.
   */
  constructor(
    private readonly bridge: SigndeskApi,
    private readonly pdfs: { openPdf: typeof openPdf; loadPdf: typeof loadPdf } = { openPdf, loadPdf },
    private readonly words: (words: Phrase) => string = inEnglish,
  ) {}

  /** Why `error` happened, in words for people: a phrase (pdf/load-pdf.ts's) rendered in the window's language. */
  private messageOf(error: unknown): string {
    if (error instanceof UserError && error.phrase !== null) return this.words(error.phrase);
    return error instanceof Error ? error.message : String(error);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** What the editor shows of draft `id` (the same object until it changes). */
  view(id: string): DraftView {
    return this.shown?.id === id ? this.shown.view : loading;
  }

  /**
   * Makes a draft of a file: settles once the editor can show it (pdf.js has read a PDF, or main has made
   * the draft), or with the reason it cannot.
   */
  async createFromFile(fileName: string, bytes: Uint8Array): Promise<NewDraft> {
    const id = crypto.randomUUID();
    const refused = (error: unknown) =>
      this.words(phrase(messages.refused, { fileName, reason: this.messageOf(error) }));
    const opening = isWordFileName(fileName) ? null : this.pdfs.openPdf(bytes);
    // Nobody may take it (the draft was refused): never an unhandled rejection.
    opening?.catch(() => {});
    let mayStart = () => {};
    const started = new Promise<void>((resolve) => {
      mayStart = resolve;
    });
    const made = (opening === null ? Promise.resolve() : mainMayStart(opening, started))
      .then(() => this.bridge.draftsCreateFromFile({ id, fileName, bytes }))
      .then((answer) => {
        if (!answer.ok) throw new Error(answer.error.message);
        return answer.value;
      })
      .catch((error: unknown) => {
        throw new Error(refused(error));
      });
    const stored = made.then((draft) => this.store(id, draft));
    const making: Making = { fileName, opening, stored, outcome: null, madeByMain: false, started, mayStart };
    stored.then(
      (result) => {
        making.outcome = { stored: result };
        this.handOver(id);
      },
      (error: unknown) => {
        making.outcome = { message: this.messageOf(error) };
        this.handOver(id);
      },
    );
    this.making.set(id, making);
    // Whichever comes first: pdf.js has the document (the editor shows its pages while main finishes the
    // draft), or main's answer.
    const first = await Promise.race([
      (opening ?? Promise.reject(new Error("not a PDF"))).then(
        () => "opened" as const,
        () => made.then(() => "made" as const),
      ),
      made.then(() => "made" as const),
    ]).catch((error: unknown) => ({ message: this.messageOf(error) }));
    if (typeof first === "string") return { ok: true, id };
    if (making.opening !== null) void making.opening.then(closePdf).catch(() => {});
    making.opening = null;
    return { ok: false, message: first.message };
  }

  /** Settles once every draft main is making now is made and stored (or refused); null when there is none. */
  draftsMade(): Promise<unknown> | null {
    const made = [...this.making.values()].filter((making) => making.outcome === null).map((making) => making.stored);
    return made.length === 0 ? null : Promise.allSettled(made);
  }

  /**
   * Settles once draft `id` is stored by main with every change made to it so far (at once for a draft main
   * made before); rejects with main's reason when it refused the file, or why the changes are not stored yet.
   */
  async stored(id: string): Promise<void> {
    const making = this.making.get(id);
    if (making === undefined) return;
    const { unsaved } = await making.stored;
    if (unsaved !== null) throw new Error(this.words(phrase(messages.unsaved, { reason: unsaved })));
  }

  /** The draft the editor shows now (null: none); the PDF of the one it showed before is freed. */
  show(id: string | null): void {
    if (this.shown?.id === id) return;
    const before = this.shown;
    if (before !== null) {
      // The editor has gone: main makes the draft now if it was waiting for page 1.
      this.making.get(before.id)?.mayStart();
      for (const pdf of before.handles) void pdf.destroy();
    }
    this.shown = id === null ? null : { id, view: loading, handles: [], document: null };
    if (this.shown !== null) void this.load(this.shown);
    this.changed();
  }

  /** Page 1 of draft `id` is on screen (or the editor gave up waiting for it). */
  pageShown(id: string): void {
    this.making.get(id)?.mayStart();
  }

  /**
   * Page `index` (0-based) of draft `id` is drawn: pdf.js has read it, so while main makes the draft its size
   * is learnt at once, before the pages ahead of it (a page in view takes fields as soon as it shows).
   */
  pageDrawn(id: string, index: number): void {
    const shown = this.shown;
    if (shown?.id !== id || shown.document === null || !this.reading(shown)) return;
    if (shown.view.status !== "ready" || shown.view.editor.doc.pages[index] !== null) return;
    const read = readPage(shown.document, index + 1);
    void read.then((page) => this.learnPages(shown, { first: index + 1, pages: [page] }));
  }

  /** Applies an editor action to draft `id`, when it is shown (main may still be making it). */
  dispatch(id: string, action: EditorAction): void {
    const shown = this.shown;
    if (shown?.id !== id || shown.view.status !== "ready") return;
    const editor = editorReducer(shown.view.editor, action);
    if (editor === shown.view.editor) return;
    this.editorStates.set(id, editor);
    this.set(shown, { ...shown.view, editor });
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private set(shown: Shown, view: DraftView): void {
    if (this.shown !== shown) return;
    shown.view = view;
    this.changed();
  }

  /** `pdf` shown as `draft`: false (and the PDF freed) when the editor has meanwhile stopped showing it. */
  private ready(shown: Shown, draft: Draft, pdf: PdfHandle, preparing: Preparing | null = null): boolean {
    if (!shown.handles.includes(pdf)) shown.handles.push(pdf);
    if (this.shown !== shown) {
      void pdf.destroy();
      return false;
    }
    const editor = preparing === null ? this.editorStateOf(draft) : provisionalEditorState(draft);
    this.editorStates.set(draft.id, editor);
    this.set(shown, { status: "ready", draft, pdf, preparing, editor });
    return true;
  }

  /**
   * The editor's state the draft was left in this session, if it is exactly as it was left (or holds changes
   * main could not store); else a new one.
   */
  private editorStateOf(draft: Draft): EditorState {
    const kept = this.editorStates.get(draft.id);
    const keep = kept !== undefined && (sameContent(kept, draft) || this.aheadOfDisk.delete(draft.id));
    const state = keep ? kept : createEditorState(draft);
    this.editorStates.set(draft.id, state);
    return state;
  }

  private async load(shown: Shown): Promise<void> {
    try {
      await this.loadInto(shown);
    } catch (error) {
      this.set(shown, { status: "failed", message: this.messageOf(error) });
    }
  }

  private async loadInto(shown: Shown): Promise<void> {
    const { id } = shown;
    const making = this.making.get(id);
    const opening = making?.opening ?? null;
    if (making === undefined || opening === null) {
      // Any draft but a new PDF's the editor has not shown yet: read from main, once main has made and stored it.
      if (making !== undefined) {
        try {
          await making.stored;
        } catch (error) {
          this.set(shown, { status: "refused", message: this.messageOf(error) });
          return;
        }
      }
      if (this.shown === shown) await this.fromFile(shown);
      return;
    }
    making.opening = null; // This editor takes it: it frees it with its handles.
    if (making.outcome !== null && "stored" in making.outcome) {
      // Main made the draft before pdf.js had the document: shown as soon as pdf.js has it, or read from main
      // should pdf.js fail on these bytes.
      const { draft } = making.outcome.stored;
      const pdf = pdfHandle(opening, draft.pages);
      if (!this.ready(shown, draft, pdf)) return;
      pdf.opened.catch(() => {
        void pdf.destroy();
        if (this.shown === shown) this.fromFile(shown).catch((error) => this.failed(shown, error));
      });
      return;
    }
    const opened = await opening;
    const provisional = await provisionalDraft(id, making.fileName, opened, this.words(firstGroupLabel()));
    const pdf = pdfHandle(opened, provisional.pages);
    const pageCount = provisional.pages.length;
    if (!this.ready(shown, provisional, pdf, { pagesRead: 1, pageCount, unreadable: [] })) return;
    // Main may have answered meanwhile; else its answer hands over when it comes.
    this.handOver(id);
    shown.document = opened.document;
    void this.readOtherPages(shown, making, opened.document);
  }

  /**
   * Once page 1 is on screen, the other pages' geometry is read here, so that fields can go on them before
   * main has made the draft; it stops once main has (its draft has every page), or the editor has gone.
   */
  private async readOtherPages(shown: Shown, making: Making, document: OpenedPdf["document"]): Promise<void> {
    await making.started;
    await readPages(
      document,
      2,
      (read) => this.learnPages(shown, read),
      () => !this.reading(shown),
    ).catch(() => {});
  }

  /** Whether `shown` is on screen as a new PDF main is still making: its pages are read here meanwhile. */
  private reading(shown: Shown): boolean {
    const { view } = shown;
    const making = this.making.get(shown.id);
    return this.shown === shown && making?.madeByMain === false && view.status === "ready" && view.preparing !== null;
  }

  /** Pages read here while main makes the draft: fields can go on them from now on. */
  private learnPages(shown: Shown, read: PagesRead): void {
    const { view } = shown;
    if (!this.reading(shown) || view.status !== "ready" || view.preparing === null) return;
    const learnt = withPagesRead(view.editor.doc.pages, view.preparing.unreadable, read);
    const preparing = { ...view.preparing, pagesRead: learnt.known, unreadable: learnt.unreadable };
    this.setEditor(shown, withPages(view.editor, learnt.pages), preparing);
  }

  /**
   * Main has made draft `made`: its pages replace those read here, and every change made meanwhile is stored
   * in it, again until the latest is (so that what main holds is what the editor shows when the editor's own
   * autosave takes over). Changes main refuses to store are kept in the editor's state.
   */
  private async store(id: string, made: Draft): Promise<Stored> {
    const making = this.making.get(id);
    if (making !== undefined) making.madeByMain = true;
    const kept = this.editorStates.get(id);
    if (kept === undefined) return { draft: made, unsaved: null };
    const shown = this.shown;
    if (shown?.id === id && shown.view.status === "ready" && shown.view.preparing !== null) {
      const { pageCount } = shown.view.preparing;
      this.setEditor(shown, withPages(kept, made.pages), { pagesRead: pageCount, pageCount, unreadable: [] });
    } else {
      this.editorStates.set(id, withPages(kept, made.pages));
    }
    const stored = await storeChanges(this.bridge, made, () => this.editorStates.get(id));
    if (stored.unsaved !== null) this.aheadOfDisk.add(id);
    return stored;
  }

  /**
   * Main's answer reaches the editor showing the draft it was making: the stored draft and the editor's state
   * (its changes and history kept; main's own state when nothing was changed) replace the stand-ins, on the
   * same pages, which are not drawn again; or main's refusal. Nothing to do until both are there.
   */
  private handOver(id: string): void {
    const outcome = this.making.get(id)?.outcome;
    const shown = this.shown;
    if (outcome == null || shown?.id !== id || shown.view.status !== "ready" || shown.view.preparing === null) return;
    const { pdf } = shown.view;
    const kept = this.editorStates.get(id) ?? shown.view.editor;
    if ("message" in outcome) {
      void pdf.destroy();
      const message = changed(kept)
        ? this.words(phrase(messages.changesLost, { reason: outcome.message }))
        : outcome.message;
      this.set(shown, { status: "refused", message });
      return;
    }
    const { draft } = outcome.stored;
    this.aheadOfDisk.delete(id); // The editor takes its changes over: its autosave stores them.
    if (draft.pages.length !== pdf.pageCount) {
      // pdf.js and main disagree on the pages: main's draft and PDF are read again.
      void pdf.destroy();
      this.fromFile(shown).catch((error) => this.failed(shown, error));
      return;
    }
    const editor = changed(kept) ? withPages(kept, draft.pages) : createEditorState(draft);
    this.editorStates.set(id, editor);
    this.set(shown, { status: "ready", draft, pdf, preparing: null, editor });
  }

  /** The editor's state (and the background work's progress) of the draft shown, kept for the session too. */
  private setEditor(shown: Shown, editor: EditorState, preparing: Preparing): void {
    if (shown.view.status !== "ready") return;
    this.editorStates.set(shown.id, editor);
    this.set(shown, { ...shown.view, editor, preparing });
  }

  private failed(shown: Shown, error: unknown): void {
    this.set(shown, { status: "failed", message: this.messageOf(error) });
  }

  private async fromFile(shown: Shown): Promise<void> {
    const read = await this.bridge.draftsOpen({ id: shown.id });
    if (!read.ok) throw new Error(read.error.message);
    this.ready(shown, read.value.draft, await this.pdfs.loadPdf(read.value.pdf, read.value.draft.pages));
  }
}
