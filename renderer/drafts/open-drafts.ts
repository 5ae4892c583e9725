import type { SigndeskApi } from "../../common/contract";
import { pageGeometryOf } from "../../common/coordinates";
import { type Draft, draftVersion, groupColors } from "../../common/draft";
import { createEditorState, type EditorAction, type EditorState, editorReducer } from "../editor/state/editor-state";
import { closePdf, loadPdf, type OpenedPdf, openPdf, type PdfHandle, pdfHandle } from "../pdf/load-pdf";

/**
 * What the editor shows of a draft:
 * - `ready`: the draft, its PDF and the editor's state (its undo history included). `pending`: main has not
 *   made the draft yet; its pages show, nothing can be edited;
 * - `refused`: main refused the file of a new draft; `message` says why (the Templates screen shows it).
 */
export type DraftView =
  | { status: "loading" }
  | { status: "ready"; draft: Draft; pdf: PdfHandle; pending: boolean; editor: EditorState }
  | { status: "failed"; message: string }
  | { status: "refused"; message: string };

/** What became of a file given to `createFromFile`: a draft to open by `id`, or why it cannot be one. */
export type NewDraft = { ok: true; id: string } | { ok: false; message: string };

/** How long main may wait for page 1 of a new PDF to be drawn before it makes the draft anyway. */
const MAIN_WAITS_AT_MOST_MS = 2000;

export function isWordFileName(fileName: string): boolean {
  return /\.docx?$/i.test(fileName);
}

/**
 * When main may make the draft of a PDF being opened: once its page 1 is on screen (`shown`), at once
 * should pdf.js fail on it (main then says why), and after MAIN_WAITS_AT_MOST_MS whatever happens. Main
 * reads the whole PDF to make a draft: started together, the two share the machine's cores while the
 * person waits to see the page, and the draft, which nobody can edit before the page is there, comes no
 * sooner for it.
 */
function mainMayStart(opening: Promise<unknown>, shown: Promise<void>): Promise<void> {
  return Promise.race([
    shown,
    opening.then(
      () => new Promise<void>(() => {}),
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, MAIN_WAITS_AT_MOST_MS)),
  ]);
}

/** A draft main is making from a file the person gave, under the id chosen here. */
interface Making {
  fileName: string;
  /** pdf.js opening the given bytes (a PDF's), until the editor takes it; null once taken, or for Word. */
  opening: Promise<OpenedPdf> | null;
  /** Main's draft; rejects with the message to show if main refused the file. */
  made: Promise<Draft>;
  /** Settled `made`: null while main is making it. */
  outcome: { draft: Draft } | { message: string } | null;
  /** Main may start: page 1 is on screen, or the editor has gone. */
  mayStart: () => void;
}

/** The draft the editor shows: its view, and the PDF handles it made (freed when it goes). */
interface Shown {
  id: string;
  view: DraftView;
  handles: PdfHandle[];
}

