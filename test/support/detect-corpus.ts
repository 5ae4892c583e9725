import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ExpectedDocument, ExpectedDocumentSchema } from "./detect-scoring.ts";

export const detectFixtures = path.resolve(import.meta.dirname, "../fixtures/detect");

export interface CorpusEntry {
  /** The expected JSON's name without `.expected.json`: the document's file name. */
  name: string;
  /** The PDF the detector reads. */
  file: string;
  expected: ExpectedDocument;
}

/** Every corpus PDF with its expected answer. */
export function detectCorpus(): CorpusEntry[] {
  const entries = readdirSync(detectFixtures)
    .filter((name) => name.endsWith(".expected.json"))
    .sort()
    .map((json) => {
      const expected = ExpectedDocumentSchema.parse(JSON.parse(readFileSync(path.join(detectFixtures, json), "utf8")));
      const name = json.slice(0, -".expected.json".length);
      return { name, file: path.resolve(detectFixtures, expected.file ?? name), expected };
    });
  // A Word entry's answer is its PDF's (the app places fields on the converted PDF): keep the PDF's entry.
  const pdfs = entries.filter((entry) => entry.name.endsWith(".pdf") && entry.file.endsWith(".pdf"));
  const files = pdfs.map((entry) => entry.file);
  if (new Set(files).size !== files.length) throw new Error("two expected answers for one PDF");
  return pdfs;
}
