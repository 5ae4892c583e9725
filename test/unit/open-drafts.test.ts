import { describe, expect, it, vi } from "vitest";
import type { SigndeskApi } from "../../common/contract";
import { type Draft, draftVersion, groupColors } from "../../common/draft";
import type { IpcResult } from "../../common/result";
import { OpenDrafts } from "../../renderer/drafts/open-drafts";
import { canUndo } from "../../renderer/editor/state/editor-state";
import type { OpenedPdf, PdfHandle } from "../../renderer/pdf/load-pdf";

/** Bounds a wait for what must happen (Vitest's own default, 1 s, is a guess a busy machine may outlast). */
const patience = { timeout: 4_000 };
const letter = { cropBox: [0, 0, 612, 792] as [number, number, number, number], rotation: 0 as const };

/** A PDF "opened by pdf.js": `pages` US Letter pages; counts how often it is freed. */
function fakeOpened(pages: number) {
  const freed = { count: 0 };
  const opened = {
    document: {
      numPages: pages,
      getPage: async () => ({ view: [0, 0, 612, 792], rotate: 0, cleanup: () => {} }),
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

/** Main, held: `answer` lets its draft creation finish (or fail); `opened` lists the drafts asked for. */
function fakeMain() {
  const asked: { id: string | undefined; fileName: string }[] = [];
  const answers: ((result: IpcResult<Draft>) => void)[] = [];
  const opened: string[] = [];
  const stored = new Map<string, Draft>();
  const bridge = {
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
  return { bridge, asked, answers, opened, stored };
}

function setUp(pages = 2) {
  const main = fakeMain();
  const pdf = fakeOpened(pages);
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
    await vi.waitFor(() => expect(ready(drafts, made.id).pending).toBe(true), patience);
    const pending = ready(drafts, made.id);
    expect(pending.draft.pages).toHaveLength(2);
    // Nothing is edited while pending.
    drafts.dispatch(made.id, { type: "addField", id: "f1", fieldType: "Text", page: 1, x: 10, y: 10 });
    expect(drafts.view(made.id)).toBe(pending);
    // Main is asked, under the id chosen here, once page 1 is on screen.
    expect(main.asked).toEqual([]);
    drafts.pageShown(made.id);
    await vi.waitFor(() => expect(main.asked).toEqual([{ id: made.id, fileName: "Lease.pdf" }]), patience);
    main.answers[0]?.(ok(draftOf(made.id)));
    await vi.waitFor(() => expect(ready(drafts, made.id).pending).toBe(false), patience);
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
    await vi.waitFor(() => expect(ready(drafts, made.id).pending).toBe(true), patience);
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
    await vi.waitFor(() => expect(ready(drafts, made.id).pending).toBe(true), patience);
    drafts.show(null);
    await vi.waitFor(() => expect(main.asked).toHaveLength(1), patience);
    drafts.show(made.id);
    expect(drafts.view(made.id).status).toBe("loading");
    main.stored.set(made.id, draftOf(made.id, 1));
    main.answers[0]?.(ok(draftOf(made.id, 1)));
    await vi.waitFor(() => expect(ready(drafts, made.id).pending).toBe(false), patience);
    expect(main.opened).toEqual([made.id]);
  });

  it("keeps a draft's undo history for the session while the draft is as it was left", async () => {
    const { main, drafts } = setUp();
    const id = crypto.randomUUID();
    main.stored.set(id, draftOf(id));
    drafts.show(id);
    await vi.waitFor(() => expect(ready(drafts, id).pending).toBe(false), patience);
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
});
