import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  classifyElectronProbe,
  type ElectronBinaryFailure,
  electronBinaryHelp,
} from "../../scripts/electron-binary.ts";
import { devServerPort } from "../../vite.config.ts";
import { closedPort } from "../support/closed-port";

/**
 * The launcher (`npm start`, `npm run dev`) on a stand-in for Electron's binary given by
 * ELECTRON_OVERRIDE_DIST_PATH, and its message when the binary's download fails.
 */
const root = path.resolve(import.meta.dirname, "../..");
const electronPackage = path.join(root, "node_modules/electron");
const electronVersion = (
  JSON.parse(readFileSync(path.join(electronPackage, "package.json"), "utf8")) as {
    version: string;
  }
).version;
/** Where the electron package expects the executable inside a dist folder (path.txt, once installed). */
const executableInDist = (() => {
  const pathFile = path.join(electronPackage, "path.txt");
  return existsSync(pathFile) ? readFileSync(pathFile, "utf8") : "electron";
})();
const electronInstalled = existsSync(path.join(electronPackage, "dist", executableInDist));

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** This process's environment without whatever steers Electron's resolution and download, plus `extra`. */
function launcherEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const steering =
    /^(electron_|npm_config_electron_|npm_package_config_electron_)|^(DEBUG|NODE_USE_ENV_PROXY|SIGNDESK_DEV_SERVER_URL)$/i;
  const inherited = Object.entries(process.env).filter(([name]) => !steering.test(name));
  return { ...Object.fromEntries(inherited), ...extra };
}

interface StandIn {
  /** The folder to give as ELECTRON_OVERRIDE_DIST_PATH. */
  dist: string;
  /** What the stand-in was started with, or null when it never ran. */
  recorded(): { args: string[]; devServerUrl: string } | null;
}

/** An executable in place of Electron's that records its arguments and SIGNDESK_DEV_SERVER_URL, then exits 0. */
function electronStandIn(): StandIn {
  const dist = temporaryDir("signdesk-electron-standin-");
  const record = path.join(dist, "record");
  const executable = path.join(dist, executableInDist);
  mkdirSync(path.dirname(executable), { recursive: true });
  const script = [
    "#!/bin/sh",
    `{ printf 'url=%s\\n' "\${SIGNDESK_DEV_SERVER_URL-(unset)}"; for arg in "$@"; do printf 'arg=%s\\n' "$arg"; done; } > '${record}'`,
    "exit 0",
  ];
  writeFileSync(executable, `${script.join("\n")}\n`, { mode: 0o755 });
  return {
    dist,
    recorded() {
      if (!existsSync(record)) return null;
      const lines = readFileSync(record, "utf8").trimEnd().split("\n");
      return {
        devServerUrl: lines[0]?.replace(/^url=/, "") ?? "",
        args: lines.slice(1).map((line) => line.replace(/^arg=/, "")),
      };
    },
  };
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command in its own process group (so that everything it started can be found and stopped). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): { pid: number; finished: Promise<Finished> } {
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const finished = new Promise<Finished>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
  if (child.pid === undefined) throw new Error(`${command} did not start`);
  return { pid: child.pid, finished };
}

function groupIsAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid: number): void {
  if (groupIsAlive(pid)) process.kill(-pid, "SIGKILL");
}

