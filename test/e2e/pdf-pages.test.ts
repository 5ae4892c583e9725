import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, ConsoleMessage, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { displayedSize, userToDisplayed } from "../../common/coordinates";
import { scaleForZoom } from "../../renderer/pdf/zoom";
import { seriousAxeViolations } from "../support/axe";
import { buildPage } from "../support/build-page";
import { launchChromium } from "../support/chromium";
import { geometries, looksLike, type Mark, markedPdf, marks } from "../support/marked-pdf";
import { makePdf, passwordProtectedPdf } from "../support/pdf-fixtures";
import type { FixtureReport } from "../support/pdf-pages-fixture/main";
import { type RendererServer, startRendererServer } from "../support/renderer-server";
import { describeWith } from "../support/requirements";

const root = path.resolve(import.meta.dirname, "../..");
const fixtureDir = path.join(root, "test/support/pdf-pages-fixture");
const outDir = path.join(root, ".cache/pdf-pages-fixture");

interface Opened {
  page: Page;
  origin: string;
  /** Console errors and warnings of the page and its workers, and CSP violations, as text. */
  problems: string[];
  requests: string[];
  close(): Promise<void>;
}

/** The pages view's count of live canvases, and the canvases it shows. */
function liveAndShown(page: Page): Promise<{ live: number; shown: number }> {
  return page.locator(".pdf-pages").evaluate((element: HTMLElement) => ({
    live: Number(element.dataset.liveCanvases),
    shown: element.querySelectorAll("canvas").length,
  }));
}

/** No canvas being drawn and none leaked: each one counted is on the page (and there is one at least). */
function settled({ live, shown }: { live: number; shown: number }): boolean {
  return live === shown && live > 0;
}

function report(page: Page): Promise<FixtureReport> {
  return page.evaluate(() => window.__pdfPagesFixture as FixtureReport);
}

