import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

export type ElectronBinary = { ok: true; executable: string } | ElectronBinaryFailure;

export interface ElectronBinaryFailure {
  ok: false;
  /** "download": the network download itself failed; "other": anything else (checksum, extraction, no file). */
  kind: "download" | "other";
  error: string;
  /** The address the download was fetched from, when it got that far. */
  address?: string;
}

/** What the resolving child reports on fd 3: the executable `require("electron")` returned, or what it threw. */
export interface ProbeReport {
  executable?: string;
  thrown?: string;
}

const root = path.resolve(import.meta.dirname, "..");

/**
 * Requiring the electron package downloads its binary when it is missing (and honours
 * ELECTRON_OVERRIDE_DIST_PATH, ELECTRON_MIRROR and the cache folder) and returns the executable's path.
 * The answer goes to fd 3, because stdout and stderr carry the download's own messages.
 */
const probeScript = `
let report;
try {
  report = { executable: require("electron") };
} catch (error) {
  report = { thrown: String(error instanceof Error ? error.message : error) };
}
require("node:fs").writeSync(3, JSON.stringify(report));
`;

/** @electron/get names the address it downloads from only in its debug output. */
const debugNamespace = "@electron/get*";
const debugLine = /@electron\/get:\S+/;

function probeEnvironment(): NodeJS.ProcessEnv {
  const debug = [process.env.DEBUG, debugNamespace].filter((part) => part !== undefined && part !== "").join(",");
  return { ...process.env, DEBUG: debug };
}

/** Resolves the binary the way `require("electron")` does, echoing the download's messages live (not our debug lines). */
export function resolveElectronBinary(): Promise<ElectronBinary> {
  const child = spawn(process.execPath, ["-e", probeScript], {
    cwd: root,
    env: probeEnvironment(),
    stdio: ["ignore", "inherit", "pipe", "pipe"],
  });
  const userAskedForDebug = (process.env.DEBUG ?? "") !== "";
  let stderr = "";
  const echo = lineSplitter((line) => {
    if (userAskedForDebug || !debugLine.test(line)) process.stderr.write(`${line}\n`);
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    echo.push(chunk);
  });
  let report = "";
  (child.stdio[3] as Readable).setEncoding("utf8").on("data", (chunk: string) => {
    report += chunk;
  });
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ ok: false, kind: "other", error: error.message }));
    child.on("close", () => {
      echo.end();
      resolve(classifyElectronProbe({ report: parseReport(report), stderr }));
    });
  });
}

/** The same resolution, synchronously and silently (for the test suites' availability checks). */
export function resolveElectronBinarySync(): ElectronBinary {
  const result = spawnSync(process.execPath, ["-e", probeScript], {
    cwd: root,
    env: probeEnvironment(),
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    encoding: "utf8",
  });
  if (result.error !== undefined) return { ok: false, kind: "other", error: result.error.message };
  return classifyElectronProbe({ report: parseReport(result.output[3] ?? ""), stderr: result.output[2] ?? "" });
}

function lineSplitter(write: (line: string) => void): { push(chunk: string): void; end(): void } {
  let partial = "";
  return {
    push(chunk) {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) write(line);
    },
    end() {
      if (partial !== "") write(partial);
      partial = "";
    },
  };
}

function parseReport(text: string): ProbeReport | null {
  try {
    return JSON.parse(text) as ProbeReport;
  } catch {
    return null;
  }
}

const downloadErrors =
  /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|^HTTPError\b|Response code \d{3}/;

/** Turns the child's report and stderr (install.js prints the failure's stack there) into a result. */
export function classifyElectronProbe(
  probe: { report: ProbeReport | null; stderr: string },
  exists: (file: string) => boolean = existsSync,
): ElectronBinary {
  const executable = probe.report?.executable;
  if (executable !== undefined) {
    if (exists(executable)) return { ok: true, executable };
    return {
      ok: false,
      kind: "other",
      error: `the electron package resolved it to ${executable}, which does not exist`,
    };
  }
  const error =
    firstErrorLine(probe.stderr) ??
    probe.report?.thrown ??
    "the Node process requiring electron ended without an answer";
  const address = /Downloading (\S+) to /.exec(probe.stderr)?.[1];
  return {
    ok: false,
    kind: downloadErrors.test(error) ? "download" : "other",
    error,
    ...(address === undefined ? {} : { address }),
  };
}

/** The first line of stderr that starts an error ("TypeError: fetch failed"), leaving out debug lines. */
function firstErrorLine(stderr: string): string | undefined {
  return stderr
    .split("\n")
    .map((line) => line.trim())
    .find((line) => /^[A-Za-z]*Error\b/.test(line) && !debugLine.test(line));
}

/** One line: what failed, from where, and the underlying error. */
export function electronBinaryProblem(failure: ElectronBinaryFailure): string {
  const what = failure.kind === "download" ? "could not be downloaded" : "could not be obtained";
  const from = failure.address === undefined ? "" : ` from ${failure.address}`;
  return `Electron's binary ${what}${from} (${failure.error})`;
}

/** The message `npm start` and `npm run dev` print when there is no binary: the problem and what to do. */
export function electronBinaryHelp(failure: ElectronBinaryFailure): string {
  const fix =
    failure.kind === "download"
      ? [
          "Fix: check the network (behind a proxy, set HTTPS_PROXY and ELECTRON_GET_USE_PROXY=1) or set ELECTRON_MIRROR",
          "to a mirror of Electron's releases, then start again or run `npx install-electron`.",
        ]
      : ["Fix: run `npx install-electron` to download it again."];
  return [
    `${electronBinaryProblem(failure)}, so the app cannot start.`,
    ...fix,
    "For an Electron already on disk, set ELECTRON_OVERRIDE_DIST_PATH to its folder.",
  ].join("\n");
}

/** The executable, or the message printed and exit code 1. */
export async function electronExecutableOrExit(): Promise<string> {
  const binary = await resolveElectronBinary();
  if (binary.ok) return binary.executable;
  console.error(electronBinaryHelp(binary));
  process.exit(1);
}
