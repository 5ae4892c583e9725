import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { runCommand } from "./run-command.ts";

const root = path.resolve(import.meta.dirname, "..");
/** One tsconfig per runtime, so a wrong import fails the type check of its runtime. */
export const runtimes = [
  "common",
  "node-shared",
  "main",
  "preload",
  "renderer",
  "sandbox",
  "sandbox/pages",
  "test",
] as const;

function hasSources(folder: string): boolean {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  return entries.some((entry) => entry.isFile() && /\.tsx?$/.test(entry.name));
}

export interface TypecheckResult {
  runtime: string;
  ok: boolean;
  output: string;
}

export async function typecheck(): Promise<TypecheckResult[]> {
  const tsc = path.join(root, "node_modules/typescript/bin/tsc");
  const projects = runtimes.filter(
    (runtime) => existsSync(path.join(root, runtime, "tsconfig.json")) && hasSources(path.join(root, runtime)),
  );
  return Promise.all(
    projects.map(async (runtime) => {
      const result = await runCommand(
        process.execPath,
        [tsc, "-p", path.join(runtime, "tsconfig.json"), "--pretty", "false"],
        { cwd: root },
      );
      return { runtime, ok: result.code === 0, output: result.output.trim() };
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await typecheck();
  for (const result of results) {
    console.log(`${result.ok ? "ok  " : "FAIL"} ${result.runtime}`);
    if (!result.ok) console.log(result.output);
  }
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}
