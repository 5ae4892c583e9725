import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

/** `npm run bench -- <name>` runs bench/<name>.ts, which prints one JSON line of figures. */
const root = path.resolve(import.meta.dirname, "..");
const available = readdirSync(path.join(root, "bench"))
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.slice(0, -3))
  .sort();
const name = process.argv[2];

if (name === undefined || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <name>\nBenchmarks: ${available.join(", ")}`);
  process.exit(2);
}

const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
const child = spawn(process.execPath, [tsx, path.join(root, "bench", `${name}.ts`), ...process.argv.slice(3)], {
  cwd: root,
  stdio: "inherit",
});
child.on("close", (code) => process.exit(code ?? 1));
