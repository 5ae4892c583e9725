import { z } from "zod";
import { FieldTypeSchema } from "../../common/fields.ts";
import { type FieldsFound, FoundNoteSchema, FoundSourceSchema } from "../../common/found-fields.ts";

/**
 * Scores what the detector found (issue 34) against a corpus document's expected answer
 * (test/fixtures/detect/<file>.expected.json, made by scripts/detect-corpus from qpdf and poppler, never by the
 * detector). Fields match one-to-one on the same page and type, nearest first; a pair further apart than
 * `matchWithinPt` is no match (a miss and a false find). Notes compare as a multiset of kind and page.
 */
export const ExpectedDocumentSchema = z.object({
  file: z.string().optional(),
  fields: z.array(
    z.object({
      type: FieldTypeSchema,
      page: z.int().min(1),
      x: z.number(),
      y: z.number(),
      role: z.int().min(0),
      source: FoundSourceSchema,
      label: z.string().optional(),
    }),
  ),
  notes: z.array(z.object({ kind: FoundNoteSchema.shape.kind, page: z.int().min(1), label: z.string().optional() })),
  roles: z.array(z.string()),
});
export type ExpectedDocument = z.infer<typeof ExpectedDocumentSchema>;
type ExpectedField = ExpectedDocument["fields"][number];
type FoundField = FieldsFound["fields"][number];

export interface FieldPair {
  expected: ExpectedField;
  found: FoundField;
  /** Distance between the two top-left corners, in points. */
  error: number;
}

export interface DetectionScore {
  expectedCount: number;
  foundCount: number;
  pairs: FieldPair[];
  missed: ExpectedField[];
  extra: FoundField[];
  /** Matched / expected; 1 when nothing was expected. */
  recall: number;
  /** Matched / found; 1 when nothing was found. */
  precision: number;
  /** The largest distance of a matched pair, 0 when none matched. */
  positionErrorMax: number;
  /** Matched pairs whose role index differs, and whether the role lists are as long. */
  roleMismatches: FieldPair[];
  roleCountMatches: boolean;
  /** Notes as `kind@page`, each as often as it is missing or extra. */
  notesMissing: string[];
  notesExtra: string[];
}

export const defaultMatchWithinPt = 36;

function matchFields(expected: ExpectedField[], found: FoundField[], within: number): FieldPair[] {
  const candidates: { e: number; f: number; error: number }[] = [];
  expected.forEach((want, e) => {
    found.forEach((got, f) => {
      if (want.page !== got.page || want.type !== got.type) return;
      const error = Math.hypot(want.x - got.x, want.y - got.y);
      if (error <= within) candidates.push({ e, f, error });
    });
  });
  // Nearest first, each side used once: ties broken by order, so the result does not depend on sort stability.
  candidates.sort((a, b) => a.error - b.error || a.e - b.e || a.f - b.f);
  const usedExpected = new Set<number>();
  const usedFound = new Set<number>();
  const pairs: FieldPair[] = [];
  for (const { e, f, error } of candidates) {
    if (usedExpected.has(e) || usedFound.has(f)) continue;
    usedExpected.add(e);
    usedFound.add(f);
    const want = expected[e];
    const got = found[f];
    if (want !== undefined && got !== undefined) pairs.push({ expected: want, found: got, error });
  }
  return pairs;
}

function multisetDifference(left: string[], right: string[]): string[] {
  const remaining = [...right];
  return left.filter((item) => {
    const at = remaining.indexOf(item);
    if (at < 0) return true;
    remaining.splice(at, 1);
    return false;
  });
}

export function scoreDetection(
  found: Pick<FieldsFound, "fields" | "notes" | "roles">,
  expected: ExpectedDocument,
  matchWithinPt = defaultMatchWithinPt,
): DetectionScore {
  const pairs = matchFields(expected.fields, found.fields, matchWithinPt);
  const matchedExpected = new Set(pairs.map((pair) => pair.expected));
  const matchedFound = new Set(pairs.map((pair) => pair.found));
  const noteKeys = (notes: { kind: string; page: number }[]) => notes.map((note) => `${note.kind}@${note.page}`);
  return {
    expectedCount: expected.fields.length,
    foundCount: found.fields.length,
    pairs,
    missed: expected.fields.filter((field) => !matchedExpected.has(field)),
    extra: found.fields.filter((field) => !matchedFound.has(field)),
    recall: expected.fields.length === 0 ? 1 : pairs.length / expected.fields.length,
    precision: found.fields.length === 0 ? 1 : pairs.length / found.fields.length,
    positionErrorMax: pairs.reduce((largest, pair) => Math.max(largest, pair.error), 0),
    roleMismatches: pairs.filter((pair) => pair.found.role !== pair.expected.role),
    roleCountMatches: found.roles.length === expected.roles.length,
    notesMissing: multisetDifference(noteKeys(expected.notes), noteKeys(found.notes)),
    notesExtra: multisetDifference(noteKeys(found.notes), noteKeys(expected.notes)),
  };
}

/** Scores summed over several documents: recall and precision of all fields together, the largest error. */
export function totalScore(scores: DetectionScore[]): { recall: number; precision: number; positionErrorMax: number } {
  const matched = scores.reduce((sum, score) => sum + score.pairs.length, 0);
  const expected = scores.reduce((sum, score) => sum + score.expectedCount, 0);
  const found = scores.reduce((sum, score) => sum + score.foundCount, 0);
  return {
    recall: expected === 0 ? 1 : matched / expected,
    precision: found === 0 ? 1 : matched / found,
    positionErrorMax: scores.reduce((largest, score) => Math.max(largest, score.positionErrorMax), 0),
  };
}
