import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { ExpectedDocument } from "./expected-document.ts";

export const fixturesFolder = path.resolve(import.meta.dirname, "../../test/fixtures/detect");

/** Writes `<file>.expected.json` next to the document, formatted as biome formats JSON. */
export function writeExpected(file: string, expected: ExpectedDocument): void {
  const target = path.join(fixturesFolder, `${file}.expected.json`);
  writeFileSync(target, `${JSON.stringify(expected, null, 2)}\n`);
  execFileSync(path.resolve(fixturesFolder, "../../../node_modules/.bin/biome"), ["format", "--write", target], {
    stdio: "ignore",
  });
}
