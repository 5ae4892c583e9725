import { expect } from "vitest";
import { boxFitsPage, type PageGeometry } from "../../common/coordinates";
import { type Draft, type DraftField, DraftSchema, groupColors } from "../../common/draft";
import { type FieldType, fieldBoxSizes } from "../../common/fields";
import {
  createEditorState,
  type EditorAction,
  type EditorState,
  editorReducer,
} from "../../renderer/editor/state/editor-state";
import { stateProblems } from "../../renderer/editor/state/invariants";

/** A draft's pages, groups and fields, and the reducer driven by actions: what the editor-state tests share. */

// Page 1: US Letter. Page 2: rotated 90 with an offset CropBox (600×800 in user space, shown 800×600).
// Page 3: a small page, 300×200. Page 4: a tiny page, 100×50 shown (rotated 270, offset CropBox).
export const letter: PageGeometry = { cropBox: [0, 0, 612, 792], rotation: 0 };
export const rotated: PageGeometry = { cropBox: [50, 100, 650, 900], rotation: 90 };
export const small: PageGeometry = { cropBox: [0, 0, 300, 200], rotation: 0 };
export const tiny: PageGeometry = { cropBox: [20, 30, 70, 130], rotation: 270 };
export const pages = [letter, rotated, small, tiny];

export const groupA = { id: "g-a", label: "Buyer", color: groupColors[0] as string };
export const groupB = { id: "g-b", label: "Seller", color: groupColors[1] as string };

export function field(
  id: string,
  type: FieldType,
  page: number,
  x: number,
  y: number,
  groupId = groupA.id,
): DraftField {
  return { id, type, groupId, page, x, y };
}

export function makeDraft(fields: DraftField[] = [], groups = [groupA, groupB]): Draft {
  return DraftSchema.parse({
    version: 1,
    id: "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c",
    name: "Lease",
    revision: 3,
    createdAt: "2031-05-01T09:00:00.000Z",
    updatedAt: "2031-05-01T09:30:00.000Z",
    source: { fileName: "lease.pdf", kind: "pdf" },
    pages,
    groups,
    fields,
  });
}

export function stateWith(fields: DraftField[] = [], groups = [groupA, groupB]): EditorState {
  return createEditorState(makeDraft(fields, groups));
}

export function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

export function byId(state: EditorState, id: string): DraftField {
  const found = state.doc.fields.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no field ${id}`);
  return found;
}

export function pos(state: EditorState, id: string): [number, number] {
  const { x, y } = byId(state, id);
  return [x, y];
}

export function expectValid(state: EditorState): void {
  expect(stateProblems(state)).toEqual([]);
  for (const each of state.doc.fields) {
    const page = state.doc.pages[each.page - 1] as PageGeometry;
    expect(boxFitsPage(page, each, fieldBoxSizes[each.type])).toBe(true);
  }
}

export const sel = (ids: string[]): EditorAction => ({ type: "select", ids, mode: "replace" });
