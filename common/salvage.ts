import type { z } from "zod";

/**
 * The records of a stored list that still match their schema, and how many did not: a damaged record is left
 * out instead of costing every other record in the file (or the app its start).
 */
export function salvageRecords<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { kept: z.output<S>[]; dropped: number } {
  if (!Array.isArray(value)) return { kept: [], dropped: value === undefined ? 0 : 1 };
  const kept: z.output<S>[] = [];
  for (const item of value) {
    const parsed = schema.safeParse(item);
    if (parsed.success) kept.push(parsed.data);
  }
  return { kept, dropped: value.length - kept.length };
}

/** "3 document records", "1 setting": for notices that say what was left out. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? singular : plural}`;
}
