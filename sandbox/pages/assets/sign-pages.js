// @ts-check
/**
 * The document's pages: one box per page at its displayed size, rendered with pdf.js (pages in view first, then
 * the others) and again when resized. A page shows its fields only once its image is drawn, or could not be.
 */

import { documentUrl } from "./sign-api.js";
import { ui } from "./sign-dom.js";
import { announce } from "./sign-outcome.js";

const ASSETS = "/_sandbox/assets/";
const PDFJS_URL = `${ASSETS}pdf.mjs`;
const PDFJS_WORKER_URL = `${ASSETS}pdf.worker.mjs`;
/** 1 PDF point at 100% zoom, in CSS px: pages are never shown larger than their real size. */
const CSS_PX_PER_POINT = 96 / 72;

/**
 * @typedef {object} PageView
 * @property {number} index 0-based
 * @property {{ width: number, height: number }} size
 * @property {HTMLElement} element
 * @property {HTMLCanvasElement | null} canvas
 * @property {number} renderedWidth device pixels of the current canvas, 0 if none
 * @property {boolean} rendering
 * @property {boolean} visible
 * @property {boolean} failed
 */

/** @type {PageView[]} */
let pageViews = [];
/** @type {import("pdfjs-dist").PDFDocumentProxy | null} */
let pdfDocument = null;
/** @type {number | undefined} */
let resizeTimer;

/**
 * @param {{ width: number, height: number }} size
 * @param {number} index
 * @param {number} count
 * @returns {PageView}
 */
function createPage(size, index, count) {
  const element = document.createElement("section");
  element.className = "page is-pending";
  element.setAttribute("aria-label", `Page ${index + 1} of ${count}`);
  element.style.aspectRatio = `${size.width} / ${size.height}`;
  element.style.maxWidth = `${size.width * CSS_PX_PER_POINT}px`;
  element.style.setProperty("--s", String(CSS_PX_PER_POINT));
  const label = document.createElement("span");
  label.className = "page-label";
  label.setAttribute("aria-hidden", "true");
  label.textContent = `Page ${index + 1} of ${count}`;
  element.append(label);
  return {
    index,
    size,
    element,
    canvas: null,
    renderedWidth: 0,
    rendering: false,
    visible: false,
    failed: false,
  };
}

/**
 * Renders a page at the size it is shown (times devicePixelRatio), replacing the previous canvas only when
 * the new one is ready, so resizing never flashes a blank page.
 * @param {PageView} view
 */
async function renderPage(view) {
  const pdf = pdfDocument;
  if (!pdf || view.rendering || view.failed || view.index >= pdf.numPages) return;
  const cssWidth = view.element.getBoundingClientRect().width;
  if (cssWidth <= 0) return;
  const target = Math.round(cssWidth * (window.devicePixelRatio || 1));
  if (Math.abs(target - view.renderedWidth) < 2) return;
  view.rendering = true;
  try {
    const page = await pdf.getPage(view.index + 1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: target / natural.width });
    const canvas = document.createElement("canvas");
    canvas.className = "page-canvas";
    canvas.setAttribute("aria-hidden", "true");
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    await page.render({ canvas, viewport }).promise;
    if (view.canvas) view.canvas.replaceWith(canvas);
    else view.element.prepend(canvas);
    view.element.classList.remove("is-pending");
    view.canvas = canvas;
    view.renderedWidth = target;
  } catch (error) {
    markFailed(view, "This page could not be displayed.");
    console.error(`Page ${view.index + 1}:`, error);
  } finally {
    view.rendering = false;
  }
  // The page may have been resized while it rendered.
  if (view.visible && !view.failed) {
    const now = Math.round(view.element.getBoundingClientRect().width * (window.devicePixelRatio || 1));
    if (Math.abs(now - view.renderedWidth) >= 2) void renderPage(view);
  }
}

/**
 * Says on the page that its image is missing and shows its fields all the same.
 * @param {PageView} view
 * @param {string} text
 */
function markFailed(view, text) {
  view.failed = true;
  const note = document.createElement("p");
  note.className = "page-error";
  note.textContent = text;
  view.element.prepend(note);
  view.element.classList.remove("is-pending");
}

/** Shows a page's fields before its image: the recipient asked to go to one of them. */
export function revealPageOf(/** @type {HTMLElement} */ element) {
  element.closest(".page")?.classList.remove("is-pending");
}

/** Renders, one after another, the pages not drawn yet, so that every page's fields appear without scrolling. */
async function renderPendingPages() {
  for (const view of pageViews) {
    if (view.renderedWidth === 0 && !view.failed) await renderPage(view);
  }
}

function renderVisiblePages() {
  for (const view of pageViews) if (view.visible) void renderPage(view);
}

/**
 * One empty page box per page of the signing data; fields are placed on them before `showPages`.
 * @param {{ width: number, height: number }[]} sizes
 * @returns {PageView[]}
 */
export function createPages(sizes) {
  const count = sizes.length;
  pageViews = sizes.map((size, index) => createPage(size, index, count));
  return pageViews;
}

/** Puts the pages in the document and renders each one while it is near the viewport. */
export function showPages() {
  ui.pages.replaceChildren(...pageViews.map((view) => view.element));

  const visibility = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const view = pageViews.find((candidate) => candidate.element === entry.target);
        if (!view) continue;
        view.visible = entry.isIntersecting;
        if (view.visible) void renderPage(view);
      }
    },
    { rootMargin: "150% 0px" },
  );
  const sizes = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const view = pageViews.find((candidate) => candidate.element === entry.target);
      if (!view) continue;
      const width = entry.contentRect.width;
      if (width > 0) view.element.style.setProperty("--s", String(width / view.size.width));
    }
    window.clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(renderVisiblePages, 150);
  });
  for (const view of pageViews) {
    visibility.observe(view.element);
    sizes.observe(view.element);
  }
}

/** Loads pdf.js and the PDF, then renders the visible pages; on failure says so on every page. */
export async function loadPdf() {
  try {
    const pdfjs = /** @type {typeof import("pdfjs-dist")} */ (await import(PDFJS_URL));
    pdfjs.GlobalWorkerOptions.workerSrc = PDFJS_WORKER_URL;
    // pdf.js 6 no longer evaluates code at all; isEvalSupported: false keeps older builds off eval too (CSP).
    /** @type {import("pdfjs-dist/types/src/display/api").DocumentInitParameters & { isEvalSupported: boolean }} */
    const parameters = { url: documentUrl, isEvalSupported: false, enableXfa: false };
    const task = pdfjs.getDocument(parameters);
    pdfDocument = await task.promise;
    if (pdfDocument.numPages !== pageViews.length) {
      console.warn(`The PDF has ${pdfDocument.numPages} pages; the signing data lists ${pageViews.length}.`);
    }
    for (const view of pageViews.slice(pdfDocument.numPages)) markFailed(view, "This page is not in the document.");
    renderVisiblePages();
    await renderPendingPages();
  } catch (error) {
    console.error("The PDF could not be loaded:", error);
    for (const view of pageViews) markFailed(view, "The document could not be displayed.");
    announce(
      "The document could not be displayed. The fields are still shown where they belong; you can open the PDF with the link in the panel.",
      "error",
    );
  }
}
