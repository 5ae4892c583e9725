import type { Page } from "playwright-core";
import type { Draft, DraftField } from "../../common/draft";
import { type FieldType, fieldBoxSizes } from "../../common/fields";
import type { DraftStore } from "../../main/drafts/draft-store";

const pageWidthPt = 612;
const pageHeightPt = 792;
const fieldCount = 500;
/** How far the field is dragged, in points: within the page and within the view at fit width. */
const travelPt = { x: 400, y: 400 };
const types: FieldType[] = ["Signature", "Initials", "Text", "Date", "Name", "Email", "Checkbox"];

export interface DragFigures {
  /** 95th percentile of the intervals between frames while the field is dragged, in whole display periods. */
  p95FrameMs: number;
  /** The same, as measured (with the jitter of headless Chromium's frame timer). */
  rawP95FrameMs: number;
  /** The display period: the median interval between frames at rest. */
  periodMs: number;
  maxFrameMs: number;
  frames: number;
  /** The same with the page at rest (nothing dragged), for comparison. */
  idleP95FrameMs: number;
  /** Mouse moves sent during the drag, and how far the field moved (points, read back from the saved draft). */
  moves: number;
  movedPt: { x: number; y: number };
}

/**
 * A page holding 500 fields (seven types, two groups, a 10 x 50 grid), the last one a Checkbox at (40, 40),
 * saved as a draft through main's store.
 */
async function fiveHundredFieldDraft(drafts: DraftStore, pdf: string): Promise<{ draft: Draft; dragged: DraftField }> {
  const made = await drafts.createFromFile(pdf, { name: "Bench 500 fields" });
  const groups = [
    made.groups[0] as Draft["groups"][number],
    { id: "group-bench-2", label: "Witness", color: "#e69f00" },
  ];
  const fields: DraftField[] = Array.from({ length: fieldCount - 1 }, (_, index) => {
    const type = types[index % types.length] as FieldType;
    const size = fieldBoxSizes[type];
    const column = index % 10;
    const row = Math.floor(index / 10);
    return {
      id: `field-bench-${index}`,
      type,
      groupId: groups[index % 2]?.id ?? "",
      page: 1,
      x: Math.min(column * 60, pageWidthPt - size.width),
      y: Math.min(row * 15.5, pageHeightPt - size.height),
    };
  });
  const dragged: DraftField = {
    id: "field-bench-dragged",
    type: "Checkbox",
    groupId: groups[0]?.id ?? "",
    page: 1,
    x: 40,
    y: 40,
  };
  const draft = { ...made, groups, fields: [...fields, dragged] };
  await drafts.save(draft);
  return { draft, dragged };
}

/** Records requestAnimationFrame times in the page until `stop` is called; answers the intervals between them. */
async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const times: number[] = [];
    const state = { times, running: true };
    (window as unknown as { __benchFrames: typeof state }).__benchFrames = state;
    const tick = (time: number) => {
      times.push(time);
      if (state.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const state = (window as unknown as { __benchFrames: { times: number[]; running: boolean } }).__benchFrames;
    state.running = false;
    return state.times.slice(1).map((time, index) => time - (state.times[index] ?? time));
  });
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * drag_p95_frame_ms: opens a draft whose page 1 holds 500 fields in the editor (at fit width, as it opens) and drags one field
 * with the mouse across the page (a move every 8 ms, as a 125 Hz mouse reports, for about two seconds),
 * recording the interval between animation frames meanwhile (requestAnimationFrame). The field's move is then read back from the
 * saved draft, so a drag that did nothing cannot pass for a fast one.
 */
export async function measureDrag(page: Page, origin: string, drafts: DraftStore, pdf: string): Promise<DragFigures> {
  const { draft, dragged } = await fiveHundredFieldDraft(drafts, pdf);
  await page.goto(`${origin}/index.html`);
  await page.getByRole("button", { name: draft.name, exact: true }).click();
  await page.getByRole("toolbar", { name: "Editor" }).waitFor({ timeout: 30_000 });
  const pageOne = page.locator('.editor-pages [data-page-index="0"]');
  await pageOne.locator(".pdf-canvas-host canvas").waitFor({ timeout: 30_000 });
  await pageOne.locator(".pdf-page-overlay canvas").first().waitFor({ timeout: 30_000 });
  await pageOne.evaluate((slot: HTMLElement) => {
    const view = slot.closest(".pdf-pages");
    if (view !== null) view.scrollTop = slot.offsetTop - 16;
  });
  await page.waitForTimeout(1000);
  const box = await pageOne.boundingBox();
  if (box === null) throw new Error("page 1 is not shown");
  // The editor opens at the width of the view (a Letter page does not fit at 100% in a 1280 x 820 window).
  const pxPerPoint = box.width / pageWidthPt;

  await startFrames(page);
  await page.waitForTimeout(1000);
  const idle = await stopFrames(page);

  const size = fieldBoxSizes[dragged.type];
  const start = {
    x: box.x + (dragged.x + size.width / 2) * pxPerPoint,
    y: box.y + (dragged.y + size.height / 2) * pxPerPoint,
  };
  // Across the page and down, in 240 moves.
  const moves = 240;
  const travel = { x: travelPt.x * pxPerPoint, y: travelPt.y * pxPerPoint };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await startFrames(page);
  for (let step = 1; step <= moves; step += 1) {
    await page.mouse.move(start.x + (travel.x * step) / moves, start.y + (travel.y * step) / moves);
    await pause(8);
  }
  const frames = await stopFrames(page);
  await page.mouse.up();

  // Autosave writes the move (debounced); the saved draft must show it.
  let movedPt = { x: 0, y: 0 };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const saved = await drafts.open(draft.id);
    const field = saved.fields.find((candidate) => candidate.id === dragged.id);
    if (field !== undefined) movedPt = { x: field.x - dragged.x, y: field.y - dragged.y };
    if (movedPt.x !== 0 || movedPt.y !== 0) break;
    await pause(100);
  }
  // Snapping may pull the box a few points towards another field's edge.
  if (Math.abs(movedPt.x - travelPt.x) > 12 || Math.abs(movedPt.y - travelPt.y) > 12) {
    throw new Error(`the dragged field moved ${JSON.stringify(movedPt)} pt, not about ${JSON.stringify(travelPt)}`);
  }
  // Frames are shown on the display's beat (16.7 ms at 60 Hz): an interval is that period times the number
  // of beats it spans. Headless Chromium times its frames with a timer, whose jitter puts some intervals
  // of a steady 60 fps at 16.8 ms or 16.6 ms; the period is the median interval at rest.
  const period = percentile(idle, 0.5);
  // An interval counts as more than one period as soon as it passes the jitter (5% of a period), not from
  // halfway: a 20 ms frame is a late one.
  const onBeat = frames.map((interval) => Math.max(1, Math.ceil(interval / period - 0.05)) * period);
  return {
    p95FrameMs: percentile(onBeat, 0.95),
    rawP95FrameMs: percentile(frames, 0.95),
    periodMs: period,
    maxFrameMs: Math.max(...frames),
    frames: frames.length,
    idleP95FrameMs: percentile(idle, 0.95),
    moves,
    movedPt,
  };
}
