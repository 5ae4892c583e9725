import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runUnderPrivateKeyring } from "../scripts/private-keyring.ts";
import { type AppHarness, openApp } from "../test/support/app-harness.ts";
import { buildPage } from "../test/support/build-page.ts";
import { textPdf } from "./support/text-pdf.ts";

/**
 * A new draft from a PDF, in Chromium against the real main-process handlers (test/support/app-harness.ts),
 * for a 4-page and a 100-page PDF, from the file input's change event:
 * - first_page_ms_<n>: page 1's canvas drawn in the editor;
 * - usable_ms_<n>: the draft usable: page 1 drawn, "Create template…" enabled, page 1's field overlay on the
 *   page (a field can be placed) and the editor's panels not inert; usable_after_first_page_ms_<n> is the wait
 *   after page 1;
 * - stored_ms_<n>: the toolbar says "All changes saved" (main has made the draft and stored it);
 * - main_create_ms_<n>: main's DraftStore.createFromFile alone (copy, every page read, draft.json written).
 * Medians of BENCH_RUNS (5) runs after a warm-up; each run starts from a freshly loaded app with no drafts. The
 * warm-up is the session's first draft: main's PDF reader (a worker thread) starts cold, as it does for the
 * first draft after 30 s without one; cold_* report it. Here that worker is loaded from its TypeScript source
 * through tsx (the app loads its bundle), so cold figures are higher than the app's.
 * As soon as the draft is usable a Signature field is placed from the keyboard, and the run checks that it is
 * in the stored draft: a check, not a figure.
 */
await runUnderPrivateKeyring(import.meta.filename);

