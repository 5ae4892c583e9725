import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../../scripts/run-command.ts";

const root = path.resolve(import.meta.dirname, "../..");
const tsc = path.join(root, "node_modules/typescript/bin/tsc");
const probes = path.join(root, ".cache/boundary-probes");

/** Type-checks `source` under exactly the compiler options of `runtime`'s tsconfig. */
async function typecheckAs(runtime: string, name: string, source: string) {
  const dir = path.join(probes, runtime, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "probe.ts"), source);
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ extends: path.relative(dir, path.join(root, runtime, "tsconfig.json")), include: ["probe.ts"] }),
  );
  return runCommand(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json"), "--pretty", "false"], { cwd: root });
}

afterAll(() => rmSync(probes, { recursive: true, force: true }));

describe("runtime boundaries", () => {
  for (const runtime of ["common", "renderer"]) {
    it(`${runtime}: a plain module type-checks (control)`, async () => {
      const result = await typecheckAs(runtime, "control", 'import { z } from "zod";\nexport const s = z.string();\n');
      expect(result.code, result.output).toBe(0);
    });

    it(`${runtime}: importing electron fails the type check`, async () => {
      const result = await typecheckAs(runtime, "electron", 'import { app } from "electron";\nexport const a = app;\n');
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/probe\.ts\(1,\d+\): error TS2306/);
    });

    it(`${runtime}: importing a node: module fails the type check`, async () => {
      const result = await typecheckAs(
        runtime,
        "node",
        'import { readFileSync } from "node:fs";\nexport const r = readFileSync;\n',
      );
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/probe\.ts\(1,\d+\): error TS2306/);
    });

    it(`${runtime}: a bare Node builtin has no types either`, async () => {
      const result = await typecheckAs(
        runtime,
        "bare",
        'import { readFileSync } from "fs";\nexport const r = readFileSync;\n',
      );
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/probe\.ts\(1,\d+\): error TS2\d{3}/);
    });
  }

  it("sandbox: importing electron fails the type check", async () => {
    const result = await typecheckAs("sandbox", "electron", 'import { app } from "electron";\nexport const a = app;\n');
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/error TS2306/);
  });

  it("sandbox never imports main/ or electron, and main never imports the renderer", () => {
    const offenders: string[] = [];
    const scan = (folder: string, forbidden: RegExp) => {
      for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        for (const match of readFileSync(file, "utf8").matchAll(
          /from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']/g,
        )) {
          const specifier = match[1] ?? match[2] ?? "";
          if (forbidden.test(specifier)) offenders.push(`${path.relative(root, file)} imports ${specifier}`);
        }
      }
    };
    scan("sandbox", /^electron$|(^|\/)main\//);
    scan("main", /(^|\/)renderer\//);
    scan("preload", /^(?!electron$|\.)/);
    expect(offenders).toEqual([]);
  });
});
