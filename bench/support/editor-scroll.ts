import type { Page } from "playwright-core";

const log = (message: string) => console.error(`[bench editor] ${message}`);

export interface ScrollResult {
  maxLive: number;
  maxPageCanvases: number;
  maxAllCanvases: number;
  steps: number;
  unsettled: number;
  seconds: number;
  /** The page's JS heap in use after a garbage collection, at the first page and at the last (bytes). */
  heapAtFirst: number;
  heapAtLast: number;
}

/**
 * Scrolls the pages view from the top to the bottom one screen (its client height) a step. At each step
 * it waits until renders settle: every page in view has its canvas, and `data-live-canvases` equals the
 * page canvases on the page (none being drawn) for 100 ms on end (at most 15 s). A MutationObserver
 * samples the counts at every change in between.
 */
export async function scrollThrough(page: Page): Promise<ScrollResult> {
  const pages = page.locator(".pdf-pages");
  const devtools = await page.context().newCDPSession(page);
  /** The page's JS heap in use after a full garbage collection (bytes). */
  const heapAfterGc = async () => {
    await devtools.send("HeapProfiler.collectGarbage");
    const { usedSize } = await devtools.send("Runtime.getHeapUsage");
    return usedSize;
  };
  const heapAtFirst = await heapAfterGc();
  await pages.evaluate((element: HTMLElement) => {
    const seen = { live: 0, pageCanvases: 0, all: 0 };
    (window as unknown as { __benchScroll: typeof seen }).__benchScroll = seen;
    const sample = () => {
      seen.live = Math.max(seen.live, Number(element.dataset.liveCanvases ?? 0));
      seen.pageCanvases = Math.max(seen.pageCanvases, element.querySelectorAll(".pdf-canvas-host canvas").length);
      seen.all = Math.max(seen.all, element.querySelectorAll("canvas").length);
    };
    sample();
    new MutationObserver(sample).observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-live-canvases"],
    });
  });
  const started = performance.now();
  let steps = 0;
  let unsettled = 0;
  let maxLive = 0;
  let maxPageCanvases = 0;
  let maxAllCanvases = 0;
  for (let top = 0; ; ) {
    const step = await pages.evaluate(async (element: HTMLElement, scrollTop: number) => {
      element.scrollTop = scrollTop;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const began = performance.now();
      let stableSince = -1;
      let last = "";
      let live = 0;
      let pageCanvases = 0;
      let all = 0;
      let settled = false;
      for (;;) {
        const now = performance.now();
        const nowLive = Number(element.dataset.liveCanvases ?? 0);
        const nowPage = element.querySelectorAll(".pdf-canvas-host canvas").length;
        live = Math.max(live, nowLive);
        pageCanvases = Math.max(pageCanvases, nowPage);
        all = Math.max(all, element.querySelectorAll("canvas").length);
        const viewTop = element.scrollTop;
        const viewBottom = viewTop + element.clientHeight;
        let inViewDrawn = true;
        for (const slot of element.querySelectorAll<HTMLElement>(".pdf-page")) {
          if (slot.offsetTop >= viewBottom) break;
          if (slot.offsetTop + slot.offsetHeight > viewTop && slot.querySelector(".pdf-canvas-host canvas") === null) {
            inViewDrawn = false;
            break;
          }
        }
        const key = `${nowLive}/${nowPage}`;
        if (inViewDrawn && nowLive === nowPage && nowLive > 0) {
          if (stableSince < 0 || key !== last) stableSince = now;
          if (now - stableSince >= 100) {
            settled = true;
            break;
          }
        } else {
          stableSince = -1;
        }
        last = key;
        if (now - began > 15_000) break;
        await new Promise((resolve) => setTimeout(resolve, 16));
      }
      return {
        top: element.scrollTop,
        bottom: element.scrollHeight - element.clientHeight,
        height: element.clientHeight,
        live,
        pageCanvases,
        all,
        settled,
      };
    }, top);
    steps += 1;
    if (!step.settled) unsettled += 1;
    maxLive = Math.max(maxLive, step.live);
    maxPageCanvases = Math.max(maxPageCanvases, step.pageCanvases);
    maxAllCanvases = Math.max(maxAllCanvases, step.all);
    if (steps % 100 === 0) log(`  step ${steps}: ${Math.round((step.top / step.bottom) * 100)}%, max live ${maxLive}`);
    if (top >= step.bottom) break;
    top = Math.min(top + step.height, step.bottom);
  }
  const lastDrawn = await page.locator(".pdf-pages .pdf-page").last().locator(".pdf-canvas-host canvas").count();
  if (lastDrawn !== 1) throw new Error("the last page is not drawn at the bottom of the document");
  const heapAtLast = await heapAfterGc();
  await devtools.detach();
  const seen = await page.evaluate(
    () => (window as unknown as { __benchScroll: { live: number; pageCanvases: number; all: number } }).__benchScroll,
  );
  return {
    maxLive: Math.max(maxLive, seen.live),
    maxPageCanvases: Math.max(maxPageCanvases, seen.pageCanvases),
    maxAllCanvases: Math.max(maxAllCanvases, seen.all),
    steps,
    unsettled,
    seconds: (performance.now() - started) / 1000,
    heapAtFirst,
    heapAtLast,
  };
}