describeWith("chromium", "PDF pages in Chromium, under the app's CSP", () => {
  let server: RendererServer;
  let browser: Browser;

  beforeAll(async () => {
    // The fixture page, built with the app's own Vite config (CSP meta, pdf.js assets), as shipped.
    await buildPage(outDir, fixtureDir);
    await mkdir(path.join(outDir, "docs"), { recursive: true });
    await writeFile(path.join(outDir, "docs/marked.pdf"), await markedPdf());
    await writeFile(path.join(outDir, "docs/locked.pdf"), await passwordProtectedPdf());
    // Half-letter landscape pages: at 25% some 15 of them are within a screen of the view, past the cap.
    await writeFile(
      path.join(outDir, "docs/long.pdf"),
      await makePdf(Array.from({ length: 300 }, () => ({ size: [612, 396] }))),
    );
    await writeFile(path.join(outDir, "docs/letter300.pdf"), await makePdf(Array.from({ length: 300 }, () => ({}))));
    server = await startRendererServer(outDir);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(
    query: string,
    deviceScaleFactor = 2,
    status: FixtureReport["status"] = "ready",
  ): Promise<Opened> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, deviceScaleFactor });
    const problems: string[] = [];
    const requests: string[] = [];
    context.on("request", (request) => requests.push(request.url()));
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(`CSP violation: ${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const onConsole = (where: string) => (message: ConsoleMessage) => {
      // Chromium asks for /favicon.ico by itself; the fixture has none.
      if (message.location().url.endsWith("/favicon.ico")) return;
      if (message.type() === "error" || message.type() === "warning" || /^Warning:/.test(message.text())) {
        problems.push(`${where} ${message.type()}: ${message.text()} (${message.location().url})`);
      }
    };
    page.on("console", onConsole("page"));
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("worker", (worker) => worker.on("console", onConsole(`worker ${worker.url()}`)));
    await page.goto(`${server.origin}/index.html?${query}`);
    await expect.poll(async () => (await report(page)).status, { timeout: 30_000 }).not.toBe("loading");
    const opened = await report(page);
    expect(opened.status, opened.error ?? "").toBe(status);
    return { page, origin: server.origin, problems, requests, close: () => context.close() };
  }

  it("shows each page at its displayed size, drawn rotated and cropped as displayed, at the device pixel ratio", async () => {
    const { page, problems, close } = await open("src=/docs/marked.pdf&zoom=50");
    try {
      const scale = scaleForZoom(0.5);
      await expect.poll(() => page.locator(".pdf-pages canvas").count(), { timeout: 20_000 }).toBe(3);
      for (const [index, geometry] of geometries.entries()) {
        const shown = displayedSize(geometry);
        const element = page.locator(`.pdf-pages [data-page-index="${index}"]`);
        await expect(element.getAttribute("aria-label")).resolves.toBe(`Page ${index + 1} of 3`);
        await expect(page.getByRole("group", { name: `Page ${index + 1} of 3` }).count()).resolves.toBe(1);
        const box = await element.boundingBox();
        expect(box?.width).toBeCloseTo(shown.width * scale, 0);
        expect(box?.height).toBeCloseTo(shown.height * scale, 0);
        await expect(element.locator(".fixture-overlay").getAttribute("data-overlay-size")).resolves.toBe(
          `${shown.width * scale}x${shown.height * scale}`,
        );

        const mark = marks[index] as Mark;
        const [left, bottom, right, top] = mark.box;
        const centre = userToDisplayed(geometry, { x: (left + right) / 2, y: (bottom + top) / 2 });
        const drawn = await element.locator("canvas").evaluate(
          (canvas: HTMLCanvasElement, [point, size]) => {
            const context = canvas.getContext("2d");
            const at = (x: number, y: number) => [
              ...(context?.getImageData(
                Math.floor((x / size.width) * canvas.width),
                Math.floor((y / size.height) * canvas.height),
                1,
                1,
              ).data ?? []),
            ];
            const pixels = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
            let inked = 0;
            for (let offset = 0; offset < pixels.length; offset += 4) {
              if (
                (pixels[offset] ?? 255) < 200 ||
                (pixels[offset + 1] ?? 255) < 200 ||
                (pixels[offset + 2] ?? 255) < 200
              )
                inked += 1;
            }
            return {
              width: canvas.width,
              height: canvas.height,
              mark: at(point.x, point.y),
              corner: at(size.width - 10, size.height - 10),
              inked: inked / (pixels.length / 4),
            };
          },
          [centre, shown] as const,
        );
        // Drawn at the device pixel ratio (2): two canvas pixels per CSS pixel.
        expect(drawn.width).toBeCloseTo(shown.width * scale * 2, -1);
        expect(drawn.height).toBeCloseTo(shown.height * scale * 2, -1);
        // Not blank, white where nothing is drawn, and the mark where coordinates.ts puts it.
        expect(drawn.inked).toBeGreaterThan(0.003);
        expect(drawn.corner.slice(0, 3)).toEqual([255, 255, 255]);
        expect(looksLike[mark.colour](drawn.mark), `page ${index + 1}: ${drawn.mark}`).toBe(true);
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("loads pdf.js's worker, wasm and font data from its own origin, in a real worker, with no CSP violation", async () => {
    const { page, origin, problems, requests, close } = await open("src=/docs/marked.pdf&zoom=50");
    try {
      await expect.poll(() => page.locator(".pdf-pages canvas").count(), { timeout: 20_000 }).toBe(3);
      const workers = page.workers().map((worker) => worker.url());
      expect(workers.some((url) => url.startsWith(`${origin}/assets/pdf.worker`))).toBe(true);
      for (const needed of [
        "/assets/pdf.worker",
        "/pdfjs/wasm/qcms_bg.wasm",
        "/pdfjs/iccs/",
        "/pdfjs/standard_fonts/",
      ]) {
        expect(
          requests.some((url) => url.startsWith(`${origin}${needed}`)),
          `${needed} in ${requests.join(", ")}`,
        ).toBe(true);
      }
      expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
      const csp = (await page.request.get(`${origin}/index.html`)).headers()["content-security-policy"] ?? "";
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
      expect(meta).toContain("worker-src 'self'");
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("keeps at most 12 live canvases while scrolling 300 pages from first to last", async () => {
    const { page, problems, close } = await open("src=/docs/long.pdf&zoom=25");
    try {
      const pages = page.locator(".pdf-pages");
      await expect.poll(() => page.locator(".pdf-pages canvas").count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const counts: number[] = [];
      // Only pages (and thumbnails) within about a screen of the view are in the DOM at all.
      const slotCounts: number[] = [];
      const thumbnailCounts: number[] = [];
      for (let top = 0; ; ) {
        const step = await pages.evaluate(async (element, scrollTop) => {
          element.scrollTop = scrollTop;
          // Sampled once the view has caught up (every canvas counted is drawn and on the page), frame by frame
          // rather than after a guessed delay; the fixture's own watch (maxLiveCanvases) sees the peaks in between.
          const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
          await frame();
          await frame();
          const caughtUp = () => {
            const live = Number(element.dataset.liveCanvases);
            return live > 0 && live === element.querySelectorAll("canvas").length;
          };
          while (!caughtUp()) await frame();
          return {
            bottom: element.scrollHeight - element.clientHeight,
            height: element.clientHeight,
            live: Number(element.dataset.liveCanvases),
            canvases: element.querySelectorAll("canvas").length,
            slots: element.querySelectorAll("[data-page-index]").length,
            thumbnails: document.querySelectorAll("[data-thumbnail-index]").length,
          };
        }, top);
        counts.push(step.live, step.canvases);
        slotCounts.push(step.slots);
        thumbnailCounts.push(step.thumbnails);
        if (top >= step.bottom) break;
        top = Math.min(top + step.height * 0.75, step.bottom);
      }
      // At the bottom the last five pages are all in full view: the first of them is the visible page.
      await expect.poll(async () => (await report(page)).visiblePage, { timeout: 10_000 }).toBe(295);
      await expect
        .poll(() => page.locator('.pdf-pages [data-page-index="299"] canvas').count(), { timeout: 20_000 })
        .toBe(1);
      await expect.poll(async () => settled(await liveAndShown(page)), { timeout: 10_000 }).toBe(true);
      const final = await report(page);
      console.info(
        `300 pages at 25%: ${counts.length / 2} scroll steps, live canvases max ${Math.max(...counts)} (fixture's own watch: ` +
          `${final.maxLiveCanvases} live, ${final.maxCanvasesInPages} in the view)`,
      );
      expect(Math.max(...counts)).toBeLessThanOrEqual(12);
      expect(final.maxLiveCanvases).toBeLessThanOrEqual(12);
      expect(final.maxCanvasesInPages).toBeLessThanOrEqual(12);
      expect(Math.max(...counts)).toBeGreaterThanOrEqual(10);
      expect(Math.min(...slotCounts)).toBeGreaterThanOrEqual(5);
      expect(Math.max(...slotCounts)).toBeLessThanOrEqual(24);
      expect(Math.min(...thumbnailCounts)).toBeGreaterThanOrEqual(5);
      expect(Math.max(...thumbnailCounts)).toBeLessThanOrEqual(40);
      // The thumbnail strip is lazy too, follows the current page, and is operable from the keyboard.
      expect(await page.locator(".pdf-thumbnails canvas").count()).toBeLessThanOrEqual(24);
      const current = page.getByRole("button", { name: "Go to page 296", exact: true });
      await expect(current.getAttribute("aria-current")).resolves.toBe("page");
      await current.focus();
      await page.keyboard.press("End");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByTestId("page-status").textContent()).toBe("Page 300 of 300");
      await expect(
        page.getByRole("button", { name: "Go to page 300", exact: true }).getAttribute("aria-current"),
      ).resolves.toBe("page");
      await page.keyboard.press("Home");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Space");
      await expect.poll(() => page.getByTestId("page-status").textContent()).toBe("Page 2 of 300");
      const second = await page.locator('.pdf-pages [data-page-index="1"]').boundingBox();
      const view = await pages.boundingBox();
      expect(Math.abs((second?.y ?? 0) - (view?.y ?? 0) - 16)).toBeLessThan(2);
      // Scrolled away from the page gone to, a zoom keeps the page now at the top, not the one gone to.
      await pages.evaluate((element) => {
        element.scrollTop = element.scrollHeight / 2;
      });
      await expect.poll(async () => (await report(page)).visiblePage).toBeGreaterThan(100);
      const middle = (await report(page)).visiblePage;
      await page.getByRole("button", { name: "Zoom in" }).click();
      await expect(page.getByTestId("zoom").textContent()).resolves.toBe("33%");
      // The zoomed layout is committed with its scroll; two frames later its scroll events have been handled.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect((await report(page)).visiblePage).toBe(middle);
      expect(await page.locator(".pdf-thumbnails").getAttribute("data-live-canvases")).not.toBeNull();
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("zooms from the toolbar: pages resize, are redrawn at the new resolution, and the view keeps its page", async () => {
    const { page, problems, close } = await open("src=/docs/letter300.pdf&thumbs=0");
    try {
      const pages = page.locator(".pdf-pages");
      // Only pages near the view are in the DOM: scroll near page 50 first (letter pages at 100%: 1056 px
      // and a 16 px gap each), then to 100 px into it as laid out.
      await pages.evaluate((element) => {
        element.scrollTop = 49 * (1056 + 16);
      });
      await page.locator('.pdf-pages [data-page-index="49"]').waitFor();
      await pages.evaluate((element) => {
        const fiftieth = element.querySelector<HTMLElement>('[data-page-index="49"]');
        element.scrollTop = (fiftieth?.offsetTop ?? 0) + 100;
      });
      await expect.poll(async () => (await report(page)).visiblePage).toBe(49);
      await page.getByRole("button", { name: "Zoom in" }).click();
      await page.getByRole("button", { name: "Zoom in" }).click();
      await expect(page.getByTestId("zoom").textContent()).resolves.toBe("125%");
      const fiftieth = page.locator('.pdf-pages [data-page-index="49"]');
      expect((await fiftieth.boundingBox())?.width).toBeCloseTo(612 * scaleForZoom(1.25), 0);
      await expect
        .poll(() => fiftieth.locator("canvas").evaluate((canvas: HTMLCanvasElement) => canvas.width), {
          timeout: 20_000,
        })
        .toBe(Math.round(612 * scaleForZoom(1.25) * 2));
      // The same place of page 50 is still at the top of the view (100 CSS px into it at 100%, 125 at 125%).
      const offset = await pages.evaluate((element) => {
        const target = element.querySelector<HTMLElement>('[data-page-index="49"]');
        return element.scrollTop - (target?.offsetTop ?? 0);
      });
      expect(Math.abs(offset - 125)).toBeLessThan(3);
      expect((await report(page)).visiblePage).toBe(49);
      // Once redrawn, the old resolution's canvases are gone: every canvas counted is one on the page.
      await expect.poll(async () => settled(await liveAndShown(page)), { timeout: 10_000 }).toBe(true);
      await page.getByRole("button", { name: "Fit width" }).click();
      const width = await pages.evaluate((element) => element.clientWidth);
      expect((await fiftieth.boundingBox())?.width).toBeCloseTo(width - 32, 0);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("keeps the top of the document at the top across zooms", async () => {
    const { page, problems, close } = await open("src=/docs/letter300.pdf&thumbs=0");
    try {
      const pages = page.locator(".pdf-pages");
      await page.locator('.pdf-pages [data-page-index="0"] canvas').waitFor({ timeout: 20_000 });
      for (const button of ["Zoom out", "Zoom in", "Zoom in"]) {
        await page.getByRole("button", { name: button }).click();
        await expect(pages.evaluate((element) => element.scrollTop)).resolves.toBe(0);
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("has no serious accessibility violation", async () => {
    const { page, close } = await open("src=/docs/marked.pdf&zoom=50");
    try {
      await expect.poll(() => page.locator(".pdf-pages canvas").count(), { timeout: 20_000 }).toBe(3);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  // How soon, against pdf.js alone, is measured by `npm run bench -- editor`, never asserted here.
  it("draws the first page of a 300-page PDF: text on an opaque page, at its size on screen", async () => {
    const { page, problems, close } = await open("src=/docs/letter300.pdf", 1);
    try {
      const canvas = page.locator('.pdf-pages [data-page-index="0"] .pdf-canvas-host canvas');
      await canvas.waitFor({ timeout: 30_000 });
      const drawn = await canvas.evaluate((element: HTMLCanvasElement) => {
        const pixels = element.getContext("2d")?.getImageData(0, 0, element.width, element.height).data ?? [];
        let ink = 0;
        let opaque = 0;
        for (let at = 0; at < pixels.length; at += 4) {
          if ((pixels[at + 3] ?? 0) === 255) opaque += 1;
          if ((pixels[at] ?? 255) < 128 && (pixels[at + 3] ?? 0) === 255) ink += 1;
        }
        const shown = element.getBoundingClientRect().width * window.devicePixelRatio;
        return { width: element.width, shown, ink, opaque, all: pixels.length / 4 };
      });
      expect(Math.abs(drawn.width - drawn.shown)).toBeLessThanOrEqual(2);
      expect(drawn.opaque).toBe(drawn.all);
      expect(drawn.ink).toBeGreaterThan(100);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("rejects a password-protected PDF with pdf.js's PasswordException", async () => {
    const { page, close } = await open("src=/docs/locked.pdf", 1, "failed");
    try {
      expect((await report(page)).error).toMatch(/^PasswordException/);
      expect(await page.locator(".pdf-pages").count()).toBe(0);
    } finally {
      await close();
    }
  });
});
