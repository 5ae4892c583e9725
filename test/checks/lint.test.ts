import path from "node:path";
import { expect, it } from "vitest";
import { runCommand } from "../../scripts/run-command.ts";

const root = path.resolve(import.meta.dirname, "../..");

it("biome finds no lint or format problem", async () => {
  const result = await runCommand(path.join(root, "node_modules/.bin/biome"), ["check", "--colors=off", "."], {
    cwd: root,
  });
  expect(result.code, result.output).toBe(0);
});
