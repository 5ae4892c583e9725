import { describe, expect, it } from "vitest";
import { boxFitsPage, displayedSize, type PageGeometry } from "../../common/coordinates";
import { type Draft, type DraftField, DraftSchema, groupColors } from "../../common/draft";
import { type FieldType, fieldBoxSizes, fieldTypes, limits } from "../../common/fields";
import { commandToAction, idsNeeded } from "../../renderer/editor/state/commands";
import {
  canRedo,
  canUndo,
  createEditorState,
  createIdGenerator,
  type EditorAction,
  type EditorState,
  editorReducer,
  historyLimit,
  toDraft,
} from "../../renderer/editor/state/editor-state";
import { stateProblems } from "../../renderer/editor/state/invariants";
import { seededRandom } from "../support/seeded-random";

// Page 1: US Letter. Page 2: rotated 90 with an offset CropBox (600×800 in user space, shown 800×600).
// Page 3: a small page, 300×200. Page 4: a tiny page, 100×50 shown (rotated 270, offset CropBox).
const letter: PageGeometry = { cropBox: [0, 0, 612, 792], rotation: 0 };
const rotated: PageGeometry = { cropBox: [50, 100, 650, 900], rotation: 90 };
const small: PageGeometry = { cropBox: [0, 0, 300, 200], rotation: 0 };
const tiny: PageGeometry = { cropBox: [20, 30, 70, 130], rotation: 270 };
const pages = [letter, rotated, small, tiny];

const groupA = { id: "g-a", label: "Buyer", color: groupColors[0] as string };
const groupB = { id: "g-b", label: "Seller", color: groupColors[1] as string };

function field(id: string, type: FieldType, page: number, x: number, y: number, groupId = groupA.id): DraftField {
  return { id, type, groupId, page, x, y };
}

