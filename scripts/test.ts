import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { runUnderPrivateKeyring } from "./private-keyring.ts";

/**
 * `npm test`: every suite the machine can run (checks: type check, lint, runtime boundaries,
 * electronegativity; unit; integration; Chromium e2e; Electron e2e), then one closing line
 * `N passed, N failed, N skipped`. Arguments are passed to Vitest (e.g. `npm test -- --project unit`).
 */
const root = path.resolve(import.meta.dirname, "..");
const resultsFile = path.join(root, ".cache/vitest-results.json");

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}

await runUnderPrivateKeyring(import.meta.filename);
await runSuite();

async function runSuite(): Promise<void> {
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  rmSync(resultsFile, { force: true });

  const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
  const child = spawn(
    process.execPath,
    [
      vitest,
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${resultsFile}`,
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: "inherit" },
  );

  const exitCode: number = await new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));

  let summary: VitestJson;
  try {
    summary = JSON.parse(readFileSync(resultsFile, "utf8")) as VitestJson;
  } catch {
    console.log("Vitest did not report results (see above).");
    console.log("0 passed, 1 failed");
    process.exit(exitCode === 0 ? 1 : exitCode);
  }

  // A file that fails to load counts as a failure even though none of its tests ran.
  const failed = summary.numFailedTests + (summary.numFailedTests === 0 ? summary.numFailedTestSuites : 0);
  const skipped = summary.numPendingTests + summary.numTodoTests;
  console.log(`${summary.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(exitCode !== 0 || failed > 0 ? 1 : 0);
}
