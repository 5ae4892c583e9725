import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { keychainProblem } from "./keychain-probe.ts";
import { runUnderPrivateKeyring } from "./private-keyring.ts";

/**
 * `npm run bench -- <name>` runs bench/<name>.ts, which prints one JSON line of figures. Benchmarks open the app's
 * keychain (records, editor), so on Linux the runner first moves into a private D-Bus session with its own
 * unlocked GNOME Keyring, as `npm test` does: a fresh machine without a desktop session runs every one.
 * `npm run bench -- --check` runs none: it lists them and checks that the keychain they would use works.
 */
const root = path.resolve(import.meta.dirname, "..");
const available = readdirSync(path.join(root, "bench"))
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.slice(0, -3))
  .sort();
const name = process.argv[2];

if (name === undefined || (name !== "--check" && !available.includes(name))) {
  console.error(`Usage: npm run bench -- <name>\nBenchmarks: ${available.join(", ")}`);
  process.exit(2);
}

await runUnderPrivateKeyring(import.meta.filename);

if (name === "--check") {
  const problem = keychainProblem();
  console.log(`Benchmarks: ${available.join(", ")}`);
  console.log(problem === null ? "Keychain: available." : `Keychain: ${problem}`);
  process.exit(problem === null ? 0 : 1);
}

const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
const child = spawn(process.execPath, [tsx, path.join(root, "bench", `${name}.ts`), ...process.argv.slice(3)], {
  cwd: root,
  stdio: "inherit",
});
child.on("close", (code) => process.exit(code ?? 1));
