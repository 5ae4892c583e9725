import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

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

/**
 * On Linux the keychain tests need a Secret Service. Run the whole suite inside a private D-Bus
 * session with its own unlocked GNOME Keyring, so tests never touch the user's own keychain.
 */
function privateKeyringCommand(): string[] | null {
  if (process.platform !== "linux" || process.env.SIGNDESK_PRIVATE_KEYRING === "1") return null;
  const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
  if (!has("dbus-run-session") || !has("gnome-keyring-daemon")) return null;
  // A fresh keyring folder each run: the daemon creates its keyring there with this run's password.
  const unlock =
    'printf %s "$SIGNDESK_KEYRING_PASSWORD" | XDG_DATA_HOME="$SIGNDESK_KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"';
  return [
    "dbus-run-session",
    "--",
    "sh",
    "-c",
    unlock,
    "sh",
    process.execPath,
    ...process.execArgv,
    import.meta.filename,
  ];
}

const wrapped = privateKeyringCommand();
if (wrapped !== null) {
  const [command = "", ...args] = wrapped;
  const keyringHome = mkdtempSync(path.join(tmpdir(), "signdesk-keyring-"));
  const child = spawn(command, [...args, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: {
      ...process.env,
      SIGNDESK_PRIVATE_KEYRING: "1",
      SIGNDESK_KEYRING_PASSWORD: randomBytes(16).toString("hex"),
      SIGNDESK_KEYRING_HOME: keyringHome,
    },
  });
  child.on("close", (code) => {
    rmSync(keyringHome, { recursive: true, force: true });
    process.exit(code ?? 1);
  });
} else {
  await runSuite();
}

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
