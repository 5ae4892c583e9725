import type { Page } from "playwright-core";

/** Page-side milestones of opening a file in the editor, as epoch milliseconds (timeOrigin + now). */
export interface OpenMilestones {
  /** The file input's change event (before the app's own handler). */
  change: number | null;
  /** The Templates screen's "Opening <file>…" status shown. */
  busy: number | null;
  /** The editor screen mounted ("Opening the draft…"): pdf.js has the PDF, or main has made the draft. */
  editor: number | null;
  /** pdf.js's worker constructed: pdf.js loaded, getDocument called. */
  worker: number | null;
  /** The pages view on the page: the document open, its pages laid out. */
  pages: number | null;
  /** A canvas of page 1 inserted in the pages view (PageCanvas does it once pdf.js has drawn it). */
  first: number | null;
}

/**
 * Watches, in the page, the milestones of the next file opened in the editor (the page's own clock, epoch ms):
 * set before the file is chosen, read with `openMilestonesOnceDrawn`.
 */
export async function watchOpenMilestones(page: Page): Promise<void> {
  await page.evaluate(() => {
    const at = () => performance.timeOrigin + performance.now();
    const marks: OpenMilestones = {
      change: null,
      busy: null,
      editor: null,
      worker: null,
      pages: null,
      first: null,
    };
    (window as unknown as { __benchOpen: OpenMilestones }).__benchOpen = marks;
    document.addEventListener(
      "change",
      (event) => {
        if ((event.target as HTMLElement).dataset.testid === "new-draft-input" && marks.change === null) {
          marks.change = at();
        }
      },
      true,
    );
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        if (marks.worker === null) marks.worker = at();
        super(url, options);
      }
    };
    new MutationObserver(() => {
      const now = at();
      if (
        marks.busy === null &&
        [...document.querySelectorAll('[role="status"]')].some((node) => node.textContent?.startsWith("Opening "))
      ) {
        marks.busy = now;
      }
      if (
        marks.editor === null &&
        (document.querySelector(".editor") !== null ||
          [...document.querySelectorAll("p.screen-body")].some((node) =>
            node.textContent?.startsWith("Opening the draft"),
          ))
      ) {
        marks.editor = now;
      }
      if (marks.pages === null && document.querySelector(".pdf-pages") !== null) marks.pages = now;
      if (
        marks.first === null &&
        document.querySelector('.pdf-pages [data-page-index="0"] .pdf-canvas-host canvas') !== null
      ) {
        marks.first = now;
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The milestones, once page 1 of the file opened is drawn. */
export async function openMilestonesOnceDrawn(page: Page): Promise<OpenMilestones> {
  await page.waitForFunction(
    () => (window as unknown as { __benchOpen: OpenMilestones }).__benchOpen.first !== null,
    undefined,
    { timeout: 120_000 },
  );
  return page.evaluate(() => (window as unknown as { __benchOpen: OpenMilestones }).__benchOpen);
}
