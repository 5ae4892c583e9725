import { describe, expect, it } from "vitest";
import type { FieldsFound, FoundField } from "../../common/found-fields";
import { assignRoles, overlappingCount, placementOf, roleNumber } from "../../renderer/editor/found/found-placement";
import { canUndo, createIdGenerator, editorReducer } from "../../renderer/editor/state/editor-state";
import { expectValid, field, groupA, groupB, run, stateWith } from "../support/editor-state-fixtures";

const recipientLabel = (role: string) => {
  const number = roleNumber(role);
  return number === null ? role : `Recipient ${number}`;
};

function found(roles: string[], fields: Partial<FoundField>[]): FieldsFound {
  return {
    roles,
    pageCount: 4,
    notes: [],
    fields: fields.map((each, index) => ({
      key: `p1-tag-${index}`,
      type: "Signature",
      page: 1,
      x: 50,
      y: 60 + 60 * index,
      role: 0,
      source: "documensoTag",
      label: "{{signature, r1}}",
      found: { x: 50, y: 60 + 60 * index, width: 120, height: 14 },
      ...each,
    })),
  };
}

const ids = () => ({ field: createIdGenerator("field"), group: createIdGenerator("group", ["g-a", "g-b"]) });

describe("placing the fields found in a document", () => {
  it("reads Documenso's recipient numbers and leaves named roles alone", () => {
    expect(roleNumber("r2")).toBe(2);
    expect(roleNumber("R10")).toBe(10);
    expect(roleNumber("Signer1")).toBeNull();
    expect(roleNumber("Buyer")).toBeNull();
  });

  it("gives a role the group of its name, else the group in its place, else a new group", () => {
    const doc = stateWith([field("f", "Text", 1, 0, 0, "g-a")], [groupA, groupB]).doc;
    let counter = 0;
    const next = () => `new-${counter++}`;
    // Seller by name (the second group), Buyer by name, Agent in place 2 is taken by name: a new group.
    expect(assignRoles(["Seller", "Buyer", "Agent"], ["Seller", "Buyer", "Agent"], doc, next)).toEqual([
      { groupId: "g-b" },
      { groupId: "g-a" },
      { groupId: "new-0", newLabel: "Agent" },
    ]);
    // r1 and r2 take the groups in their places; the empty one is renamed, the one with a field keeps its name.
    expect(assignRoles(["r1", "r2"], ["Recipient 1", "Recipient 2"], doc, next)).toEqual([
      { groupId: "g-a" },
      { groupId: "g-b", rename: "Recipient 2" },
    ]);
    // No roles: the first group.
    expect(assignRoles([], [], doc, next)).toEqual([{ groupId: "g-a" }]);
  });

  it("places every accepted field, with its groups and covers, as one undo step", () => {
    const start = stateWith([], [groupA]);
    const result = found(
      ["r1", "r2"],
      [
        {
          role: 1,
          cover: { x: 50, y: 60, width: 120, height: 14, color: "#deeaf6" },
          moreCovers: [{ x: 72, y: 80, width: 60, height: 14 }],
        },
        { role: 0, type: "Date", key: "p2-tag-0", page: 2 },
        { role: 1, type: "Checkbox", key: "p1-widget-0", source: "widget" },
      ],
    );
    const accepted = result.fields.slice(0, 2);
    const action = placementOf(result, accepted, start.doc, ids(), recipientLabel);
    const placed = editorReducer(start, action);
    expectValid(placed);
    expect(placed.doc.groups.map((group) => group.label)).toEqual(["Recipient 1", "Recipient 2"]);
    expect(placed.doc.fields).toHaveLength(2);
    const [first, second] = placed.doc.fields;
    expect(first).toMatchObject({ type: "Signature", page: 1, x: 50, y: 60, groupId: placed.doc.groups[1]?.id });
    expect(first?.cover).toEqual({ page: 1, x: 50, y: 60, width: 120, height: 14, color: "#deeaf6" });
    expect(first?.moreCovers).toEqual([{ page: 1, x: 72, y: 80, width: 60, height: 14 }]);
    expect(second).toMatchObject({ type: "Date", page: 2, groupId: "g-a" });
    expect(placed.selection).toEqual(placed.doc.fields.map((each) => each.id));
    expect(canUndo(placed)).toBe(true);
    const undone = run(placed, { type: "undo" });
    expect(undone.doc).toEqual(start.doc);
  });

  it("refuses, whole, what would pass the template's limits or land on no page", () => {
    const start = stateWith([], [groupA]);
    const result = found(["r1"], [{ page: 9 }]);
    expect(editorReducer(start, placementOf(result, result.fields, start.doc, ids(), recipientLabel))).toBe(start);
    const many = found(
      ["r1"],
      Array.from({ length: 501 }, (_, index) => ({ key: `k${index}`, y: 10 })),
    );
    expect(editorReducer(start, placementOf(many, many.fields, start.doc, ids(), recipientLabel))).toBe(start);
  });

  it("moves a box that would leave its page back onto it", () => {
    const start = stateWith([], [groupA]);
    const result = found(["r1"], [{ x: 600, y: 780 }]);
    const placed = editorReducer(start, placementOf(result, result.fields, start.doc, ids(), recipientLabel));
    expect(placed.doc.fields[0]).toMatchObject({ x: 612 - 160, y: 792 - 48 });
  });

  it("counts the accepted fields that would overlap another, accepted or already placed", () => {
    // A Signature is 48 pt high: the Name tag on the next line (18 pt below) lies under it.
    const signature = { page: 1, x: 72, y: 100, type: "Signature" as const };
    const name = { page: 1, x: 72, y: 118, type: "Name" as const };
    const apart = { page: 1, x: 72, y: 300, type: "Date" as const };
    const otherPage = { page: 2, x: 72, y: 100, type: "Signature" as const };
    expect(overlappingCount([signature, name, apart, otherPage], [])).toBe(2);
    expect(overlappingCount([apart], [{ page: 1, x: 100, y: 310, type: "Text" }])).toBe(1);
    expect(overlappingCount([apart, otherPage], [])).toBe(0);
  });
});