const runs = Number(process.env.BENCH_RUNS ?? 5);
const pageCounts = [4, 100] as const;
/** The app's window opens at 1280 x 820 (main/electron/window.ts). */
const viewport = { width: 1280, height: 820 };
const log = (message: string) => console.error(`[bench draft-open] ${message}`);
const median = (values: number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const round = (value: number) => Math.round(value);
const epoch = () => performance.timeOrigin + performance.now();

/** Page-side milestones (epoch ms, the page's timeOrigin + now: the same wall clock as this process's). */
interface Milestones {
  change: number | null;
  first: number | null;
  usable: number | null;
  stored: number | null;
}

// tsx compiles with esbuild's keepNames, which wraps functions in __name(); functions sent to the page keep them.
const nameShim = "globalThis.__name = globalThis.__name || ((target) => target);";

const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-draft-open-"));
let app: AppHarness | undefined;

try {
  log("building the renderer (production, the app's Vite config)…");
  const rendererDir = path.join(work, "renderer");
  await buildPage(rendererDir);
  const files = new Map<number, string>();
  for (const count of pageCounts) {
    const file = path.join(work, `Bench ${count} pages.pdf`);
    await textPdf(file, count);
    files.set(count, file);
  }

  const opened = await openApp({ viewport, rendererDir });
  app = opened;
  await opened.context.addInitScript({ content: nameShim });
  const problems: string[] = [];
  opened.page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));

  // Main's draft creation, timed around the real DraftStore the handlers call.
  const creations: { start: number; end: number }[] = [];
  const drafts = opened.core.drafts;
  const create = drafts.createFromFile.bind(drafts);
  drafts.createFromFile = async (...args) => {
    const start = epoch();
    try {
      return await create(...args);
    } finally {
      creations.push({ start, end: epoch() });
    }
  };

  /** A freshly loaded app on the Templates screen, pdf.js loaded as the app loads it once idle, milestones watched. */
  async function freshApp(): Promise<void> {
    // No drafts listed: each listed draft's thumbnail would draw at the same time as the editor.
    for (const draft of await drafts.list()) await drafts.delete(draft.id);
    await drafts.purgeTrash();
    const page = opened.page;
    await page.goto(`${opened.origin}/index.html`);
    await page.getByTestId("new-draft-input").waitFor({ state: "attached" });
    await page.waitForFunction(
      () => performance.getEntriesByType("resource").some((entry) => /\/assets\/pdf-[^/]*\.js$/.test(entry.name)),
      undefined,
      { timeout: 60_000 },
    );
    await page.evaluate(() => {
      const at = () => performance.timeOrigin + performance.now();
      const marks: Milestones = { change: null, first: null, usable: null, stored: null };
      (window as unknown as { __benchDraftOpen: Milestones }).__benchDraftOpen = marks;
      document.addEventListener(
        "change",
        (event) => {
          if ((event.target as HTMLElement).dataset.testid === "new-draft-input") marks.change ??= at();
        },
        true,
      );
      const check = () => {
        const now = at();
        if (
          marks.first === null &&
          document.querySelector('.pdf-pages [data-page-index="0"] .pdf-canvas-host canvas')
        ) {
          marks.first = now;
        }
        const toolbar = document.querySelector('[role="toolbar"][aria-label="Editor"]');
        const create = [...(toolbar?.querySelectorAll("button") ?? [])].find(
          (button) => button.textContent === "Create template…",
        );
        const overlay = document.querySelector('.pdf-pages [data-page-index="0"] .pdf-page-overlay canvas');
        const panels = document.querySelector(".editor-panels");
        // Only once page 1 is drawn: the editor shows the overlays after a moment even if it is not.
        const ready = marks.first !== null && create?.disabled === false && overlay !== null;
        if (marks.usable === null && ready && !panels?.hasAttribute("inert")) {
          marks.usable = now;
        }
        const status = toolbar?.querySelector('[role="status"]')?.textContent ?? "";
        if (marks.stored === null && status === "All changes saved") marks.stored = now;
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ["disabled", "inert"],
      });
    });
  }

  const marksOf = () =>
    opened.page.evaluate(() => (window as unknown as { __benchDraftOpen: Milestones }).__benchDraftOpen);

  async function openOnce(count: number): Promise<Record<string, number>> {
    await freshApp();
    const page = opened.page;
    const before = creations.length;
    await page.getByTestId("new-draft-input").setInputFiles(files.get(count) ?? "");
    await page.waitForFunction(
      () => (window as unknown as { __benchDraftOpen: Milestones }).__benchDraftOpen.usable !== null,
      undefined,
      { timeout: 120_000 },
    );
    // Placed as soon as the draft is usable, from the keyboard: the field must be in the stored draft.
    await page.getByRole("button", { name: /^Signature \(/ }).focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      () => (window as unknown as { __benchDraftOpen: Milestones }).__benchDraftOpen.stored !== null,
      undefined,
      { timeout: 120_000 },
    );
    const [summary] = await drafts.list();
    for (let tries = 0; summary !== undefined && (await drafts.open(summary.id)).fields.length !== 1; tries += 1) {
      if (tries > 600) throw new Error("the field placed as soon as the draft was usable was not stored");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (summary === undefined) throw new Error("no draft was stored");
    const marks = await marksOf();
    const main = creations[before];
    const { change, first, usable, stored } = marks;
    if (change === null || first === null || usable === null || stored === null || main === undefined) {
      throw new Error(`a milestone is missing: ${JSON.stringify({ marks, main })}`);
    }
    return {
      first_page_ms: first - change,
      usable_ms: usable - change,
      usable_after_first_page_ms: usable - first,
      stored_ms: stored - change,
      main_asked_ms: main.start - change,
      main_create_ms: main.end - main.start,
    };
  }

  const figures: Record<string, number | number[] | string> = { bench: "draft-open" };
  for (const count of pageCounts) {
    const series: Record<string, number[]> = {};
    for (let run = 0; run <= runs; run += 1) {
      const result = await openOnce(count);
      log(
        `${count} pages, ${run === 0 ? "warm-up" : `run ${run}`}: ${Object.entries(result)
          .map(([name, value]) => `${name} ${value.toFixed(0)}`)
          .join(", ")}`,
      );
      if (run === 0) {
        if (count === pageCounts[0]) {
          for (const [name, value] of Object.entries(result)) figures[`cold_${name}_${count}`] = round(value);
        }
        continue;
      }
      for (const [name, value] of Object.entries(result)) series[name] = [...(series[name] ?? []), value];
    }
    for (const [name, values] of Object.entries(series)) figures[`${name}_${count}`] = round(median(values));
    figures[`usable_ms_${count}_runs`] = (series.usable_ms ?? []).map(round);
  }
  figures.runs = runs;
  if (problems.length > 0) log(`problems seen in the page:\n${problems.join("\n")}`);
  console.log(JSON.stringify(figures));
} finally {
  await app?.close();
  await rm(work, { recursive: true, force: true });
}
