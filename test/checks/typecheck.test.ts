import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCommand } from "../../scripts/run-command.ts";
import { runtimes, typecheck } from "../../scripts/typecheck.ts";

const root = path.resolve(import.meta.dirname, "../..");
const tsc = path.join(root, "node_modules/typescript/bin/tsc");

describe("type check", () => {
  it("passes for every runtime, each with its own tsconfig", async () => {
    const results = await typecheck();
    expect(results.map((result) => result.runtime)).toEqual(
      expect.arrayContaining(["common", "main", "preload", "renderer", "test"]),
    );
    for (const result of results) expect(result.ok, `${result.runtime}:\n${result.output}`).toBe(true);
  });

  it.each(runtimes)("%s is strict", async (runtime) => {
    const shown = await runCommand(process.execPath, [tsc, "-p", path.join(runtime, "tsconfig.json"), "--showConfig"], {
      cwd: root,
    });
    expect(shown.code, shown.output).toBe(0);
    const options = (JSON.parse(shown.output) as { compilerOptions: Record<string, unknown> }).compilerOptions;
    expect(options.strict).toBe(true);
    expect(options.noUncheckedIndexedAccess).toBe(true);
  });
});