function makeDraft(fields: DraftField[] = [], groups = [groupA, groupB]): Draft {
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

function stateWith(fields: DraftField[] = [], groups = [groupA, groupB]): EditorState {
  return createEditorState(makeDraft(fields, groups));
}

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

function byId(state: EditorState, id: string): DraftField {
  const found = state.doc.fields.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no field ${id}`);
  return found;
}

function pos(state: EditorState, id: string): [number, number] {
  const { x, y } = byId(state, id);
  return [x, y];
}

function expectValid(state: EditorState): void {
  expect(stateProblems(state)).toEqual([]);
  for (const each of state.doc.fields) {
    const page = state.doc.pages[each.page - 1] as PageGeometry;
    expect(boxFitsPage(page, each, fieldBoxSizes[each.type])).toBe(true);
  }
}

const sel = (ids: string[]): EditorAction => ({ type: "select", ids, mode: "replace" });

describe("createEditorState and toDraft", () => {
  it("starts from the draft with nothing selected, the first group active and no history", () => {
    const state = stateWith([field("f1", "Text", 1, 10, 20)]);
    expect(state.doc).toEqual({
      name: "Lease",
      pages,
      groups: [groupA, groupB],
      fields: [field("f1", "Text", 1, 10, 20)],
    });
    expect(state).toMatchObject({ selection: [], activeGroupId: "g-a", clipboard: null, past: [], future: [] });
  });

  it("takes name, groups and fields from the state and everything else from the base", () => {
    const base = makeDraft();
    const state = run(
      createEditorState(base),
      { type: "rename", name: "Lease 2" },
      { type: "addField", id: "n1", fieldType: "Date", page: 2, x: 5, y: 6 },
    );
    const draft = toDraft(state, base);
    expect(draft).toEqual({ ...base, name: "Lease 2", fields: [field("n1", "Date", 2, 5, 6)] });
    expect(DraftSchema.parse(draft)).toEqual(draft);
  });
});

describe("addField", () => {
  it("adds a field in the active group, selects it and records one undo step", () => {
    const state = run(stateWith(), { type: "addField", id: "n1", fieldType: "Signature", page: 1, x: 100, y: 200 });
    expect(state.doc.fields).toEqual([field("n1", "Signature", 1, 100, 200)]);
    expect(state.selection).toEqual(["n1"]);
    expect(state.past).toHaveLength(1);
  });

  it("uses the given group, or the active one", () => {
    let state = run(stateWith(), {
      type: "addField",
      id: "n1",
      fieldType: "Text",
      page: 1,
      x: 0,
      y: 0,
      groupId: "g-b",
    });
    state = run(
      state,
      { type: "setActiveGroup", id: "g-b" },
      { type: "addField", id: "n2", fieldType: "Text", page: 1, x: 0, y: 0 },
    );
    expect(state.doc.fields.map((each) => each.groupId)).toEqual(["g-b", "g-b"]);
  });

  it("clamps the box onto the displayed page of a rotated, cropped page", () => {
    // Page 2 shows 800 wide and 600 high: a Signature (160×48) fits up to (640, 552).
    const state = run(stateWith(), { type: "addField", id: "n1", fieldType: "Signature", page: 2, x: 790, y: 590 });
    expect(displayedSize(rotated)).toEqual({ width: 800, height: 600 });
    expect(pos(state, "n1")).toEqual([640, 552]);
    const negative = run(stateWith(), { type: "addField", id: "n1", fieldType: "Checkbox", page: 4, x: -5, y: -9 });
    expect(pos(negative, "n1")).toEqual([0, 0]);
    expectValid(state);
  });

  it("clamps on the rotated 270 tiny page (100×50 shown)", () => {
    const state = run(stateWith(), { type: "addField", id: "n1", fieldType: "Initials", page: 4, x: 90, y: 40 });
    expect(pos(state, "n1")).toEqual([28, 14]);
  });

  it.each<[string, Partial<Extract<EditorAction, { type: "addField" }>>]>([
    ["an unknown page", { page: 5 }],
    ["page 0", { page: 0 }],
    ["a fractional page", { page: 1.5 }],
    ["an unknown group", { groupId: "nope" }],
    ["a box larger than the page", { page: 4, fieldType: "Email" }],
    ["an id already in use", { id: "f1" }],
    ["an empty id", { id: "" }],
    ["a position that is not a number", { x: Number.NaN }],
    ["an unknown type", { fieldType: "Stamp" as FieldType }],
  ])("refuses %s, returning the same state", (_, change) => {
    const state = stateWith([field("f1", "Text", 1, 0, 0)]);
    const action = { type: "addField", id: "n1", fieldType: "Text", page: 1, x: 10, y: 10, ...change } as const;
    expect(editorReducer(state, action)).toBe(state);
  });

  it("refuses a 501st field", () => {
    const fields = Array.from({ length: limits.maxFieldsPerTemplate }, (_, i) => field(`f${i}`, "Checkbox", 1, i, i));
    const state = stateWith(fields);
    expect(editorReducer(state, { type: "addField", id: "n", fieldType: "Checkbox", page: 1, x: 0, y: 0 })).toBe(state);
  });
});

describe("moving fields", () => {
  const start = () =>
    run(
      stateWith([field("a", "Text", 1, 100, 100), field("b", "Checkbox", 1, 590, 300), field("c", "Date", 2, 10, 10)]),
      sel(["a", "b"]),
    );

  it("moves every selected field by the same amount", () => {
    const state = run(start(), { type: "moveSelection", dx: 5, dy: -20 });
    expect([pos(state, "a"), pos(state, "b"), pos(state, "c")]).toEqual([
      [105, 80],
      [595, 280],
      [10, 10],
    ]);
  });

  it("limits a move so no field leaves its page, and the group keeps its shape", () => {
    // b (16 wide) can go 6 pt right on a 612-wide page; a goes the same 6 pt.
    const state = run(start(), { type: "moveSelection", dx: 50, dy: -150 });
    expect([pos(state, "a"), pos(state, "b")]).toEqual([
      [106, 0],
      [596, 200],
    ]);
    expect(editorReducer(state, { type: "moveSelection", dx: 3, dy: -1 })).toBe(state);
    expectValid(state);
  });

  it("limits a selection spanning pages by each field's own page", () => {
    let state = run(start(), { type: "select", ids: ["c"], mode: "add" });
    state = run(state, { type: "moveSelection", dx: 0, dy: 1000 });
    // a: 792-24 = 768 allows 668; b: 792-16 = 776 allows 476; c: 600-24 = 576 allows 566.
    expect([pos(state, "a")[1], pos(state, "b")[1], pos(state, "c")[1]]).toEqual([576, 776, 486]);
  });

  it("does nothing without a selection or with a zero or non-finite move", () => {
    const none = stateWith([field("a", "Text", 1, 100, 100)]);
    expect(editorReducer(none, { type: "moveSelection", dx: 1, dy: 1 })).toBe(none);
    const some = start();
    expect(editorReducer(some, { type: "moveSelection", dx: 0, dy: 0 })).toBe(some);
    expect(editorReducer(some, { type: "moveSelection", dx: Number.POSITIVE_INFINITY, dy: 0 })).toBe(some);
  });

  it("sets an exact position, clamped; refuses unknown ids; ignores a no-op", () => {
    const state = start();
    expect(pos(run(state, { type: "setFieldPosition", id: "c", x: 700, y: -3 }), "c")).toEqual([690, 0]);
    expect(editorReducer(state, { type: "setFieldPosition", id: "zz", x: 1, y: 1 })).toBe(state);
    expect(editorReducer(state, { type: "setFieldPosition", id: "a", x: 100, y: 100 })).toBe(state);
  });

  it("moves a field to another page, clamped onto it", () => {
    const state = run(start(), { type: "setFieldPage", id: "b", page: 3 });
    expect(byId(state, "b")).toMatchObject({ page: 3, x: 284, y: 184 });
    const rotatedPage = run(
      start(),
      { type: "setFieldPosition", id: "a", x: 400, y: 700 },
      { type: "setFieldPage", id: "a", page: 2 },
    );
    expect(byId(rotatedPage, "a")).toMatchObject({ page: 2, x: 400, y: 576 });
    for (const page of [0, 5, 2.5]) expect(editorReducer(state, { type: "setFieldPage", id: "a", page })).toBe(state);
    // A Text box (160 wide) cannot go onto the 100-wide page.
    expect(editorReducer(state, { type: "setFieldPage", id: "a", page: 4 })).toBe(state);
  });
});

describe("type, group and delete", () => {
  it("re-clamps a field whose new type is larger", () => {
    const state = run(stateWith([field("a", "Checkbox", 1, 590, 770)]), {
      type: "setFieldType",
      id: "a",
      fieldType: "Email",
    });
    expect(byId(state, "a")).toMatchObject({ type: "Email", x: 412, y: 768 });
    const tinyPage = stateWith([field("t", "Checkbox", 4, 0, 0)]);
    expect(editorReducer(tinyPage, { type: "setFieldType", id: "t", fieldType: "Signature" })).toBe(tinyPage);
    expect(editorReducer(tinyPage, { type: "setFieldType", id: "t", fieldType: "Checkbox" })).toBe(tinyPage);
  });

  it("moves a field to another existing group", () => {
    const state = stateWith([field("a", "Text", 1, 0, 0)]);
    expect(byId(run(state, { type: "setFieldGroup", id: "a", groupId: "g-b" }), "a").groupId).toBe("g-b");
    expect(editorReducer(state, { type: "setFieldGroup", id: "a", groupId: "g-x" })).toBe(state);
    expect(editorReducer(state, { type: "setFieldGroup", id: "x", groupId: "g-b" })).toBe(state);
  });

  it("deletes the selection, and undo brings back the fields and the selection", () => {
    const before = run(
      stateWith([field("a", "Text", 1, 0, 0), field("b", "Text", 1, 0, 50), field("c", "Date", 2, 0, 0)]),
      sel(["c", "a"]),
    );
    const after = run(before, { type: "deleteSelection" });
    expect(after.doc.fields.map((each) => each.id)).toEqual(["b"]);
    expect(after.selection).toEqual([]);
    const undone = run(after, { type: "undo" });
    expect(undone.doc).toBe(before.doc);
    expect(undone.selection).toEqual(["c", "a"]);
    expect(editorReducer(undone, { type: "clearSelection" })).not.toBe(undone);
    const empty = run(undone, { type: "clearSelection" });
    expect(editorReducer(empty, { type: "deleteSelection" })).toBe(empty);
  });
});

describe("duplicate, copy, paste", () => {
  const start = () =>
    run(
      stateWith([
        field("a", "Text", 1, 100, 100),
        field("b", "Checkbox", 1, 596, 776, "g-b"),
        field("c", "Date", 2, 0, 0),
      ]),
      sel(["b", "a"]),
    );

  it("duplicates 10 pt right and down, clamped, and selects the copies", () => {
    const state = run(start(), { type: "duplicateSelection", ids: ["d1", "d2"] });
    expect(state.doc.fields.slice(3)).toEqual([
      field("d1", "Checkbox", 1, 596, 776, "g-b"),
      field("d2", "Text", 1, 110, 110),
    ]);
    expect(state.selection).toEqual(["d1", "d2"]);
    expect(state.past).toHaveLength(1);
  });

  it("refuses too few, repeated or taken ids", () => {
    const state = start();
    for (const ids of [["d1"], ["d1", "d1"], ["d1", "c"], []]) {
      expect(editorReducer(state, { type: "duplicateSelection", ids })).toBe(state);
    }
  });

  it("copies without touching the document or history, then pastes +10/+10 and cascades", () => {
    const before = start();
    const copied = run(before, { type: "copySelection" });
    expect(copied.doc).toBe(before.doc);
    expect(copied.past).toEqual([]);
    expect(copied.clipboard?.map((each) => each.id)).toEqual(["b", "a"]);
    const once = run(copied, { type: "paste", ids: ["p1", "p2"] });
    expect([pos(once, "p1"), pos(once, "p2")]).toEqual([
      [596, 776],
      [110, 110],
    ]);
    expect(once.selection).toEqual(["p1", "p2"]);
    const twice = run(once, { type: "paste", ids: ["p3", "p4"] });
    expect(pos(twice, "p4")).toEqual([120, 120]);
  });

  it("pastes onto another page at the same position, clamped onto a smaller page", () => {
    const copied = run(start(), { type: "copySelection" });
    const onSmall = run(copied, { type: "paste", ids: ["p1", "p2"], page: 3 });
    expect([byId(onSmall, "p1"), byId(onSmall, "p2")]).toEqual([
      field("p1", "Checkbox", 3, 284, 184, "g-b"),
      field("p2", "Text", 3, 100, 100),
    ]);
    // The Text box cannot fit on the tiny page: only the Checkbox is pasted (its id p1; p2 unused).
    const onTiny = run(copied, { type: "paste", ids: ["p1", "p2"], page: 4 });
    expect(onTiny.doc.fields.slice(3)).toEqual([field("p1", "Checkbox", 4, 84, 34, "g-b")]);
    expectValid(onTiny);
  });

  it("puts pasted fields of a removed group into the active group", () => {
    const state = run(
      start(),
      { type: "copySelection" },
      { type: "removeGroup", id: "g-b" },
      { type: "paste", ids: ["p1", "p2"] },
    );
    expect(byId(state, "p1").groupId).toBe("g-a");
  });

  it("refuses to paste an empty clipboard, onto an unknown page, or with too few ids", () => {
    const state = start();
    expect(editorReducer(state, { type: "paste", ids: ["p1"] })).toBe(state);
    expect(editorReducer(state, { type: "copySelection" }).clipboard).not.toBeNull();
    const copied = run(state, { type: "copySelection" });
    expect(editorReducer(copied, { type: "paste", ids: ["p1", "p2"], page: 9 })).toBe(copied);
    expect(editorReducer(copied, { type: "paste", ids: ["p1"] })).toBe(copied);
    const none = run(state, { type: "clearSelection" });
    expect(editorReducer(none, { type: "copySelection" })).toBe(none);
  });
});

describe("repeatOnEveryPage", () => {
  it("copies each selected field to every other page at the same position, clamped, skipping pages too small", () => {
    const start = run(
      stateWith([field("s", "Signature", 1, 440, 700), field("k", "Checkbox", 1, 10, 10)]),
      sel(["s", "k"]),
    );
    const ids = createIdGenerator("r").many(idsNeeded(start, "repeatOnEveryPage"));
    expect(ids).toHaveLength(6);
    const state = run(start, { type: "repeatOnEveryPage", ids });
    expect(state.doc.fields.slice(2)).toEqual([
      field("r-1", "Signature", 2, 440, 552),
      field("r-2", "Signature", 3, 140, 152),
      field("r-3", "Checkbox", 2, 10, 10),
      field("r-4", "Checkbox", 3, 10, 10),
      field("r-5", "Checkbox", 4, 10, 10),
    ]);
    expect(state.selection).toEqual(["s", "k", "r-1", "r-2", "r-3", "r-4", "r-5"]);
    expect(state.past).toHaveLength(1);
    expectValid(state);
    // Everything is already there: repeating again adds nothing.
    const again = run(state, sel(["s"]));
    expect(editorReducer(again, { type: "repeatOnEveryPage", ids: ["x1", "x2", "x3"] })).toBe(again);
  });

  it("refuses with too few ids and does nothing without a selection", () => {
    const state = run(stateWith([field("k", "Checkbox", 1, 10, 10)]), sel(["k"]));
    expect(editorReducer(state, { type: "repeatOnEveryPage", ids: ["x1", "x2"] })).toBe(state);
    const none = run(state, { type: "clearSelection" });
    expect(editorReducer(none, { type: "repeatOnEveryPage", ids: ["x1", "x2", "x3"] })).toBe(none);
  });
});

describe("align and distribute", () => {
  // Text 160×24, Checkbox 16×16, Signature 160×48.
  const start = () =>
    run(
      stateWith([
        field("t", "Text", 1, 100, 50),
        field("k", "Checkbox", 1, 300, 200),
        field("s", "Signature", 1, 200, 120),
      ]),
      sel(["t", "k", "s"]),
    );

  it.each<[string, [number, number][]]>([
    // bounding box: left 100, top 50, right 360, bottom 216; centre (230, 133)
    [
      "left",
      [
        [100, 50],
        [100, 200],
        [100, 120],
      ],
    ],
    [
      "right",
      [
        [200, 50],
        [344, 200],
        [200, 120],
      ],
    ],
    [
      "centerX",
      [
        [150, 50],
        [222, 200],
        [150, 120],
      ],
    ],
    [
      "top",
      [
        [100, 50],
        [300, 50],
        [200, 50],
      ],
    ],
    [
      "bottom",
      [
        [100, 192],
        [300, 200],
        [200, 168],
      ],
    ],
    [
      "centerY",
      [
        [100, 121],
        [300, 125],
        [200, 109],
      ],
    ],
  ])("aligns %s", (edge, expected) => {
    const state = run(start(), { type: "align", edge: edge as "left" });
    expect([pos(state, "t"), pos(state, "k"), pos(state, "s")]).toEqual(expected);
  });

  it("aligns each page's fields among themselves", () => {
    const state = run(
      stateWith([
        field("k", "Checkbox", 1, 590, 10),
        field("e", "Email", 1, 0, 100),
        field("o", "Date", 2, 5, 5),
        field("p", "Date", 2, 300, 300),
      ]),
      sel(["k", "e", "o", "p"]),
    );
    const left = run(state, { type: "align", edge: "left" });
    expect([pos(left, "k"), pos(left, "e"), pos(left, "o"), pos(left, "p")]).toEqual([
      [0, 10],
      [0, 100],
      [5, 5],
      [5, 300],
    ]);
    const right = run(state, { type: "align", edge: "right" });
    expect([pos(right, "k")[0], pos(right, "e")[0], pos(right, "o")[0], pos(right, "p")[0]]).toEqual([
      590, 406, 300, 300,
    ]);
    const lone = run(stateWith([field("o", "Date", 2, 5, 5), field("k", "Checkbox", 1, 0, 0)]), sel(["o", "k"]));
    expect(editorReducer(lone, { type: "align", edge: "top" })).toBe(lone);
  });

  it("distributes horizontally with equal gaps, the outermost staying", () => {
    const state = run(
      stateWith([
        field("a", "Checkbox", 1, 0, 0),
        field("c", "Checkbox", 1, 300, 0),
        field("b", "Text", 1, 20, 0),
        field("d", "Checkbox", 1, 184, 30),
      ]),
      sel(["a", "c", "b", "d"]),
      { type: "distribute", axis: "horizontal" },
    );
    // Ordered a(0) b(20) d(184) c(300): span 316, widths 16+160+16+16 = 208, gap 36.
    expect([pos(state, "a")[0], pos(state, "b")[0], pos(state, "d")[0], pos(state, "c")[0]]).toEqual([0, 52, 248, 300]);
    const gaps = [52 - 16, 248 - (52 + 160), 300 - (248 + 16)];
    expect(gaps).toEqual([36, 36, 36]);
  });

  it("distributes vertically, and needs three fields on a page", () => {
    const state = run(start(), { type: "distribute", axis: "vertical" });
    // Ordered t(50, 24) s(120, 48) k(200, 16): span 166, heights 88, gap 39.
    expect([pos(state, "t")[1], pos(state, "s")[1], pos(state, "k")[1]]).toEqual([50, 113, 200]);
    const two = run(start(), sel(["t", "k"]));
    expect(editorReducer(two, { type: "distribute", axis: "vertical" })).toBe(two);
    const even = run(state, { type: "distribute", axis: "vertical" });
    expect(even).toBe(state);
  });
});

describe("selection", () => {
  const start = () =>
    stateWith([
      field("a", "Text", 1, 100, 100),
      field("b", "Checkbox", 1, 300, 300),
      field("c", "Date", 1, 50, 400),
      field("d", "Date", 2, 100, 100),
    ]);

  it("replaces, adds and toggles, keeping selection order, without history", () => {
    let state = run(start(), sel(["b", "a", "b"]));
    expect(state.selection).toEqual(["b", "a"]);
    state = run(state, { type: "select", ids: ["c", "a"], mode: "add" });
    expect(state.selection).toEqual(["b", "a", "c"]);
    state = run(state, { type: "select", ids: ["a", "d"], mode: "toggle" });
    expect(state.selection).toEqual(["b", "c", "d"]);
    expect(state.past).toEqual([]);
    expect(editorReducer(state, { type: "select", ids: ["a", "zz"], mode: "add" })).toBe(state);
    expect(editorReducer(state, { type: "select", ids: ["b", "c", "d"], mode: "replace" })).toBe(state);
  });

  it("selects by marquee: boxes overlapping the rectangle on that page, dragged in any direction", () => {
    const state = start();
    const marquee = (
      rect: { x: number; y: number; width: number; height: number },
      mode: "replace" | "add" | "toggle" = "replace",
    ) => run(state, { type: "selectInRect", page: 1, rect, mode }).selection;
    expect(marquee({ x: 0, y: 0, width: 320, height: 320 })).toEqual(["a", "b"]);
    expect(marquee({ x: 320, y: 320, width: -320, height: -320 })).toEqual(["a", "b"]);
    // Touching an edge is not overlapping: a's box ends at x 260.
    expect(marquee({ x: 260, y: 0, width: 30, height: 500 })).toEqual([]);
    expect(marquee({ x: 255, y: 110, width: 0, height: 0 })).toEqual(["a"]);
    expect(
      run(state, sel(["c"]), {
        type: "selectInRect",
        page: 1,
        rect: { x: 0, y: 0, width: 612, height: 792 },
        mode: "toggle",
      }).selection,
    ).toEqual(["a", "b"]);
    expect(
      run(state, { type: "selectInRect", page: 2, rect: { x: 0, y: 0, width: 800, height: 600 }, mode: "add" })
        .selection,
    ).toEqual(["d"]);
    expect(
      editorReducer(state, {
        type: "selectInRect",
        page: 1,
        rect: { x: Number.NaN, y: 0, width: 1, height: 1 },
        mode: "replace",
      }),
    ).toBe(state);
  });

  it("selects all, on one page or everywhere, and clears", () => {
    const state = start();
    expect(run(state, { type: "selectAll", page: 1 }).selection).toEqual(["a", "b", "c"]);
    expect(run(state, { type: "selectAll" }).selection).toEqual(["a", "b", "c", "d"]);
    expect(run(state, { type: "selectAll" }, { type: "clearSelection" }).selection).toEqual([]);
    expect(editorReducer(state, { type: "clearSelection" })).toBe(state);
  });
});

describe("groups", () => {
  it("adds groups with distinct colours, up to 20, the new one active", () => {
    let state = stateWith([], [groupA]);
    for (let index = 2; index <= 8; index += 1)
      state = run(state, { type: "addGroup", id: `g${index}`, label: ` Party ${index} ` });
    expect(new Set(state.doc.groups.map((group) => group.color)).size).toBe(8);
    expect(state.doc.groups.map((group) => group.color)).toEqual([...groupColors]);
    expect(state.doc.groups[1]?.label).toBe("Party 2");
    expect(state.activeGroupId).toBe("g8");
    for (let index = 9; index <= 20; index += 1)
      state = run(state, { type: "addGroup", id: `g${index}`, label: `P${index}` });
    expect(state.doc.groups).toHaveLength(20);
    expect(editorReducer(state, { type: "addGroup", id: "g21", label: "One too many" })).toBe(state);
  });

  it("refuses a blank or over-long label and a taken id", () => {
    const state = stateWith();
    expect(editorReducer(state, { type: "addGroup", id: "g-c", label: "   " })).toBe(state);
    expect(editorReducer(state, { type: "addGroup", id: "g-c", label: "x".repeat(61) })).toBe(state);
    expect(editorReducer(state, { type: "addGroup", id: "g-a", label: "Agent" })).toBe(state);
    expect(run(state, { type: "addGroup", id: "g-c", label: "Agent" }).doc.groups[2]?.color).toBe(groupColors[2]);
  });

  it("renames a group", () => {
    const state = run(stateWith(), { type: "renameGroup", id: "g-b", label: "  Landlord " });
    expect(state.doc.groups[1]?.label).toBe("Landlord");
    expect(editorReducer(state, { type: "renameGroup", id: "g-b", label: "Landlord" })).toBe(state);
    expect(editorReducer(state, { type: "renameGroup", id: "g-z", label: "X" })).toBe(state);
    expect(editorReducer(state, { type: "renameGroup", id: "g-b", label: "" })).toBe(state);
  });

  it("reorders groups (the index is clamped)", () => {
    let state = run(stateWith(), { type: "addGroup", id: "g-c", label: "Agent" });
    state = run(state, { type: "moveGroup", id: "g-c", toIndex: 0 });
    expect(state.doc.groups.map((group) => group.id)).toEqual(["g-c", "g-a", "g-b"]);
    state = run(state, { type: "moveGroup", id: "g-c", toIndex: 99 });
    expect(state.doc.groups.map((group) => group.id)).toEqual(["g-a", "g-b", "g-c"]);
    expect(editorReducer(state, { type: "moveGroup", id: "g-c", toIndex: 2 })).toBe(state);
    expect(editorReducer(state, { type: "moveGroup", id: "g-x", toIndex: 0 })).toBe(state);
    expect(editorReducer(state, { type: "moveGroup", id: "g-c", toIndex: 0.5 })).toBe(state);
  });

  it("removes a group with its fields in one undoable step", () => {
    const start = run(
      stateWith([field("a", "Text", 1, 0, 0), field("b", "Text", 1, 0, 30, "g-b"), field("c", "Date", 2, 0, 0, "g-b")]),
      { type: "setActiveGroup", id: "g-b" },
      sel(["a", "b"]),
    );
    const removed = run(start, { type: "removeGroup", id: "g-b" });
    expect(removed.doc.groups).toEqual([groupA]);
    expect(removed.doc.fields.map((each) => each.id)).toEqual(["a"]);
    expect(removed.selection).toEqual(["a"]);
    expect(removed.activeGroupId).toBe("g-a");
    expect(removed.past).toHaveLength(1);
    expect(editorReducer(removed, { type: "removeGroup", id: "g-a" })).toBe(removed);
    const undone = run(removed, { type: "undo" });
    expect(undone.doc).toBe(start.doc);
    expect(undone.selection).toEqual(["a", "b"]);
    const redone = run(undone, { type: "redo" });
    expect(redone.doc).toBe(removed.doc);
    expect(editorReducer(start, { type: "removeGroup", id: "g-z" })).toBe(start);
  });

  it("sets the active group, which is not recorded", () => {
    const state = stateWith();
    const next = run(state, { type: "setActiveGroup", id: "g-b" });
    expect(next.activeGroupId).toBe("g-b");
    expect(next.past).toEqual([]);
    expect(editorReducer(state, { type: "setActiveGroup", id: "g-z" })).toBe(state);
    expect(editorReducer(state, { type: "setActiveGroup", id: "g-a" })).toBe(state);
  });

  it("falls back to the first group when undo removes the active one", () => {
    const state = run(stateWith(), { type: "addGroup", id: "g-c", label: "Agent" }, { type: "undo" });
    expect(state.activeGroupId).toBe("g-a");
    expectValid(state);
  });
});

describe("rename", () => {
  it("renames the document (trimmed), refusing a blank or over-long name", () => {
    const state = run(stateWith(), { type: "rename", name: " Lease B " });
    expect(state.doc.name).toBe("Lease B");
    expect(editorReducer(state, { type: "rename", name: " " })).toBe(state);
    expect(editorReducer(state, { type: "rename", name: "n".repeat(201) })).toBe(state);
    expect(editorReducer(state, { type: "rename", name: "Lease B" })).toBe(state);
  });
});

describe("history", () => {
  const add = (id: string, x = 0): EditorAction => ({ type: "addField", id, fieldType: "Checkbox", page: 1, x, y: 0 });

  it("records one step per change and undoes and redoes doc and selection", () => {
    const s0 = stateWith();
    const s1 = run(s0, add("a"));
    const s2 = run(s1, { type: "moveSelection", dx: 10, dy: 0 });
    const s3 = run(s2, add("b", 50), { type: "select", ids: ["a"], mode: "add" });
    expect(s3.past).toHaveLength(3);
    expect(canUndo(s3) && !canRedo(s3)).toBe(true);
    const u1 = run(s3, { type: "undo" });
    expect(u1.doc).toBe(s2.doc);
    expect(u1.selection).toEqual(["a"]);
    const u3 = run(u1, { type: "undo" }, { type: "undo" });
    expect(u3.doc).toBe(s0.doc);
    expect(editorReducer(u3, { type: "undo" })).toBe(u3);
    const r3 = run(u3, { type: "redo" }, { type: "redo" }, { type: "redo" });
    expect(r3.doc).toBe(s3.doc);
    expect(r3.selection).toEqual(["b", "a"]);
    expect(editorReducer(r3, { type: "redo" })).toBe(r3);
  });

  it("clears the redo stack on a new change after undo", () => {
    const state = run(stateWith(), add("a"), add("b"), { type: "undo" });
    expect(state.future).toHaveLength(1);
    const changed = run(state, { type: "rename", name: "Other" });
    expect(changed.future).toEqual([]);
    expect(run(state, { type: "select", ids: [], mode: "replace" }).future).toHaveLength(1);
  });

  it("keeps at most 200 steps", () => {
    let state = run(stateWith(), add("a"));
    for (let step = 0; step < historyLimit + 50; step += 1)
      state = run(state, { type: "moveSelection", dx: step % 2 ? -1 : 1, dy: 0 });
    expect(state.past).toHaveLength(historyLimit);
    for (let step = 0; step < historyLimit; step += 1) state = run(state, { type: "undo" });
    expect(canUndo(state)).toBe(false);
    expect(state.doc.fields).toHaveLength(1);
  });
});

describe("commands", () => {
  it("turns paste, duplicate, repeat and select-all into actions with fresh ids", () => {
    const ids = createIdGenerator("f", ["f-1", "f-3"]);
    let state = run(stateWith([field("f-1", "Text", 1, 0, 0), field("f-3", "Text", 2, 0, 0)]), sel(["f-1"]));
    state = run(state, commandToAction(state, "duplicate", { page: 1, ids }));
    expect(state.selection).toEqual(["f-2"]);
    state = run(state, { type: "copySelection" });
    state = run(state, commandToAction(state, "paste", { page: 1, ids }));
    expect(state.selection).toEqual(["f-4"]);
    expect(commandToAction(state, "selectAllOnPage", { page: 2, ids })).toEqual({ type: "selectAll", page: 2 });
    expect(commandToAction(state, "repeatOnEveryPage", { page: 2, ids })).toEqual({
      type: "repeatOnEveryPage",
      ids: ["f-5", "f-6", "f-7"],
    });
  });
});

describe("limits and unknown actions", () => {
  it("refuses copies that would make more than 500 fields", () => {
    const fields = Array.from({ length: limits.maxFieldsPerTemplate - 1 }, (_, i) =>
      field(`f${i}`, "Checkbox", 1, i, i),
    );
    const state = run(stateWith(fields), sel(["f0", "f1"]), { type: "copySelection" });
    expect(editorReducer(state, { type: "duplicateSelection", ids: ["d1", "d2"] })).toBe(state);
    expect(editorReducer(state, { type: "paste", ids: ["d1", "d2"] })).toBe(state);
    expect(editorReducer(state, { type: "repeatOnEveryPage", ids: ["d1", "d2", "d3", "d4", "d5", "d6"] })).toBe(state);
    const one = run(state, sel(["f0"]), { type: "duplicateSelection", ids: ["d1"] });
    expect(one.doc.fields).toHaveLength(limits.maxFieldsPerTemplate);
  });

  it("returns the same state for an action it does not know", () => {
    const state = stateWith();
    expect(editorReducer(state, { type: "explode" } as unknown as EditorAction)).toBe(state);
  });

  it("generates ids that skip the draft's and never repeat", () => {
    const ids = createIdGenerator("f", ["f-2", "f-3"]);
    expect([ids.next(), ids.next(), ...ids.many(2)]).toEqual(["f-1", "f-4", "f-5", "f-6"]);
    expect(ids.many(0)).toEqual([]);
  });
});

describe("randomised sequence", () => {
  const prng = seededRandom;

  function randomAction(
    state: EditorState,
    random: () => number,
    ids: ReturnType<typeof createIdGenerator>,
  ): EditorAction {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const coord = () => Math.round((random() * 1000 - 100) * 4) / 4;
    const anyFieldId = () => (state.doc.fields.length > 0 && random() < 0.9 ? pick(state.doc.fields).id : "missing");
    const anyGroupId = () => (random() < 0.9 ? pick(state.doc.groups).id : "missing");
    const page = () => Math.floor(random() * 6);
    const kind = Math.floor(random() * 29);
    switch (kind) {
      case 0:
      case 1:
      case 2:
        return { type: "addField", id: ids.next(), fieldType: pick(fieldTypes), page: page(), x: coord(), y: coord() };
      case 3:
      case 4:
        return { type: "moveSelection", dx: coord() / 5, dy: coord() / 5 };
      case 5:
        return { type: "setFieldPosition", id: anyFieldId(), x: coord(), y: coord() };
      case 6:
        return { type: "setFieldPage", id: anyFieldId(), page: page() };
      case 7:
        return { type: "setFieldType", id: anyFieldId(), fieldType: pick(fieldTypes) };
      case 8:
        return { type: "setFieldGroup", id: anyFieldId(), groupId: anyGroupId() };
      case 9:
        return { type: "deleteSelection" };
      case 10:
        return commandToAction(state, "duplicate", { page: 1, ids });
      case 11:
        return { type: "copySelection" };
      case 12:
        return random() < 0.5
          ? commandToAction(state, "paste", { page: 1, ids })
          : { type: "paste", ids: ids.many(state.clipboard?.length ?? 0), page: page() };
      case 13:
        return commandToAction(state, "repeatOnEveryPage", { page: 1, ids });
      case 14:
        return { type: "align", edge: pick(["left", "right", "top", "bottom", "centerX", "centerY"] as const) };
      case 15:
        return { type: "distribute", axis: pick(["horizontal", "vertical"] as const) };
      case 16:
      case 17: {
        const chosen = state.doc.fields.filter(() => random() < 0.3).map((each) => each.id);
        return { type: "select", ids: chosen, mode: pick(["replace", "toggle", "add"] as const) };
      }
      case 18:
        return {
          type: "selectInRect",
          page: page(),
          rect: { x: coord(), y: coord(), width: coord(), height: coord() },
          mode: pick(["replace", "toggle", "add"] as const),
        };
      case 19:
        return random() < 0.5 ? { type: "selectAll", page: page() } : { type: "selectAll" };
      case 20:
        return {
          type: "addGroup",
          id: `grp-${Math.floor(random() * 40)}`,
          label: pick(["Buyer", "Seller", " ", "Witness"]),
        };
      case 21:
        return { type: "renameGroup", id: anyGroupId(), label: pick(["Agent", "", "Lawyer"]) };
      case 22:
        return { type: "moveGroup", id: anyGroupId(), toIndex: Math.floor(random() * 25) - 2 };
      case 23:
        return { type: "removeGroup", id: anyGroupId() };
      case 24:
        return { type: "setActiveGroup", id: anyGroupId() };
      case 25:
        return { type: "rename", name: pick(["Lease", "  ", "Contract"]) };
      case 26:
        return { type: "undo" };
      case 27:
        return { type: "redo" };
      default:
        return { type: "clearSelection" };
    }
  }

  it.each([1, 42, 2024])("keeps every invariant over 500 random actions (seed %i)", (seed) => {
    const random = prng(seed);
    const base = makeDraft([field("f1", "Text", 1, 10, 10), field("f2", "Checkbox", 2, 700, 500, "g-b")]);
    const ids = createIdGenerator("r", ["f1", "f2"]);
    let state = createEditorState(base);
    let changes = 0;
    for (let step = 0; step < 500; step += 1) {
      const action = randomAction(state, random, ids);
      const next = editorReducer(state, action);
      if (next !== state) changes += 1;
      if (next.doc !== state.doc && !["undo", "redo"].includes(action.type)) {
        expect(next.future).toEqual([]);
      }
      state = next;
      expect(stateProblems(state)).toEqual([]);
      expect(DraftSchema.safeParse(toDraft(state, base)).success).toBe(true);
    }
    expect(changes).toBeGreaterThan(200);
    // Undo all the way back and redo all the way forward lands on the same document.
    const end = state;
    const steps = state.past.length;
    for (let step = 0; step < steps; step += 1) {
      state = editorReducer(state, { type: "undo" });
      expect(DraftSchema.safeParse(toDraft(state, base)).success).toBe(true);
    }
    for (let step = 0; step < steps; step += 1) state = editorReducer(state, { type: "redo" });
    expect(state.doc).toBe(end.doc);
    expect(state.selection).toEqual(end.selection);
  });
});
