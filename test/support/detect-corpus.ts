import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ExpectedDocument, ExpectedDocumentSchema } from "./detect-scoring.ts";

export const detectFixtures = path.resolve(import.meta.dirname, "../fixtures/detect");

export interface CorpusEntry {
  /** The expected JSON's name without `.expected.json`: the document's file name. */
  name: string;
  /** The PDF the detector reads (a Word entry points at its LibreOffice conversion, so it is listed once). */
  file: string;
  expected: ExpectedDocument;
}

/** Every corpus document with its expected answer, one entry per PDF. */
export function detectCorpus(): CorpusEntry[] {
  const entries = readdirSync(detectFixtures)
    .filter((name) => name.endsWith(".expected.json"))
    .sort()
    .map((json) => {
      const expected = ExpectedDocumentSchema.parse(JSON.parse(readFileSync(path.join(detectFixtures, json), "utf8")));
      const name = json.slice(0, -".expected.json".length);
      return { name, file: path.resolve(detectFixtures, expected.file ?? name), expected };
    });
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (!entry.file.endsWith(".pdf") || seen.has(entry.file)) return false;
    seen.add(entry.file);
    return true;
  });
}