async function groupEnds(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (groupIsAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return !groupIsAlive(pid);
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * What `npm start` runs after its build. The build itself is not run here: Vite empties dist/renderer
 * before writing it, and the other suites read dist/ (built by the global setup) while this one runs,
 * so a second build at the same time could break them. The launch step runs through npm, as npm start runs it.
 */
function startLaunchStep(): string {
  const packageJson = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const [build, launch, ...rest] = (packageJson.scripts.start ?? "").split(" && ");
  expect([build, rest]).toEqual(["tsx scripts/build.ts", []]);
  if (launch === undefined) throw new Error("npm start has no launch step");
  return launch;
}

describe("npm start and npm run dev on an Electron stand-in (ELECTRON_OVERRIDE_DIST_PATH)", () => {
  it("npm start runs the stand-in with the app's folder, then the extra arguments, and exits with its code", async () => {
    const standIn = electronStandIn();
    const env = launcherEnv({ ELECTRON_OVERRIDE_DIST_PATH: standIn.dist });
    const { pid, finished } = run("npm", ["exec", "--offline", "-c", `${startLaunchStep()} --extra-argument`], env);
    try {
      const result = await within(finished, 60_000, "npm start's launch step");
      expect(result.code, result.stderr).toBe(0);
      expect(standIn.recorded()).toEqual({ args: [root, "--extra-argument"], devServerUrl: "(unset)" });
    } finally {
      killGroup(pid);
    }
  });

  it("npm run dev runs the stand-in with the app's folder and the dev server's address, and leaves nothing behind", async () => {
    expect(
      await portIsFree(devServerPort, "localhost"),
      `port ${devServerPort} is taken (a running npm run dev?)`,
    ).toBe(true);
    const standIn = electronStandIn();
    const env = launcherEnv({ ELECTRON_OVERRIDE_DIST_PATH: standIn.dist });
    // dev.ts shuts down when Electron exits: the stand-in exits as soon as it has recorded its start. Unlike
    // npm start's build, dev.ts rewrites only the files of dist/ that changed, each in one step (rename), so the
    // suites reading dist/ meanwhile are safe.
    const { pid, finished } = run("npm", ["run", "dev"], env);
    try {
      const result = await within(finished, 90_000, "npm run dev");
      expect(result.code, result.stderr).toBe(0);
      expect(standIn.recorded()).toEqual({ args: [root], devServerUrl: `http://localhost:${devServerPort}` });
      // The limit only bounds processes that never end.
      expect(await groupEnds(pid, 30_000), "processes started by npm run dev are still running").toBe(true);
      expect(await portIsFree(devServerPort, "localhost"), `port ${devServerPort} still taken`).toBe(true);
    } finally {
      killGroup(pid);
    }
  });
});

describe("a failed download of Electron's binary", () => {
  it.skipIf(electronInstalled)(
    "npm start explains it: the download's error, its address and what to do; exit code 1 (skipped where Electron's binary is installed in node_modules, as nothing is downloaded then)",
    async () => {
      const mirror = `http://127.0.0.1:${await closedPort()}/`;
      const env = launcherEnv({
        ELECTRON_MIRROR: mirror,
        // npm hands a .npmrc's electron_mirror to what it runs as this variable, which @electron/get reads first.
        npm_config_electron_mirror: mirror,
        electron_config_cache: temporaryDir("signdesk-electron-cache-"),
      });
      const { pid, finished } = run("npm", ["exec", "--offline", "-c", startLaunchStep()], env);
      try {
        const result = await within(finished, 60_000, "npm start's launch step");
        expect(result.code).toBe(1);
        const address = `${mirror}v${electronVersion}/electron-v${electronVersion}-${process.platform}-${process.arch}.zip`;
        expect(result.stderr).toContain(
          `Electron's binary could not be downloaded from ${address} (TypeError: fetch failed), so the app cannot start.`,
        );
        expect(result.stderr).toContain(
          electronBinaryHelp({ ok: false, kind: "download", error: "TypeError: fetch failed", address }),
        );
        // The download's own output is echoed as it comes; the debug lines read for the address are not.
        expect(result.stderr.split("\n")).toContain("TypeError: fetch failed");
        expect(result.stderr).not.toContain("@electron/get:");
      } finally {
        killGroup(pid);
      }
    },
  );
});

describe("classifying the outcome of requiring electron", () => {
  const debug = (text: string) => `2026-01-01T00:00:00.000Z @electron/get:index ${text}`;
  const downloading = debug(
    "Downloading https://mirror.test/v45.4.1/electron.zip to /tmp/x/electron.zip with options: {}",
  );
  const thrown = { thrown: "Electron failed to install correctly." };

  it("a returned executable that exists is the binary; one that does not is an 'other' failure", () => {
    expect(classifyElectronProbe({ report: { executable: "/opt/e/electron" }, stderr: "" }, () => true)).toEqual({
      ok: true,
      executable: "/opt/e/electron",
    });
    expect(classifyElectronProbe({ report: { executable: "/opt/e/electron" }, stderr: "" }, () => false)).toEqual({
      ok: false,
      kind: "other",
      error: "the electron package resolved it to /opt/e/electron, which does not exist",
    });
  });

  it.each([
    ["TypeError: fetch failed"],
    ["HTTPError: Response code 404 (Not Found) for https://mirror.test/v45.4.1/electron.zip"],
    ["Error: getaddrinfo ENOTFOUND mirror.test"],
    ["Error: getaddrinfo EAI_AGAIN mirror.test"],
    ["Error: connect ECONNREFUSED 127.0.0.1:9"],
    ["Error: read ECONNRESET"],
    ["Error: connect ETIMEDOUT 10.0.0.1:443"],
  ])("%s is a failed download, with the address it was fetched from", (error) => {
    const stderr = [debug("Cache miss"), downloading, error, "    at FetchDownloader.download (x.js:1:1)"].join("\n");
    expect(classifyElectronProbe({ report: thrown, stderr })).toEqual({
      ok: false,
      kind: "download",
      error,
      address: "https://mirror.test/v45.4.1/electron.zip",
    });
  });

  it("a checksum or extraction error is 'other', and without any error line the thrown message is the error", () => {
    const checksum = 'ChecksumMismatchError: Generated checksum for "electron.zip" did not match expected checksum.';
    expect(classifyElectronProbe({ report: thrown, stderr: `${downloading}\n${checksum}\n` })).toMatchObject({
      kind: "other",
      error: checksum,
    });
    expect(classifyElectronProbe({ report: thrown, stderr: "" })).toEqual({
      ok: false,
      kind: "other",
      error: "Electron failed to install correctly.",
    });
    expect(classifyElectronProbe({ report: null, stderr: "" })).toMatchObject({ ok: false, kind: "other" });
  });

  it("the message names the failure, the error, the address and the fixes", () => {
    const failure: ElectronBinaryFailure = {
      ok: false,
      kind: "download",
      error: "TypeError: fetch failed",
      address: "https://m.test/e.zip",
    };
    expect(electronBinaryHelp(failure).split("\n")).toEqual([
      "Electron's binary could not be downloaded from https://m.test/e.zip (TypeError: fetch failed), so the app cannot start.",
      "Fix: check the network (behind a proxy, set HTTPS_PROXY and ELECTRON_GET_USE_PROXY=1) or set ELECTRON_MIRROR",
      "to a mirror of Electron's releases, then start again or run `npx install-electron`.",
      "For an Electron already on disk, set ELECTRON_OVERRIDE_DIST_PATH to its folder.",
    ]);
  });
});
