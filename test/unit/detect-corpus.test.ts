import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectFields } from "../../node-shared/pdf/detect/detect-fields.ts";
import { detectCorpus, detectFixtures } from "../support/detect-corpus.ts";
import { scoreDetection } from "../support/detect-scoring.ts";

/**
 * The detector (issue 34) over every corpus document of test/fixtures/detect: all expected fields found, nothing
 * else, each within 1 pt of where qpdf or poppler put it, the same notes, the same role of each field; tags' texts
 * and roles exactly as written.
 */
const corpus = detectCorpus();

describe("fields found in the detect corpus", () => {
  it("holds forms, tagged and plain documents, each listed in SOURCES.md", () => {
    const sources = readFileSync(path.join(detectFixtures, "SOURCES.md"), "utf8");
    expect(corpus.length).toBeGreaterThanOrEqual(20);
    for (const entry of corpus) expect(sources).toContain(`\`${path.basename(entry.file)}\``);
    expect(
      corpus.filter((entry) => entry.expected.fields.some((f) => f.source === "widget")).length,
    ).toBeGreaterThanOrEqual(8);
    expect(
      corpus.filter((entry) => entry.expected.fields.some((f) => f.source !== "widget")).length,
    ).toBeGreaterThanOrEqual(5);
    expect(corpus.filter((entry) => entry.expected.fields.length === 0).length).toBeGreaterThanOrEqual(5);
  });

  for (const entry of corpus) {
    it(entry.name, async () => {
      const found = await detectFields(entry.file);
      const score = scoreDetection(found, entry.expected);
      expect({ missed: score.missed, extra: score.extra }).toEqual({ missed: [], extra: [] });
      expect({ recall: score.recall, precision: score.precision }).toEqual({ recall: 1, precision: 1 });
      expect(score.positionErrorMax).toBeLessThanOrEqual(1);
      expect({ missing: score.notesMissing, extra: score.notesExtra }).toEqual({ missing: [], extra: [] });
      expect(score.roleMismatches.map((pair) => pair.expected)).toEqual([]);
      expect(found.roles).toHaveLength(entry.expected.roles.length);
      if (entry.expected.fields.every((field) => field.source !== "widget")) {
        // Tags' roles and texts as written, in any script (widgets' role names are placeholders).
        expect(found.roles).toEqual(entry.expected.roles);
        const labels = (fields: readonly { label?: string }[]) => fields.map((field) => field.label).sort();
        expect(labels(found.fields)).toEqual(labels(entry.expected.fields));
      }
    });
  }
});
