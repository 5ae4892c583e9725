import { describe, expect, it } from "vitest";
import { groupColors } from "../../common/draft";
import { editorReducer } from "../../renderer/editor/state/editor-state";
import { expectValid, field, groupA, pos, run, sel, stateWith } from "../support/editor-state-fixtures";

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
