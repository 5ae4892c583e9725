import { describe, expect, it } from "vitest";
import type { FieldsFound } from "../../common/found-fields.ts";
import { type ExpectedDocument, scoreDetection, totalScore } from "../support/detect-scoring.ts";

type Found = FieldsFound["fields"][number];

function found(type: Found["type"], page: number, x: number, y: number, role = 0): Found {
  return {
    key: `p${page}-${type}-${x}-${y}`,
    type,
    page,
    x,
    y,
    role,
    source: "widget",
    label: type,
    found: { x, y, width: 10, height: 10 },
  };
}

function want(type: Found["type"], page: number, x: number, y: number, role = 0): ExpectedDocument["fields"][number] {
  return { type, page, x, y, role, source: "widget" };
}

const result = (fields: Found[], notes: FieldsFound["notes"] = [], roles = ["A"]) => ({ fields, notes, roles });

describe("scoring found fields against the expected answer", () => {
  it("an exact answer scores recall 1, precision 1 and no error", () => {
    const expected = { fields: [want("Signature", 1, 72, 100), want("Date", 2, 10, 20)], notes: [], roles: ["A"] };
    const score = scoreDetection(result([found("Date", 2, 10, 20), found("Signature", 1, 72, 100)]), expected);
    expect(score).toMatchObject({ recall: 1, precision: 1, positionErrorMax: 0, missed: [], extra: [] });
  });

  it("the position error is the largest distance between matched corners", () => {
    const expected = { fields: [want("Text", 1, 0, 0), want("Text", 1, 100, 0)], notes: [], roles: ["A"] };
    const score = scoreDetection(result([found("Text", 1, 3, 4), found("Text", 1, 100.5, 0)]), expected);
    expect(score.pairs).toHaveLength(2);
    expect(score.positionErrorMax).toBeCloseTo(5, 10);
  });

  it("matches one-to-one, nearest first, so two close fields are not both given to one", () => {
    const expected = { fields: [want("Checkbox", 1, 0, 0), want("Checkbox", 1, 20, 0)], notes: [], roles: ["A"] };
    const score = scoreDetection(result([found("Checkbox", 1, 19, 0), found("Checkbox", 1, 1, 0)]), expected);
    expect(score.pairs.map((pair) => [pair.expected.x, pair.found.x])).toEqual([
      [0, 1],
      [20, 19],
    ]);
    expect(score.positionErrorMax).toBe(1);
  });

  it("a field of another type or page is a miss and a false find, not a match", () => {
    const expected = { fields: [want("Signature", 1, 50, 50), want("Name", 2, 50, 50)], notes: [], roles: ["A"] };
    const score = scoreDetection(result([found("Initials", 1, 50, 50), found("Name", 3, 50, 50)]), expected);
    expect(score).toMatchObject({ recall: 0, precision: 0, positionErrorMax: 0 });
    expect(score.missed).toHaveLength(2);
    expect(score.extra).toHaveLength(2);
  });

  it("a field further than the match distance counts as missed", () => {
    const expected = { fields: [want("Text", 1, 0, 0)], notes: [], roles: ["A"] };
    expect(scoreDetection(result([found("Text", 1, 40, 0)]), expected).recall).toBe(0);
    expect(scoreDetection(result([found("Text", 1, 40, 0)]), expected, 50).recall).toBe(1);
  });

  it("recall and precision count misses and extras separately", () => {
    const expected = {
      fields: [want("Text", 1, 0, 0), want("Text", 1, 0, 100), want("Date", 1, 0, 200), want("Email", 1, 0, 300)],
      notes: [],
      roles: ["A"],
    };
    const score = scoreDetection(
      result([found("Text", 1, 0, 0), found("Text", 1, 0, 100), found("Date", 1, 0, 200), found("Name", 1, 0, 300)]),
      expected,
    );
    expect(score.recall).toBe(0.75);
    expect(score.precision).toBe(0.75);
  });

  it("with nothing expected and nothing found, both are 1; anything found lowers precision", () => {
    const empty = { fields: [], notes: [], roles: [] };
    expect(scoreDetection(result([], [], []), empty)).toMatchObject({ recall: 1, precision: 1 });
    expect(scoreDetection(result([found("Text", 1, 0, 0)]), empty)).toMatchObject({ recall: 1, precision: 0 });
  });

  it("notes compare by kind and page as a multiset", () => {
    const expected: ExpectedDocument = {
      fields: [],
      notes: [
        { kind: "radioGroup", page: 1 },
        { kind: "radioGroup", page: 1 },
        { kind: "unsupportedType", page: 2 },
      ],
      roles: [],
    };
    const notes: FieldsFound["notes"] = [
      { kind: "radioGroup", page: 1, label: "a" },
      { kind: "unsupportedType", page: 3, label: "b" },
      { kind: "pushButton", page: 1, label: "c" },
    ];
    const score = scoreDetection(result([], notes, []), expected);
    expect(score.notesMissing).toEqual(["radioGroup@1", "unsupportedType@2"]);
    expect(score.notesExtra).toEqual(["unsupportedType@3", "pushButton@1"]);
  });

  it("reports matched fields of another role and a different number of roles", () => {
    const expected = {
      fields: [want("Signature", 1, 0, 0, 0), want("Signature", 1, 0, 100, 1)],
      notes: [],
      roles: ["a", "b"],
    };
    const score = scoreDetection(
      result([found("Signature", 1, 0, 0, 0), found("Signature", 1, 0, 100, 0)], [], ["x"]),
      expected,
    );
    expect(score.roleMismatches.map((pair) => pair.expected.y)).toEqual([100]);
    expect(score.roleCountMatches).toBe(false);
  });

  it("totals pool fields across documents", () => {
    const one = scoreDetection(result([found("Text", 1, 0, 0)]), {
      fields: [want("Text", 1, 0, 0.5)],
      notes: [],
      roles: ["A"],
    });
    const two = scoreDetection(result([]), {
      fields: [want("Text", 1, 0, 0), want("Date", 1, 0, 0)],
      notes: [],
      roles: ["A"],
    });
    expect(totalScore([one, two])).toEqual({ recall: 1 / 3, precision: 1, positionErrorMax: 0.5 });
  });
});
