import type { EditorDoc } from "./types";

/** Field ids for actions that create fields: the UI draws them from a generator and puts them in the action. */

export const maxIdLength = 100;

export interface IdGenerator {
  /** A new id, never returned before and never among the ids the generator was told are taken. */
  next(): string;
  /** `count` new ids. */
  many(count: number): string[];
}

/**
 * Ids `${prefix}-1`, `${prefix}-2`, …, skipping `taken` (the ids of the draft being opened), so a session's
 * new ids never collide with saved ones. Deterministic: the same prefix and taken ids give the same sequence.
 */
export function createIdGenerator(prefix: string, taken: Iterable<string> = []): IdGenerator {
  const used = new Set(taken);
  let counter = 0;
  const next = (): string => {
    let id: string;
    do {
      counter += 1;
      id = `${prefix}-${counter}`;
    } while (used.has(id));
    used.add(id);
    return id;
  };
  return { next, many: (count) => Array.from({ length: Math.max(0, count) }, next) };
}

function validId(id: unknown): id is string {
  return typeof id === "string" && id.length > 0 && id.length <= maxIdLength;
}

/**
 * The first `count` of `ids` when they are usable as new field ids (well-formed, distinct, not used by any
 * field of `doc`), else null.
 */
export function takeNewIds(doc: EditorDoc, ids: readonly string[], count: number): string[] | null {
  if (!Array.isArray(ids) || ids.length < count) return null;
  const chosen = ids.slice(0, count);
  const existing = new Set(doc.fields.map((field) => field.id));
  const seen = new Set<string>();
  for (const id of chosen) {
    if (!validId(id) || existing.has(id) || seen.has(id)) return null;
    seen.add(id);
  }
  return chosen;
}
