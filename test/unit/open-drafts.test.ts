import { describe, expect, it, vi } from "vitest";
import type { SigndeskApi } from "../../common/contract";
import { type Draft, draftVersion, groupColors } from "../../common/draft";
import { nameFromFile } from "../../common/draft-names";
import type { IpcResult } from "../../common/result";
import { OpenDrafts } from "../../renderer/drafts/open-drafts";
import { canUndo } from "../../renderer/editor/state/editor-state";
import type { OpenedPdf, PdfHandle } from "../../renderer/pdf/load-pdf";

/** Bounds a wait for what must happen (Vitest's own default, 1 s, is a guess a busy machine may outlast). */
const patience = { timeout: 4_000 };
const letter = { cropBox: [0, 0, 612, 792] as [number, number, number, number], rotation: 0 as const };

type FakePage = { view: number[]; rotate: number; cleanup: () => void };
const letterPage = async (): Promise<FakePage> => ({ view: [0, 0, 612, 792], rotate: 0, cleanup: () => {} });

/** A PDF "opened by pdf.js": `pages` pages (US Letter unless `getPage` says otherwise); counts how often it is freed. */
function fakeOpened(pages: number, getPage: (number: number) => Promise<FakePage> = letterPage) {
  const freed = { count: 0 };
  const opened = {
    document: {
      numPages: pages,
      getPage,
      loadingTask: {
        destroy: async () => {
          freed.count += 1;
        },
      },
    },
  } as unknown as OpenedPdf;
  return { opened, freed };
}

function draftOf(id: string, pages = 2, extra: Partial<Draft> = {}): Draft {
  const at = "2031-05-01T09:00:00.000Z";
  return {
    version: draftVersion,
    id,
    name: "Lease",
    revision: 0,
    createdAt: at,
    updatedAt: at,
    source: { fileName: "Lease.pdf", kind: "pdf" },
    pages: Array.from({ length: pages }, () => letter),
    groups: [{ id: "main-group", label: "Recipient 1", color: groupColors[0] }],
    fields: [],
    ...extra,
  };
}

const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });

/**
 * Main, held: `answer` lets its draft creation finish (or fail); `opened` lists the drafts asked for, `saved`
 * the drafts saved (each stored, unless `refuseSaves` holds a reason).
 */
function fakeMain() {
  const asked: { id: string | undefined; fileName: string }[] = [];
  const answers: ((result: IpcResult<Draft>) => void)[] = [];
  const opened: string[] = [];
  const saved: Draft[] = [];
  const stored = new Map<string, Draft>();
  const saving = { refuse: null as string | null };
  const bridge = {
    draftsSave: async ({ draft }: { draft: Draft }) => {
      if (saving.refuse !== null) return { ok: false, error: { code: "internal", message: saving.refuse } };
      saved.push(draft);
      const revision = draft.revision + 1;
      const updatedAt = "2031-05-01T09:01:00.000Z";
      stored.set(draft.id, { ...draft, revision, updatedAt });
      return ok({ revision, updatedAt });
    },
    draftsCreateFromFile: ({ id, fileName }: { id?: string; fileName: string }) => {
      asked.push({ id, fileName });
      return new Promise<IpcResult<Draft>>((resolve) => answers.push(resolve));
    },
    draftsOpen: async ({ id }: { id: string }) => {
      opened.push(id);
      const draft = stored.get(id);
      if (draft === undefined) return { ok: false, error: { code: "not_found", message: `There is no draft ${id}` } };
      return ok({ draft, pdf: new Uint8Array(1) });
    },
  } as unknown as SigndeskApi;
  return { bridge, asked, answers, opened, stored, saved, saving };
}

function setUp(pages = 2, getPage?: (number: number) => Promise<FakePage>) {
  const main = fakeMain();
  const pdf = fakeOpened(pages, getPage);
  const loaded: PdfHandle[] = [];
  const drafts = new OpenDrafts(main.bridge, {
    openPdf: async () => pdf.opened,
    loadPdf: async (_bytes, draftPages) => {
      const { pdfHandle } = await import("../../renderer/pdf/load-pdf");
      const handle = pdfHandle(fakeOpened(draftPages?.length ?? 1).opened, draftPages ?? []);
      loaded.push(handle);
      return handle;
    },
  });
  return { main, pdf, drafts, loaded };
}

const ready = (drafts: OpenDrafts, id: string) => {
  const view = drafts.view(id);
  if (view.status !== "ready") throw new Error(`draft ${id} is ${view.status}`);
  return view;
};

