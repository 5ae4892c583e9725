import { describe, expect, it } from "vitest";
import { displayedSize } from "../../common/coordinates";
import { DraftSchema } from "../../common/draft";
import { type FieldType, limits } from "../../common/fields";
import { idsNeeded } from "../../renderer/editor/state/commands";
import {
  createEditorState,
  createIdGenerator,
  type EditorAction,
  editorReducer,
  toDraft,
} from "../../renderer/editor/state/editor-state";
import {
  byId,
  expectValid,
  field,
  groupA,
  groupB,
  makeDraft,
  pages,
  pos,
  rotated,
  run,
  sel,
  stateWith,
} from "../support/editor-state-fixtures";

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
