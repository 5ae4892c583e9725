import { describe, expect, it } from "vitest";
import { DraftSchema } from "../../common/draft";
import { fieldTypes, limits } from "../../common/fields";
import { commandToAction } from "../../renderer/editor/state/commands";
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
import { field, makeDraft, run, sel, stateWith } from "../support/editor-state-fixtures";
import { seededRandom } from "../support/seeded-random";

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
