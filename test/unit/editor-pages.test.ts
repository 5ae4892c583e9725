import { describe, expect, it } from "vitest";
import type { PageGeometry } from "../../common/coordinates";
import { type Draft, DraftSchema, groupColors } from "../../common/draft";
import {
  createEditorState,
  type EditorAction,
  type EditorState,
  editorReducer,
} from "../../renderer/editor/state/editor-state";
import { everyPageKnown, pageKnown, withPages } from "../../renderer/editor/state/pages";

/** A new PDF's pages learnt while main makes its draft (renderer/drafts): what the editor allows meanwhile. */

const letter: PageGeometry = { cropBox: [0, 0, 612, 792], rotation: 0 };
const landscape: PageGeometry = { cropBox: [0, 0, 792, 612], rotation: 0 };
const small: PageGeometry = { cropBox: [0, 0, 300, 200], rotation: 0 };

function draftOf(pages: PageGeometry[]): Draft {
  return DraftSchema.parse({
    version: 1,
    id: "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c",
    name: "Lease",
    revision: 0,
    createdAt: "2031-05-01T09:00:00.000Z",
    updatedAt: "2031-05-01T09:00:00.000Z",
    source: { fileName: "lease.pdf", kind: "pdf" },
    pages,
    groups: [{ id: "g-a", label: "Buyer", color: groupColors[0] }],
    fields: [],
  });
}

/** Three pages, only page 1 known: what the editor starts from on a new PDF. */
function provisional(): EditorState {
  const state = createEditorState(draftOf([letter, letter, letter]));
  return { ...state, doc: { ...state.doc, pages: [letter, null, null] } };
}

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const text = (id: string, page: number, x: number): EditorAction => ({
  type: "addField",
  id,
  fieldType: "Text",
  page,
  x,
  y: 10,
});

describe("pages learnt while the draft is being made", () => {
  it("places fields only on pages whose size is known", () => {
    let state = provisional();
    expect(pageKnown(state.doc, 1)).toBe(true);
    expect(pageKnown(state.doc, 2)).toBe(false);
    expect(run(state, text("a", 2, 10))).toBe(state);
    state = run(state, text("a", 1, 10));
    expect(run(state, { type: "setFieldPage", id: "a", page: 3 })).toBe(state);
    state = withPages(state, [letter, landscape, null]);
    state = run(state, text("b", 2, 700));
    expect(state.doc.fields.map((field) => [field.id, field.page, field.x])).toEqual([
      ["a", 1, 10],
      ["b", 2, 792 - 160],
    ]);
  });

  it("refuses to repeat on every page until every page is known", () => {
    let state = run(provisional(), text("a", 1, 10));
    expect(everyPageKnown(state.doc)).toBe(false);
    const repeat: EditorAction = { type: "repeatOnEveryPage", ids: ["r1", "r2"] };
    expect(run(state, repeat)).toBe(state);
    state = withPages(state, [letter, letter, small]);
    expect(everyPageKnown(state.doc)).toBe(true);
    expect(run(state, repeat).doc.fields.map((field) => field.page)).toEqual([1, 2, 3]);
  });

  it("learns pages without an undo step, and undo keeps the pages learnt since", () => {
    const placed = run(provisional(), text("a", 1, 10));
    const learnt = withPages(placed, [letter, landscape, small]);
    expect(learnt.past).toBe(placed.past);
    const undone = run(learnt, { type: "undo" });
    expect(undone.doc.fields).toEqual([]);
    expect(undone.doc.pages).toEqual([letter, landscape, small]);
    expect(run(undone, { type: "redo" }).doc.pages).toEqual([letter, landscape, small]);
  });

  it("clamps a field onto its page when main's size of the page differs", () => {
    const placed = run(withPages(provisional(), [letter, letter, letter]), text("a", 3, 400));
    const clamped = withPages(placed, [letter, letter, small]);
    expect(clamped.doc.fields.map((field) => [field.x, field.y])).toEqual([[300 - 160, 10]]);
    expect(withPages(clamped, clamped.doc.pages)).toBe(clamped);
  });
});