const loading: DraftView = { status: "loading" };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
  private shown: Shown | null = null;
  private readonly listeners = new Set<() => void>();

  /** `pdfs`: how PDFs are opened in pdf.js (the unit test gives its own). */
  constructor(
    private readonly bridge: SigndeskApi,
    private readonly pdfs: { openPdf: typeof openPdf; loadPdf: typeof loadPdf } = { openPdf, loadPdf },
  ) {}

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
    const refused = (error: unknown) => `${fileName} could not be opened: ${messageOf(error)}`;
    const opening = isWordFileName(fileName) ? null : this.pdfs.openPdf(bytes);
    // Nobody may take it (the draft was refused): never an unhandled rejection.
    opening?.catch(() => {});
    let mayStart = () => {};
    const shown = new Promise<void>((resolve) => {
      mayStart = resolve;
    });
    const made = (opening === null ? Promise.resolve() : mainMayStart(opening, shown))
      .then(() => this.bridge.draftsCreateFromFile({ id, fileName, bytes }))
      .then((answer) => {
        if (!answer.ok) throw new Error(answer.error.message);
        return answer.value;
      })
      .catch((error: unknown) => {
        throw new Error(refused(error));
      });
    const making: Making = { fileName, opening, made, outcome: null, mayStart };
    made.then(
      (draft) => {
        making.outcome = { draft };
      },
      (error: unknown) => {
        making.outcome = { message: messageOf(error) };
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
    ]).catch((error: unknown) => ({ message: messageOf(error) }));
    if (typeof first === "string") return { ok: true, id };
    if (making.opening !== null) void making.opening.then(closePdf).catch(() => {});
    making.opening = null;
    return { ok: false, message: first.message };
  }

  /** Settles once every draft main is making now is made (or refused); null when there is none. */
  draftsMade(): Promise<unknown> | null {
    const made = [...this.making.values()].filter((making) => making.outcome === null).map((making) => making.made);
    return made.length === 0 ? null : Promise.allSettled(made);
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
    this.shown = id === null ? null : { id, view: loading, handles: [] };
    if (this.shown !== null) void this.load(this.shown);
    this.changed();
  }

  /** Page 1 of draft `id` is on screen (or the editor gave up waiting for it). */
  pageShown(id: string): void {
    this.making.get(id)?.mayStart();
  }

  /** Applies an editor action to draft `id`, when it is shown and editable. */
  dispatch(id: string, action: EditorAction): void {
    const shown = this.shown;
    if (shown?.id !== id || shown.view.status !== "ready" || shown.view.pending) return;
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
  private ready(shown: Shown, draft: Draft, pdf: PdfHandle, pending = false): boolean {
    if (!shown.handles.includes(pdf)) shown.handles.push(pdf);
    if (this.shown !== shown) {
      void pdf.destroy();
      return false;
    }
    const editor = pending ? createEditorState(draft) : this.editorStateOf(draft);
    this.set(shown, { status: "ready", draft, pdf, pending, editor });
    return true;
  }

  /** The editor's state the draft was left in this session, if it is exactly as it was left; else a new one. */
  private editorStateOf(draft: Draft): EditorState {
    const kept = this.editorStates.get(draft.id);
    const state = kept !== undefined && sameContent(kept, draft) ? kept : createEditorState(draft);
    this.editorStates.set(draft.id, state);
    return state;
  }

  private async load(shown: Shown): Promise<void> {
    try {
      await this.loadInto(shown);
    } catch (error) {
      this.set(shown, { status: "failed", message: messageOf(error) });
    }
  }

  private async loadInto(shown: Shown): Promise<void> {
    const { id } = shown;
    const making = this.making.get(id);
    const opening = making?.opening ?? null;
    if (making === undefined || opening === null) {
      // Any draft but a new PDF's the editor has not shown yet: read from main, once main has made it.
      if (making !== undefined) {
        try {
          await making.made;
        } catch (error) {
          this.set(shown, { status: "refused", message: messageOf(error) });
          return;
        }
      }
      if (this.shown === shown) await this.fromFile(shown);
      return;
    }
    making.opening = null; // This editor takes it: it frees it with its handles.
    if (making.outcome !== null && "draft" in making.outcome) {
      // Main made the draft before pdf.js had the document: shown as soon as pdf.js has it, or read from main
      // should pdf.js fail on these bytes.
      const { draft } = making.outcome;
      const pdf = pdfHandle(opening, draft.pages);
      if (!this.ready(shown, draft, pdf)) return;
      pdf.opened.catch(() => {
        void pdf.destroy();
        if (this.shown === shown) this.fromFile(shown).catch((error) => this.failed(shown, error));
      });
      return;
    }
    const opened = await opening;
    const provisional = await provisionalDraft(id, making.fileName, opened);
    const pdf = pdfHandle(opened, provisional.pages);
    if (!this.ready(shown, provisional, pdf, true)) return;
    let draft: Draft;
    try {
      draft = await making.made;
    } catch (error) {
      void pdf.destroy();
      this.set(shown, { status: "refused", message: messageOf(error) });
      return;
    }
    // The same pages, now the draft's: nothing is drawn again.
    this.ready(shown, draft, pdf);
  }

  private failed(shown: Shown, error: unknown): void {
    this.set(shown, { status: "failed", message: messageOf(error) });
  }

  private async fromFile(shown: Shown): Promise<void> {
    const read = await this.bridge.draftsOpen({ id: shown.id });
    if (!read.ok) throw new Error(read.error.message);
    this.ready(shown, read.value.draft, await this.pdfs.loadPdf(read.value.pdf, read.value.draft.pages));
  }
}

function sameContent(state: EditorState, draft: Draft): boolean {
  const { name, groups, fields } = state.doc;
  return (
    JSON.stringify({ name, groups, fields }) ===
    JSON.stringify({ name: draft.name, groups: draft.groups, fields: draft.fields })
  );
}

/**
 * What the editor shows of a new PDF until main's draft arrives: its pages (every page sized as page 1
 * until then), one recipient, no fields.
 */
async function provisionalDraft(id: string, fileName: string, opened: OpenedPdf): Promise<Draft> {
  const { document } = opened;
  const page = pageGeometryOf(await document.getPage(1));
  const at = new Date().toISOString();
  return {
    version: draftVersion,
    id,
    name: fileName.replace(/\.[^.]*$/, "").trim() || "Untitled draft",
    revision: 0,
    createdAt: at,
    updatedAt: at,
    source: { fileName, kind: "pdf" },
    pages: Array.from({ length: document.numPages }, () => page),
    groups: [{ id: `${id}:group`, label: "Recipient 1", color: groupColors[0] }],
    fields: [],
  };
}