describe("the app's drafts being opened", () => {
  it("shows a new PDF's pages under an id of its own before main has made it, then main's draft on the same pages", async () => {
    const { main, pdf, drafts } = setUp(2);
    const made = await drafts.createFromFile("Lease.pdf", new Uint8Array(1));
    if (!made.ok) throw new Error(made.message);
    expect(made.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(drafts.draftsMade()).not.toBeNull();
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).not.toBeNull(), patience);
    const pending = ready(drafts, made.id);
    expect(pending.draft.pages).toHaveLength(2);
    // Main is asked, under the id chosen here, once page 1 is on screen.
    expect(main.asked).toEqual([]);
    drafts.pageShown(made.id);
    await vi.waitFor(() => expect(main.asked).toEqual([{ id: made.id, fileName: "Lease.pdf" }]), patience);
    main.answers[0]?.(ok(draftOf(made.id)));
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).toBeNull(), patience);
    const shown = ready(drafts, made.id);
    expect(shown.pdf).toBe(pending.pdf);
    expect(shown.editor.doc.groups[0]?.id).toBe("main-group");
    expect(main.opened).toEqual([]);
    expect(drafts.draftsMade()).toBeNull();
    drafts.show(null);
    await vi.waitFor(() => expect(pdf.freed.count).toBe(1), patience);
  });

  it("says why main refused a new PDF it was showing, and frees its pages", async () => {
    const { main, pdf, drafts } = setUp(1);
    const made = await drafts.createFromFile("Refused.pdf", new Uint8Array(1));
    if (!made.ok) throw new Error(made.message);
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).not.toBeNull(), patience);
    drafts.pageShown(made.id);
    await vi.waitFor(() => expect(main.answers).toHaveLength(1), patience);
    main.answers[0]?.({ ok: false, error: { code: "internal", message: "No space is left on the disk." } });
    await vi.waitFor(
      () =>
        expect(drafts.view(made.id)).toEqual({
          status: "refused",
          message: "Refused.pdf could not be opened: No space is left on the disk.",
        }),
      patience,
    );
    expect(pdf.freed.count).toBe(1);
  });

  it("asks main at once once the editor has gone, and opens main's draft when shown again", async () => {
    const { main, drafts } = setUp(1);
    const made = await drafts.createFromFile("Early.pdf", new Uint8Array(1));
    if (!made.ok) throw new Error(made.message);
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).not.toBeNull(), patience);
    drafts.show(null);
    await vi.waitFor(() => expect(main.asked).toHaveLength(1), patience);
    drafts.show(made.id);
    expect(drafts.view(made.id).status).toBe("loading");
    main.stored.set(made.id, draftOf(made.id, 1));
    main.answers[0]?.(ok(draftOf(made.id, 1)));
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).toBeNull(), patience);
    expect(main.opened).toEqual([made.id]);
  });

  it("keeps a draft's undo history for the session while the draft is as it was left", async () => {
    const { main, drafts } = setUp();
    const id = crypto.randomUUID();
    main.stored.set(id, draftOf(id));
    drafts.show(id);
    await vi.waitFor(() => expect(ready(drafts, id).preparing).toBeNull(), patience);
    drafts.dispatch(id, { type: "addField", id: "f1", fieldType: "Text", page: 1, x: 10, y: 10 });
    const left = ready(drafts, id).editor;
    expect(canUndo(left)).toBe(true);
    drafts.show(null);
    main.stored.set(id, draftOf(id, 2, { fields: left.doc.fields }));
    drafts.show(id);
    await vi.waitFor(() => expect(ready(drafts, id).editor).toBe(left), patience);
    // Changed meanwhile (renamed from the list): a new history.
    drafts.show(null);
    main.stored.set(id, draftOf(id, 2, { name: "Renamed", fields: left.doc.fields }));
    drafts.show(id);
    await vi.waitFor(() => expect(ready(drafts, id).draft.name).toBe("Renamed"), patience);
    expect(canUndo(ready(drafts, id).editor)).toBe(false);
  });

  it("refuses a file pdf.js and main both refuse without opening the editor", async () => {
    const main = fakeMain();
    const drafts = new OpenDrafts(main.bridge, {
      openPdf: async () => {
        throw new Error("Invalid PDF structure.");
      },
      loadPdf: async () => {
        throw new Error("not used");
      },
    });
    const making = drafts.createFromFile("Broken.pdf", new Uint8Array(1));
    // pdf.js failed: main is asked at once, and says why.
    await vi.waitFor(() => expect(main.answers).toHaveLength(1), patience);
    main.answers[0]?.({ ok: false, error: { code: "unreadable_file", message: "The PDF is damaged." } });
    await expect(making).resolves.toEqual({
      ok: false,
      message: "Broken.pdf could not be opened: The PDF is damaged.",
    });
  });

  const addText = (page: number, x = 10) =>
    ({ type: "addField", id: `text-${page}-${x}`, fieldType: "Text", page, x, y: 10 }) as const;

  it("takes changes while main makes a new draft, and stores them in main's draft before the upload may start", async () => {
    const { main, drafts } = setUp(2);
    const made = await drafts.createFromFile("Lease.pdf", new Uint8Array(1));
    if (!made.ok) throw new Error(made.message);
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).not.toBeNull(), patience);
    drafts.dispatch(made.id, addText(1));
    expect(ready(drafts, made.id).editor.doc.fields).toHaveLength(1);
    drafts.pageShown(made.id);
    await vi.waitFor(() => expect(main.answers).toHaveLength(1), patience);
    const upload = drafts.stored(made.id);
    let uploadMayStart = false;
    void upload.then(() => {
      uploadMayStart = true;
    });
    await Promise.resolve();
    expect(uploadMayStart).toBe(false);
    main.answers[0]?.(ok(draftOf(made.id)));
    await upload;
    // Stored in main's draft (main's pages), in the group the field was placed in.
    expect(main.saved).toHaveLength(1);
    const [saved] = main.saved;
    expect(saved?.fields.map((field) => [field.id, field.page])).toEqual([["text-1-10", 1]]);
    expect(saved?.groups.map((group) => group.id)).toEqual([saved?.fields[0]?.groupId]);
    const shown = ready(drafts, made.id);
    expect(shown.preparing).toBeNull();
    expect(shown.draft.revision).toBe(1);
    expect(shown.draft.fields).toEqual(saved?.fields);
    expect(shown.editor.doc.fields).toEqual(saved?.fields);
    expect(canUndo(shown.editor)).toBe(true);
  });

  it("reads the other pages once page 1 is shown: a field waits for its page, an unreadable page is named", async () => {
    let releasePage2: (page: FakePage) => void = () => {};
    const page2 = new Promise<FakePage>((resolve) => {
      releasePage2 = resolve;
    });
    const landscape = { view: [0, 0, 792, 612], rotate: 0, cleanup: () => {} };
    const { main, drafts } = setUp(3, async (number) => {
      if (number === 2) return page2;
      if (number === 3) throw new Error("Bad page dictionary");
      return letterPage();
    });
    const made = await drafts.createFromFile("Lease.pdf", new Uint8Array(1));
    if (!made.ok) throw new Error(made.message);
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).not.toBeNull(), patience);
    expect(ready(drafts, made.id).preparing).toEqual({ pagesRead: 1, pageCount: 3, unreadable: [] });
    drafts.pageShown(made.id);
    await vi.waitFor(() => expect(main.answers).toHaveLength(1), patience);
    // Page 2 is not read yet: nothing goes on it.
    drafts.dispatch(made.id, addText(2, 700));
    expect(ready(drafts, made.id).editor.doc.fields).toEqual([]);
    releasePage2(landscape);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing?.pagesRead).toBe(3), patience);
    expect(ready(drafts, made.id).preparing?.unreadable).toEqual([3]);
    // Page 2 is landscape: the field goes further right than a Letter page allows.
    drafts.dispatch(made.id, addText(2, 700));
    expect(ready(drafts, made.id).editor.doc.fields.map((field) => [field.page, field.x])).toEqual([[2, 792 - 160]]);
    drafts.dispatch(made.id, addText(3));
    expect(ready(drafts, made.id).editor.doc.fields).toHaveLength(1);
    // Main's draft has every page: page 3 takes fields from then on.
    main.answers[0]?.(ok(draftOf(made.id, 3, { pages: [letter, { ...letter, cropBox: [0, 0, 792, 612] }, letter] })));
    await drafts.stored(made.id);
    expect(ready(drafts, made.id).editor.doc.pages.every((page) => page !== null)).toBe(true);
    drafts.dispatch(made.id, addText(3));
    expect(ready(drafts, made.id).editor.doc.fields.map((field) => field.page)).toEqual([2, 3]);
  });

  it("names the stand-in as main names the draft, so that storing the changes keeps main's name", async () => {
    const { drafts } = setUp(1);
    const made = await drafts.createFromFile(" Lease\u202e 2031 .pdf", new Uint8Array(1));
    if (!made.ok) throw new Error(made.message);
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).not.toBeNull(), patience);
    expect(ready(drafts, made.id).editor.doc.name).toBe(nameFromFile(" Lease\u202e 2031 .pdf"));
    expect(ready(drafts, made.id).editor.doc.name).toBe("Lease 2031");
  });

  it("learns a page's size as soon as it is drawn, before the pages ahead of it are read", async () => {
    const held = new Promise<FakePage>(() => {});
    const { main, drafts } = setUp(40, async (number) => (number === 2 ? held : letterPage()));
    const made = await drafts.createFromFile("Long.pdf", new Uint8Array(1));
    if (!made.ok) throw new Error(made.message);
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).not.toBeNull(), patience);
    drafts.pageShown(made.id);
    await vi.waitFor(() => expect(main.answers).toHaveLength(1), patience);
    // Page 2 never answers: the reading in page order is stuck behind it; page 30, drawn, is learnt anyway.
    drafts.dispatch(made.id, addText(30));
    expect(ready(drafts, made.id).editor.doc.fields).toEqual([]);
    drafts.pageDrawn(made.id, 29);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing?.pagesRead).toBe(2), patience);
    drafts.dispatch(made.id, addText(30));
    expect(ready(drafts, made.id).editor.doc.fields.map((field) => field.page)).toEqual([30]);
  });

  it("stores the changes made before the editor was left, and shows them again with their history", async () => {
    const { main, drafts } = setUp(1);
    const made = await drafts.createFromFile("Lease.pdf", new Uint8Array(1));
    if (!made.ok) throw new Error(made.message);
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).not.toBeNull(), patience);
    drafts.dispatch(made.id, addText(1));
    const left = ready(drafts, made.id).editor;
    drafts.show(null);
    await vi.waitFor(() => expect(main.answers).toHaveLength(1), patience);
    main.answers[0]?.(ok(draftOf(made.id, 1)));
    await drafts.draftsMade();
    expect(main.stored.get(made.id)?.fields).toEqual(left.doc.fields);
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).editor.doc.fields).toEqual(left.doc.fields), patience);
    expect(canUndo(ready(drafts, made.id).editor)).toBe(true);
  });

  it("says that the changes could not be kept when main refuses the file", async () => {
    const { main, drafts } = setUp(1);
    const made = await drafts.createFromFile("Lease.pdf", new Uint8Array(1));
    if (!made.ok) throw new Error(made.message);
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).not.toBeNull(), patience);
    drafts.dispatch(made.id, addText(1));
    drafts.pageShown(made.id);
    await vi.waitFor(() => expect(main.answers).toHaveLength(1), patience);
    const upload = drafts.stored(made.id);
    main.answers[0]?.({ ok: false, error: { code: "unreadable_file", message: "The PDF is damaged." } });
    const refusal = "Lease.pdf could not be opened: The PDF is damaged.";
    await expect(upload).rejects.toThrow(refusal);
    expect(drafts.view(made.id)).toEqual({
      status: "refused",
      message: `${refusal} The changes made to it could not be kept.`,
    });
  });

  it("keeps in the editor the changes main would not store, and says so to the upload", async () => {
    const { main, drafts } = setUp(1);
    const made = await drafts.createFromFile("Lease.pdf", new Uint8Array(1));
    if (!made.ok) throw new Error(made.message);
    drafts.show(made.id);
    await vi.waitFor(() => expect(ready(drafts, made.id).preparing).not.toBeNull(), patience);
    drafts.dispatch(made.id, addText(1));
    drafts.pageShown(made.id);
    await vi.waitFor(() => expect(main.answers).toHaveLength(1), patience);
    main.saving.refuse = "No space is left on the disk.";
    main.answers[0]?.(ok(draftOf(made.id, 1)));
    await expect(drafts.stored(made.id)).rejects.toThrow(
      "Your changes to this draft are not saved yet: No space is left on the disk.",
    );
    const shown = ready(drafts, made.id);
    // Main holds its draft without the field; the editor keeps it, and its autosave (given `draft`) tries again.
    expect(shown.preparing).toBeNull();
    expect(shown.draft.fields).toEqual([]);
    expect(shown.editor.doc.fields).toHaveLength(1);
  });
});
