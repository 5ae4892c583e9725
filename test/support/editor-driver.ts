/**
 * Driving the template editor from a Playwright page, as a user does: open a file through the Templates
 * screen's file input, wait until the pages are drawn, bring a page into view, read the inspector.
 */
import { readdir } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** CSS pixels per point at 100% (renderer/pdf/zoom.ts). */
export const pxPerPointAt100 = 96 / 72;

const slow = { timeout: 20_000 };

/** A file given to the Templates screen's file input, from bytes (under 50 MB) or a path on disk. */
export type ChosenFile = { name: string; mimeType: string; bytes: Uint8Array } | { path: string };

export async function chooseFile(page: Page, file: ChosenFile): Promise<void> {
  const input = page.getByTestId("new-draft-input");
  if ("path" in file) await input.setInputFiles(file.path);
  else await input.setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.bytes) });
}

export function editorToolbar(page: Page): Locator {
  return page.getByRole("toolbar", { name: "Editor" });
}

export function inspector(page: Page, label: string): Locator {
  return page.getByRole("region", { name: "Selection" }).getByLabel(label);
}

/** The page element (its box is the page as displayed, at the current zoom). `index` is 0-based. */
export function pageElement(page: Page, index: number): Locator {
  return page.locator(`.editor-pages [data-page-index="${index}"]`);
}

/**
 * True once the pdf.js drawing has settled in the pages view and the thumbnails: every page or thumbnail
 * that is to be drawn shows one canvas, no canvas is still being drawn (each view's `data-live-canvases`
 * equals the canvases it shows), and every canvas shows something other than white. At least
 * `expectedPages` pages must be drawn.
 */
export async function pagesDrawn(page: Page, expectedPages: number): Promise<boolean> {
  return page.evaluate((expected) => {
    const views = [...document.querySelectorAll<HTMLElement>(".pdf-pages, .pdf-thumbnails")];
    if (document.querySelectorAll(".pdf-pages .pdf-canvas").length < expected) return false;
    const settled = views.every(
      (view) => Number(view.dataset.liveCanvases) === view.querySelectorAll("canvas.pdf-canvas").length,
    );
    const hosts = [...document.querySelectorAll<HTMLElement>(".pdf-canvas-host")];
    if (!settled || hosts.some((host) => host.querySelectorAll("canvas").length !== 1)) return false;
    return [...document.querySelectorAll<HTMLCanvasElement>("canvas.pdf-canvas")].every((canvas) => {
      if (canvas.width === 0 || canvas.height === 0) return false;
      const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
      if (data === undefined) return false;
      for (let at = 0; at < data.length; at += 4) {
        if ((data[at] ?? 255) < 200 && (data[at + 3] ?? 0) > 0) return true;
      }
      return false;
    });
  }, expectedPages);
}

/**
 * True once every page canvas in the pages view has the resolution of the current zoom (a zoom first
 * stretches the old canvas, then swaps in one drawn at the new resolution).
 */
export async function pageCanvasesAtZoom(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const ratio = window.devicePixelRatio;
    const slots = [...document.querySelectorAll<HTMLElement>(".pdf-pages [data-page-index]")];
    const live = slots.filter((slot) => slot.querySelector(".pdf-page-overlay") !== null);
    return (
      live.length > 0 &&
      live.every((slot) => {
        const canvases = slot.querySelectorAll<HTMLCanvasElement>(".pdf-canvas");
        const canvas = canvases[0];
        if (canvases.length !== 1 || canvas === undefined) return false;
        return Math.abs(canvas.width - slot.clientWidth * ratio) <= 2;
      })
    );
  });
}

/**
 * Waits for the editor's toolbar, for the draft stored by main (a new PDF's editor is usable before it is,
 * renderer/drafts/open-drafts.ts; test/e2e/editor-pending.test.ts tests that) and for `expectedPages` pages
 * drawn by pdf.js.
 */
export async function waitForEditor(page: Page, expectedPages = 1): Promise<void> {
  await editorToolbar(page).waitFor(slow);
  await editorToolbar(page).getByRole("status").filter({ hasText: "All changes saved" }).waitFor(slow);
  // The editor opens at fit-width when a page would not fit at 100%; these tests work at 100% (Ctrl+0).
  await page.keyboard.press("Control+0");
  await expect.poll(() => page.locator(".zoom-value").textContent(), slow).toBe("100%");
  await expect.poll(() => pagesDrawn(page, expectedPages), slow).toBe(true);
}

/**
 * Scrolls the pages view so that page `index` starts at the top of the view, and waits until it has its
 * field overlay (the Konva stage that takes clicks). Answers the page's box, in CSS px of the window.
 */
export async function bringPageToTop(
  page: Page,
  index: number,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const element = pageElement(page, index);
  await element.evaluate((slot: HTMLElement) => {
    const view = slot.closest(".pdf-pages");
    if (view !== null) view.scrollTop = slot.offsetTop - 16;
  });
  await element.locator(".pdf-page-overlay canvas").first().waitFor(slow);
  await expect.poll(() => pagesDrawn(page, 1), slow).toBe(true);
  const box = await element.boundingBox();
  if (box === null) throw new Error(`page ${index + 1} is not shown`);
  return box;
}

/** The alpha of the field overlay's (Konva's) pixel at `point` (CSS px from the page's top-left corner). */
export async function overlayAlphaAt(page: Page, index: number, point: { x: number; y: number }): Promise<number> {
  return pageElement(page, index)
    .locator(".pdf-page-overlay canvas")
    .first()
    .evaluate((canvas: HTMLCanvasElement, at) => {
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const pixel = canvas
        .getContext("2d")
        ?.getImageData(Math.round(at.x * ratio), Math.round(at.y * ratio), 1, 1).data;
      return pixel?.[3] ?? -1;
    }, point);
}

/** The entries of a folder (an absent folder has none), sorted. */
export async function folderEntries(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  return names.sort();
}

/**
 * Records page errors and every file of the app's own origin that answered 404 into `problems`. A 404 of
 * the built renderer usually means another test run rebuilt dist/ while this one was loading it.
 */
export function watchForMissingFiles(page: Page, origin: string, problems: string[]): void {
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("response", (response) => {
    if (response.status() === 404 && response.url().startsWith(origin)) {
      problems.push(`404 for ${response.url()} (was dist/ rebuilt by another test run meanwhile?)`);
    }
  });
}

/**
 * Watches the page (watchForMissingFiles), loads it again so that its loading is watched too, and waits for
 * the app's shell. When the shell does not come, the error tells what the page shows and what went wrong.
 */
export async function loadWatched(page: Page, origin: string, problems: string[]): Promise<void> {
  watchForMissingFiles(page, origin, problems);
  await page.reload();
  try {
    await page.getByTestId("app-version").waitFor(slow);
  } catch (error) {
    const shown = await page.evaluate(() => (document.body.textContent ?? "").slice(0, 500)).catch(() => "(nothing)");
    throw new Error(
      `the app's shell did not appear: ${(error as Error).message}\npage text: ${shown}\nproblems: ${problems.join("\n")}`,
    );
  }
}
