import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { workerFallbackMark } from "../../node-shared/worker-fallback.ts";
import { launchStandinApp } from "../../test/support/standin-app.ts";

export interface LaunchFigures {
  /** Launch to the Templates screen's title laid out in a frame (epoch ms on both sides). */
  firstPaintMs: number;
  /** Launch to the window's page starting to load (its performance.timeOrigin): the stand-in's and main's start. */
  windowMs: number;
  /** The main process's resident memory after `idleMs` of idle, in MB. */
  mainRssMb: number;
  /** main's resident memory at each second of the idle time, in MB. */
  rssTimeline: number[];
  /** The app quit within 30 s of File > Quit. */
  quitWithin30s: boolean;
  /** `[signdesk] worker fallback:` lines the run printed. */
  workerFallbacks: number;
  /** The active account (the embedded sandbox's). */
  accountId: string;
  output: string;
}

const AccountsAnswer = z.object({ ok: z.literal(true), value: z.object({ activeAccountId: z.string().nullable() }) });

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? Number.NaN) / 1024;
};

/**
 * Launches the packaged app (its launcher runs the stand-in on resources/app.asar) with `homeDir` (and its user-data
 * folder) as left by an earlier launch, waits for the Templates screen, then idles and reads main's memory, and quits.
 * The paint time is taken in the page, in the first animation frame with the screen's title laid out: waiting
 * starts as soon as the window's page exists, before the screen can be there.
 */
export async function launchOnce(launcherPath: string, homeDir: string, idleMs: number): Promise<LaunchFigures> {
  const launchedAt = performance.timeOrigin + performance.now();
  const running = await launchStandinApp({ appDir: null, executable: launcherPath, homeDir });
  try {
    const page = await running.window();
    const paintedAt = await page
      .waitForFunction(
        () => {
          const title = document.getElementById("templates-title");
          return title !== null && title.getBoundingClientRect().height > 0
            ? performance.timeOrigin + performance.now()
            : false;
        },
        undefined,
        { polling: "raf", timeout: 60_000 },
      )
      .then(async (handle) => z.number().parse(await handle.jsonValue()));
    const pageOrigin = z.number().parse(await page.evaluate(() => performance.timeOrigin));
    const accounts = AccountsAnswer.parse(
      await page.evaluate(() =>
        (window as unknown as { signdesk: { accountsList(): Promise<unknown> } }).signdesk.accountsList(),
      ),
    );
    const pid = running.child.pid;
    if (pid === undefined) throw new Error("The stand-in has no process id.");
    // Each second of the idle time, for the log: what start leaves behind, and what settles.
    const rssTimeline: number[] = [];
    for (let waited = 0; waited < idleMs; waited += 1_000) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, idleMs - waited)));
      rssTimeline.push(Math.round(rssMb(pid)));
    }
    const mainRssMb = rssMb(pid);
    // Quitting is not measured, but a quit that hangs is told (close() below ends the process after 15 s).
    const quit = await Promise.race([running.quit(), new Promise((resolve) => setTimeout(resolve, 30_000, "late"))]);
    const output = running.output();
    return {
      firstPaintMs: paintedAt - launchedAt,
      windowMs: pageOrigin - launchedAt,
      mainRssMb,
      rssTimeline,
      quitWithin30s: quit !== "late",
      workerFallbacks: output.split("\n").filter((line) => line.includes(workerFallbackMark)).length,
      accountId: accounts.value.activeAccountId ?? "",
      output,
    };
  } finally {
    await running.close();
  }
}

/**
 * The stand-in's own memory and start, for comparison: the same Node process with the stand-in's machinery (its Chromium host
 * through playwright-core, the asar layer, TypeScript loaded by Node) running an app that only opens one window.
 */
export async function standinBaseline(workDir: string, idleMs: number): Promise<{ rssMb: number; windowMs: number }> {
  const appDir = path.join(workDir, "baseline-app");
  await mkdir(appDir, { recursive: true });
  await writeFile(
    path.join(appDir, "package.json"),
    JSON.stringify({ name: "baseline", version: "1.0.0", type: "module", main: "main.mjs" }),
  );
  await writeFile(
    path.join(appDir, "main.mjs"),
    `import { app, BrowserWindow } from "electron";
void app.whenReady().then(() => new BrowserWindow({ width: 1280, height: 820 }).loadURL("data:text/html,<h1>Baseline</h1>"));
`,
  );
  const launchedAt = performance.timeOrigin + performance.now();
  const running = await launchStandinApp({
    appDir,
    homeDir: path.join(workDir, "baseline-home"),
    windowOrigin: "data:",
  });
  try {
    const page = await running.window();
    const windowMs = z.number().parse(await page.evaluate(() => performance.timeOrigin)) - launchedAt;
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const pid = running.child.pid;
    if (pid === undefined) throw new Error("The stand-in has no process id.");
    return { rssMb: rssMb(pid), windowMs };
  } finally {
    await running.close();
  }
}
