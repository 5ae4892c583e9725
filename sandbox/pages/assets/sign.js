// @ts-check
/**
 * The recipient's signing page of the Signdesk sandbox (`GET /sign/<recipientHash>`).
 *
 * Reads the hash from the address, loads `GET /sign/<hash>/data`, renders `GET /sign/<hash>/document.pdf`
 * with pdf.js and places one control per field of this recipient over the pages. "Finish and sign" posts
 * `{fields: {<fieldId>: value}}` to `POST /sign/<hash>`, "Decline" posts `{decline: true}`.
 *
 * Runs under a strict CSP: no inline script or style; styles are set through the CSSOM (`element.style`).
 */

const ASSETS = "/_sandbox/assets/";
const PDFJS_URL = `${ASSETS}pdf.mjs`;
const PDFJS_WORKER_URL = `${ASSETS}pdf.worker.mjs`;
/** 1 PDF point at 100% zoom, in CSS px: pages are never shown larger than their real size. */
const CSS_PX_PER_POINT = 96 / 72;
const INK = "#14206b";
const SCRIPT_FONTS =
  '"Segoe Script", "Brush Script MT", "Snell Roundhand", "Apple Chancery", "URW Chancery L", "Z003", "Lucida Handwriting", cursive';

/**
 * @typedef {object} FieldData
 * @property {string} id
 * @property {string} type
 * @property {number} page 1-based
 * @property {number} x top-left of the box, displayed points
 * @property {number} y
 * @property {number} width
 * @property {number} height
 */

/**
 * @typedef {object} SigningData
 * @property {{ id: string, name: string, status: string }} document
 * @property {{ name: string, email: string, status: string }} recipient
 * @property {{ width: number, height: number }[]} pages displayed size in points, index 0 = page 1
 * @property {FieldData[]} fields
 */

/** @typedef {string | boolean} FieldValue */

/**
 * @typedef {object} FieldView
 * @property {FieldData} data
 * @property {string} label e.g. "Signature, page 1"
 * @property {HTMLDivElement} wrapper
 * @property {HTMLInputElement | HTMLButtonElement} control
 * @property {string | null} image PNG data URL of a Signature or Initials field
 * @property {HTMLParagraphElement | null} callout
 */

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

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T, prototype: T }} type
 * @returns {T}
 */
function byId(id, type) {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`The page is missing #${id}.`);
  return element;
}

const ui = {
  main: byId("main", HTMLElement),
  docName: byId("doc-name", HTMLHeadingElement),
  docRecipient: byId("doc-recipient", HTMLParagraphElement),
  message: byId("message", HTMLDivElement),
  outcome: byId("outcome", HTMLElement),
  outcomeTitle: byId("outcome-title", HTMLHeadingElement),
  outcomeText: byId("outcome-text", HTMLParagraphElement),
  panel: byId("panel", HTMLElement),
  progressText: byId("progress-text", HTMLParagraphElement),
  progress: byId("progress", HTMLProgressElement),
  nextField: byId("next-field", HTMLButtonElement),
  finish: byId("finish", HTMLButtonElement),
  decline: byId("decline", HTMLButtonElement),
  pdfLink: byId("pdf-link", HTMLAnchorElement),
  document: byId("document", HTMLElement),
  loading: byId("loading", HTMLParagraphElement),
  pages: byId("pages", HTMLDivElement),
  endActions: byId("end-actions", HTMLDivElement),
  finishEnd: byId("finish-end", HTMLButtonElement),
  sigDialog: byId("sig-dialog", HTMLDialogElement),
  sigForm: byId("sig-form", HTMLFormElement),
  sigTitle: byId("sig-title", HTMLHeadingElement),
  sigTypePanel: byId("sig-type-panel", HTMLDivElement),
  sigDrawPanel: byId("sig-draw-panel", HTMLDivElement),
  sigTextLabel: byId("sig-text-label", HTMLLabelElement),
  sigText: byId("sig-text", HTMLInputElement),
  sigPreview: byId("sig-preview", HTMLCanvasElement),
  sigPad: byId("sig-pad", HTMLCanvasElement),
  sigClear: byId("sig-clear", HTMLButtonElement),
  sigError: byId("sig-error", HTMLParagraphElement),
  sigCancel: byId("sig-cancel", HTMLButtonElement),
  declineDialog: byId("decline-dialog", HTMLDialogElement),
  declineForm: byId("decline-form", HTMLFormElement),
  declineCancel: byId("decline-cancel", HTMLButtonElement),
  declineConfirm: byId("decline-confirm", HTMLButtonElement),
};

// ---------------------------------------------------------------------------------------------------------
// Small helpers

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * @param {unknown} value
 * @returns {value is number}
 */
function isFiniteNumber(value) {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * @param {Response} response
 * @returns {Promise<unknown>}
 */
async function readJson(response) {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * @param {unknown} body
 * @returns {string | null}
 */
function messageOf(body) {
  return isObject(body) && typeof body.message === "string" && body.message.trim() !== "" ? body.message : null;
}

/** Today in the local time zone, as `YYYY-MM-DD`. */
function today() {
  const now = new Date();
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** @param {number} fraction */
function percent(fraction) {
  return `${(fraction * 100).toFixed(4)}%`;
}

function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Shows a status message in the page's aria-live region (only to screen readers when the outcome panel
 * already says the same on screen).
 * @param {string} text
 * @param {"info" | "error" | "success"} [kind]
 */
function announce(text, kind = "info") {
  const paragraph = document.createElement("p");
  paragraph.className = ui.outcome.hidden ? `message ${kind}` : "sr-only";
  paragraph.textContent = text;
  const previous = ui.message.textContent;
  ui.message.replaceChildren();
  // The same text twice in a row is not announced again unless the region is emptied first.
  if (previous === text) {
    window.setTimeout(() => ui.message.replaceChildren(paragraph), 100);
  } else {
    ui.message.replaceChildren(paragraph);
  }
}

function clearAnnouncement() {
  ui.message.replaceChildren();
}

// ---------------------------------------------------------------------------------------------------------
// Data

/**
 * Checks the shape of `GET /sign/<hash>/data`; throws with a readable reason when it is not as expected.
 * @param {unknown} body
 * @returns {SigningData}
 */
function parseSigningData(body) {
  if (!isObject(body)) throw new Error("the answer is not a JSON object");
  const { document: doc, recipient, pages, fields } = body;
  if (!isObject(doc)) throw new Error("document is missing");
  if (!isObject(recipient)) throw new Error("recipient is missing");
  if (!Array.isArray(pages)) throw new Error("pages is missing");
  if (!Array.isArray(fields)) throw new Error("fields is missing");
  const parsedPages = pages.map((page, index) => {
    if (!isObject(page) || !isFiniteNumber(page.width) || !isFiniteNumber(page.height)) {
      throw new Error(`page ${index + 1} has no size`);
    }
    if (page.width <= 0 || page.height <= 0) throw new Error(`page ${index + 1} has an empty size`);
    return { width: page.width, height: page.height };
  });
  const parsedFields = fields.map((field, index) => {
    if (!isObject(field)) throw new Error(`field ${index + 1} is not an object`);
    const { id, type, page, x, y, width, height } = field;
    if (typeof id !== "string" && typeof id !== "number") throw new Error(`field ${index + 1} has no id`);
    if (typeof type !== "string") throw new Error(`field ${id} has no type`);
    if (!isFiniteNumber(page) || !isFiniteNumber(x) || !isFiniteNumber(y)) {
      throw new Error(`field ${id} has no position`);
    }
    if (!isFiniteNumber(width) || !isFiniteNumber(height)) throw new Error(`field ${id} has no size`);
    if (!Number.isInteger(page) || page < 1 || page > parsedPages.length) {
      throw new Error(`field ${id} is on page ${page}, which the document does not have`);
    }
    return { id: String(id), type, page, x, y, width, height };
  });
  return {
    document: {
      id: String(doc.id ?? ""),
      name: typeof doc.name === "string" && doc.name.trim() !== "" ? doc.name : "Untitled document",
      status: typeof doc.status === "string" ? doc.status : "",
    },
    recipient: {
      name: typeof recipient.name === "string" ? recipient.name : "",
      email: typeof recipient.email === "string" ? recipient.email : "",
      status: typeof recipient.status === "string" ? recipient.status : "pending",
    },
    pages: parsedPages,
    fields: parsedFields,
  };
}

/**
 * Tab order: page order, then rows from top to bottom, then left to right within a row. Boxes whose tops are
 * closer than half the smaller box's height are on the same row.
 * @param {FieldData[]} fields
 * @returns {FieldData[]}
 */
function readingOrder(fields) {
  const byTop = [...fields].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  /** @type {FieldData[][]} */
  const rows = [];
  for (const field of byTop) {
    const row = rows.at(-1);
    const first = row?.[0];
    if (row && first && first.page === field.page && field.y - first.y < Math.min(first.height, field.height) / 2) {
      row.push(field);
    } else {
      rows.push([field]);
    }
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x - b.x));
}

/**
 * "Signature, page 1"; when a page holds several fields of one type they are numbered in tab order.
 * @param {FieldData[]} ordered
 * @returns {Map<FieldData, string>}
 */
function fieldLabels(ordered) {
  /** @type {Map<string, number>} */
  const totals = new Map();
  for (const field of ordered) {
    const key = `${field.page}\u0000${field.type}`;
    totals.set(key, (totals.get(key) ?? 0) + 1);
  }
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {Map<FieldData, string>} */
  const labels = new Map();
  for (const field of ordered) {
    const key = `${field.page}\u0000${field.type}`;
    const number = (seen.get(key) ?? 0) + 1;
    seen.set(key, number);
    const name = (totals.get(key) ?? 1) > 1 ? `${field.type} ${number}` : field.type;
    labels.set(field, `${name}, page ${field.page}`);
  }
  return labels;
}

/** @param {string} name */
function initialsOf(name) {
  const words = name
    .trim()
    .split(/[\s-]+/)
    .filter((word) => word !== "");
  return words
    .slice(0, 3)
    .map((word) => word.charAt(0).toLocaleUpperCase())
    .join("");
}

// ---------------------------------------------------------------------------------------------------------
// State

const hashMatch = /^\/sign\/([^/]+)\/?$/.exec(window.location.pathname);
const recipientHash = hashMatch?.[1] ?? null;
const baseUrl = recipientHash === null ? "" : `/sign/${recipientHash}`;

/** @type {SigningData | null} */
let signing = null;
/** @type {FieldView[]} */
let fieldViews = [];
/** @type {PageView[]} */
let pageViews = [];
/** Whether the form can still be changed and sent. */
let open = false;
let busy = false;
let allDoneAnnounced = false;
/** @type {FieldView | null} */
let lastFocusedField = null;

// ---------------------------------------------------------------------------------------------------------
// Outcome states

/**
 * @param {"signed" | "declined" | "closed" | "failed"} kind
 * @param {string} title
 * @param {string} text
 * @param {{ keepDocument?: boolean, focus?: boolean }} [options]
 */
function showOutcome(kind, title, text, options = {}) {
  open = false;
  ui.outcome.className = `outcome ${kind}`;
  ui.outcomeTitle.textContent = title;
  ui.outcomeText.textContent = text;
  ui.outcome.hidden = false;
  ui.panel.hidden = true;
  ui.endActions.hidden = true;
  ui.main.classList.add("no-panel");
  ui.main.setAttribute("aria-busy", "false");
  if (!options.keepDocument) ui.document.hidden = true;
  for (const view of fieldViews) {
    view.control.disabled = true;
    view.callout?.remove();
    view.callout = null;
    view.wrapper.classList.remove("has-error");
    view.control.removeAttribute("aria-invalid");
    view.control.removeAttribute("aria-describedby");
  }
  if (options.focus) {
    ui.outcome.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Fields

/**
 * The field's value, or null when it is still missing.
 * @param {FieldView} view
 * @returns {FieldValue | null}
 */
function fieldValue(view) {
  const { control } = view;
  switch (view.data.type) {
    case "Checkbox":
      return control instanceof HTMLInputElement ? control.checked : false;
    case "Signature":
    case "Initials":
      return view.image;
    default: {
      if (!(control instanceof HTMLInputElement)) return null;
      const value = control.value.trim();
      return value === "" ? null : value;
    }
  }
}

/**
 * Why the field cannot be sent as it is, or null when it can.
 * @param {FieldView} view
 * @returns {string | null}
 */
function problemOf(view) {
  const { control } = view;
  if (fieldValue(view) === null) {
    switch (view.data.type) {
      case "Signature":
        return "Add your signature here.";
      case "Initials":
        return "Add your initials here.";
      case "Date":
        return "Enter a date.";
      default:
        return "Fill in this field.";
    }
  }
  if (control instanceof HTMLInputElement && control.type === "email" && control.validity.typeMismatch) {
    return "Enter a valid email address.";
  }
  return null;
}

/**
 * @param {FieldView} view
 * @param {string} text
 */
function setFieldError(view, text) {
  clearFieldError(view);
  const callout = document.createElement("p");
  callout.id = `error-${fieldViews.indexOf(view)}`;
  callout.className = "field-callout";
  callout.textContent = text;
  const page = signing?.pages[view.data.page - 1];
  if (page) {
    if (view.data.y + view.data.height > page.height - 40) callout.classList.add("above");
    if (view.data.x > page.width * 0.55) callout.classList.add("right");
  }
  view.wrapper.append(callout);
  view.wrapper.classList.add("has-error");
  view.control.setAttribute("aria-invalid", "true");
  view.control.setAttribute("aria-describedby", callout.id);
  view.callout = callout;
}

/** @param {FieldView} view */
function clearFieldError(view) {
  if (!view.callout) return;
  view.callout.remove();
  view.callout = null;
  view.wrapper.classList.remove("has-error");
  view.control.removeAttribute("aria-invalid");
  view.control.removeAttribute("aria-describedby");
}

/** @param {FieldView} view */
function focusField(view) {
  view.control.focus({ preventScroll: true });
  view.wrapper.scrollIntoView({
    block: "center",
    inline: "nearest",
    behavior: prefersReducedMotion() ? "auto" : "smooth",
  });
}

/** @param {FieldView} view */
function updateSignatureButton(view) {
  const { control } = view;
  const initials = view.data.type === "Initials";
  if (view.image) {
    const image = document.createElement("img");
    image.src = view.image;
    image.alt = "";
    control.replaceChildren(image);
    control.setAttribute("aria-label", `${view.label} (added, press to change)`);
  } else {
    control.replaceChildren(initials ? "Initials" : "Sign here");
    control.setAttribute("aria-label", `${view.label} (empty, press to ${initials ? "add initials" : "sign"})`);
  }
}

function updateProgress() {
  const total = fieldViews.length;
  let done = 0;
  for (const view of fieldViews) {
    const complete = fieldValue(view) !== null;
    view.wrapper.classList.toggle("done", complete);
    if (complete) done += 1;
  }
  ui.progressText.textContent = `${done} of ${total} ${total === 1 ? "field" : "fields"} completed`;
  ui.progress.max = Math.max(total, 1);
  ui.progress.value = total === 0 ? 1 : done;
  if (done === total && total > 0 && !allDoneAnnounced && open) {
    allDoneAnnounced = true;
    announce("All fields are completed. Review them, then choose Finish and sign.", "success");
  } else if (done < total) {
    allDoneAnnounced = false;
  }
}

/**
 * @param {FieldData} data
 * @param {string} label
 * @returns {FieldView}
 */
function createField(data, label) {
  const recipient = signing?.recipient;
  const wrapper = document.createElement("div");
  wrapper.className = `field field-${data.type.toLowerCase()}`;
  /** @type {HTMLInputElement | HTMLButtonElement} */
  let control;
  if (data.type === "Signature" || data.type === "Initials") {
    const button = document.createElement("button");
    button.type = "button";
    button.setAttribute("aria-haspopup", "dialog");
    control = button;
  } else {
    const input = document.createElement("input");
    input.required = true;
    input.autocomplete = "off";
    switch (data.type) {
      case "Checkbox":
        input.type = "checkbox";
        input.required = false;
        break;
      case "Date":
        input.type = "date";
        input.value = today();
        break;
      case "Name":
        input.type = "text";
        input.maxLength = 200;
        input.autocomplete = "name";
        input.spellcheck = false;
        input.value = recipient?.name ?? "";
        break;
      case "Email":
        input.type = "email";
        input.maxLength = 254;
        input.autocomplete = "email";
        input.spellcheck = false;
        input.value = recipient?.email ?? "";
        break;
      default:
        // Text, and any type this page does not know yet, is free text.
        input.type = "text";
        input.maxLength = 1000;
        input.placeholder = data.type;
    }
    input.setAttribute("aria-label", label);
    input.title = label;
    control = input;
  }
  control.classList.add("field-control");
  if (control instanceof HTMLButtonElement) control.classList.add("sig-button");
  control.dataset.fieldId = data.id;
  wrapper.append(control);
  /** @type {FieldView} */
  const view = { data, label, wrapper, control, image: null, callout: null };
  if (control instanceof HTMLButtonElement) {
    control.title = label;
    updateSignatureButton(view);
    control.addEventListener("click", () => openSignatureDialog(view));
  } else {
    const onChange = () => {
      if (view.callout && problemOf(view) === null) clearFieldError(view);
      updateProgress();
    };
    control.addEventListener("input", onChange);
    control.addEventListener("change", onChange);
  }
  control.addEventListener("focus", () => {
    lastFocusedField = view;
  });
  return view;
}

// ---------------------------------------------------------------------------------------------------------
// Pages

/**
 * @param {{ width: number, height: number }} size
 * @param {number} index
 * @param {number} count
 * @returns {PageView}
 */
function createPage(size, index, count) {
  const element = document.createElement("section");
  element.className = "page";
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

/** @type {import("pdfjs-dist").PDFDocumentProxy | null} */
let pdfDocument = null;
/** @type {number | undefined} */
let resizeTimer;

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
    view.canvas = canvas;
    view.renderedWidth = target;
  } catch (error) {
    view.failed = true;
    const note = document.createElement("p");
    note.className = "page-error";
    note.textContent = "This page could not be displayed.";
    view.element.prepend(note);
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

function renderVisiblePages() {
  for (const view of pageViews) if (view.visible) void renderPage(view);
}

async function loadPdf() {
  try {
    const pdfjs = /** @type {typeof import("pdfjs-dist")} */ (await import(PDFJS_URL));
    pdfjs.GlobalWorkerOptions.workerSrc = PDFJS_WORKER_URL;
    // pdf.js 6 no longer evaluates code at all; isEvalSupported: false keeps older builds off eval too (CSP).
    /** @type {import("pdfjs-dist/types/src/display/api").DocumentInitParameters & { isEvalSupported: boolean }} */
    const parameters = { url: `${baseUrl}/document.pdf`, isEvalSupported: false, enableXfa: false };
    const task = pdfjs.getDocument(parameters);
    pdfDocument = await task.promise;
    if (pdfDocument.numPages !== pageViews.length) {
      console.warn(`The PDF has ${pdfDocument.numPages} pages; the signing data lists ${pageViews.length}.`);
    }
    renderVisiblePages();
  } catch (error) {
    console.error("The PDF could not be loaded:", error);
    for (const view of pageViews) {
      view.failed = true;
      const note = document.createElement("p");
      note.className = "page-error";
      note.textContent = "The document could not be displayed.";
      view.element.prepend(note);
    }
    announce(
      "The document could not be displayed. The fields are still shown where they belong; you can open the PDF with the link in the panel.",
      "error",
    );
  }
}

/** @param {SigningData} data */
function buildDocument(data) {
  const count = data.pages.length;
  pageViews = data.pages.map((size, index) => createPage(size, index, count));
  const ordered = readingOrder(data.fields);
  const labels = fieldLabels(ordered);
  fieldViews = ordered.map((field) => createField(field, labels.get(field) ?? field.type));
  for (const view of fieldViews) {
    const page = pageViews[view.data.page - 1];
    if (!page) continue;
    const { width, height } = page.size;
    const style = view.wrapper.style;
    style.left = percent(view.data.x / width);
    style.top = percent(view.data.y / height);
    style.width = percent(view.data.width / width);
    style.height = percent(view.data.height / height);
    page.element.append(view.wrapper);
  }
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

// ---------------------------------------------------------------------------------------------------------
// Signature dialog

const signaturePad = {
  /** @type {FieldView | null} */
  field: null,
  /** @type {"Signature" | "Initials" | null} */
  kind: null,
  /** @type {"type" | "draw"} */
  mode: "type",
  hasInk: false,
  drawing: false,
  lastX: 0,
  lastY: 0,
  /** @type {Record<string, string>} */
  typed: {},
};

/**
 * The signature canvases are read back (trimmed) on Apply, hence willReadFrequently.
 * @param {HTMLCanvasElement} canvas
 */
function context2d(canvas) {
  const context = canvas.getContext("2d", { willReadFrequently: canvas === ui.sigPad || canvas === ui.sigPreview });
  if (!context) throw new Error("This browser cannot draw on a canvas.");
  return context;
}

/**
 * Sizes a canvas to the field's proportions and its backing store to the displayed size.
 * @param {HTMLCanvasElement} canvas
 * @param {FieldData} field
 * @returns {boolean} whether the backing store changed (which clears it)
 */
function fitCanvas(canvas, field) {
  const aspect = field.width / field.height;
  canvas.style.aspectRatio = `${field.width} / ${field.height}`;
  canvas.style.width = `min(100%, calc(35vh * ${aspect.toFixed(4)}))`;
  const rect = canvas.getBoundingClientRect();
  if (rect.width <= 0) return false;
  const scale = window.devicePixelRatio || 1;
  const width = Math.round(rect.width * scale);
  const height = Math.round((rect.width / aspect) * scale);
  if (canvas.width === width && canvas.height === height) return false;
  canvas.width = width;
  canvas.height = height;
  return true;
}

function drawTypedPreview() {
  const canvas = ui.sigPreview;
  const context = context2d(canvas);
  context.clearRect(0, 0, canvas.width, canvas.height);
  const text = ui.sigText.value.trim();
  if (text === "" || canvas.width === 0) return;
  let size = canvas.height * 0.62;
  context.font = `italic ${size}px ${SCRIPT_FONTS}`;
  const maxWidth = canvas.width * 0.92;
  const measured = context.measureText(text).width;
  if (measured > maxWidth) {
    size *= maxWidth / measured;
    context.font = `italic ${size}px ${SCRIPT_FONTS}`;
  }
  context.fillStyle = INK;
  context.textAlign = "center";
  context.textBaseline = "alphabetic";
  context.fillText(text, canvas.width / 2, canvas.height * 0.74);
}

function clearPad() {
  const canvas = ui.sigPad;
  context2d(canvas).clearRect(0, 0, canvas.width, canvas.height);
  signaturePad.hasInk = false;
}

/**
 * @param {PointerEvent} event
 * @returns {[number, number]}
 */
function padPoint(event) {
  const canvas = ui.sigPad;
  const rect = canvas.getBoundingClientRect();
  return [
    ((event.clientX - rect.left) * canvas.width) / rect.width,
    ((event.clientY - rect.top) * canvas.height) / rect.height,
  ];
}

function padLineWidth() {
  return Math.max(2, ui.sigPad.height / 30);
}

/** @param {PointerEvent} event */
function padDown(event) {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  event.preventDefault();
  ui.sigPad.setPointerCapture(event.pointerId);
  const [x, y] = padPoint(event);
  const context = context2d(ui.sigPad);
  context.fillStyle = INK;
  context.beginPath();
  context.arc(x, y, padLineWidth() / 2, 0, Math.PI * 2);
  context.fill();
  signaturePad.drawing = true;
  signaturePad.hasInk = true;
  signaturePad.lastX = x;
  signaturePad.lastY = y;
  hideSignatureError();
}

/** @param {PointerEvent} event */
function padMove(event) {
  if (!signaturePad.drawing) return;
  event.preventDefault();
  const context = context2d(ui.sigPad);
  context.strokeStyle = INK;
  context.lineWidth = padLineWidth();
  context.lineCap = "round";
  context.lineJoin = "round";
  context.beginPath();
  context.moveTo(signaturePad.lastX, signaturePad.lastY);
  const events = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
  for (const point of events.length > 0 ? events : [event]) {
    const [x, y] = padPoint(point);
    context.lineTo(x, y);
    signaturePad.lastX = x;
    signaturePad.lastY = y;
  }
  context.stroke();
}

function padUp() {
  signaturePad.drawing = false;
}

/**
 * A PNG data URL of the canvas's ink, cropped to the ink with a small margin, on a transparent background,
 * at most 4 device pixels per point of the field's box.
 * @param {HTMLCanvasElement} source
 * @param {FieldData} field
 * @returns {string | null} null when the canvas is empty
 */
function exportInk(source, field) {
  const { width, height } = source;
  if (width === 0 || height === 0) return null;
  const pixels = context2d(source).getImageData(0, 0, width, height).data;
  let top = height;
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    const row = y * width * 4;
    for (let x = 0; x < width; x += 1) {
      if ((pixels[row + x * 4 + 3] ?? 0) > 8) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        bottom = y;
      }
    }
  }
  if (right < 0) return null;
  const margin = Math.round(Math.min(width, height) * 0.04);
  left = Math.max(0, left - margin);
  top = Math.max(0, top - margin);
  right = Math.min(width - 1, right + margin);
  bottom = Math.min(height - 1, bottom + margin);
  const cropWidth = right - left + 1;
  const cropHeight = bottom - top + 1;
  const scale = Math.min(1, (field.width * 4) / cropWidth, (field.height * 4) / cropHeight);
  const output = document.createElement("canvas");
  output.width = Math.max(1, Math.round(cropWidth * scale));
  output.height = Math.max(1, Math.round(cropHeight * scale));
  const context = context2d(output);
  context.imageSmoothingQuality = "high";
  context.drawImage(source, left, top, cropWidth, cropHeight, 0, 0, output.width, output.height);
  return output.toDataURL("image/png");
}

/** @param {string} text */
function showSignatureError(text) {
  ui.sigError.textContent = text;
  ui.sigError.hidden = false;
}

function hideSignatureError() {
  ui.sigError.hidden = true;
  ui.sigError.textContent = "";
}

/** @param {"type" | "draw"} mode */
function setSignatureMode(mode) {
  signaturePad.mode = mode;
  ui.sigTypePanel.hidden = mode !== "type";
  ui.sigDrawPanel.hidden = mode !== "draw";
  for (const radio of ui.sigForm.querySelectorAll('input[name="sig-mode"]')) {
    if (radio instanceof HTMLInputElement) radio.checked = radio.value === mode;
  }
  hideSignatureError();
  const field = signaturePad.field?.data;
  if (!field) return;
  if (mode === "type") {
    fitCanvas(ui.sigPreview, field);
    drawTypedPreview();
  } else if (fitCanvas(ui.sigPad, field)) {
    signaturePad.hasInk = false;
  }
}

/** @param {FieldView} view */
function openSignatureDialog(view) {
  if (!open || busy) return;
  const kind = view.data.type === "Initials" ? "Initials" : "Signature";
  const isNewKind = signaturePad.kind !== kind;
  signaturePad.field = view;
  signaturePad.kind = kind;
  const name = signing?.recipient.name ?? "";
  ui.sigTitle.textContent = kind === "Initials" ? "Add your initials" : "Add your signature";
  ui.sigTextLabel.textContent = kind === "Initials" ? "Type your initials" : "Type your name";
  ui.sigPad.setAttribute(
    "aria-label",
    kind === "Initials" ? "Drawing area for your initials" : "Drawing area for your signature",
  );
  ui.sigText.value = signaturePad.typed[kind] ?? (kind === "Initials" ? initialsOf(name) : name);
  if (isNewKind) {
    ui.sigPad.width = 0;
    signaturePad.hasInk = false;
  }
  hideSignatureError();
  ui.sigDialog.showModal();
  setSignatureMode(signaturePad.mode);
  if (signaturePad.mode === "type") {
    ui.sigText.focus();
    ui.sigText.select();
  } else {
    const checked = ui.sigForm.querySelector('input[name="sig-mode"]:checked');
    if (checked instanceof HTMLElement) checked.focus();
  }
}

function applySignature() {
  const view = signaturePad.field;
  const kind = signaturePad.kind;
  if (!view || !kind) return;
  /** @type {string | null} */
  let image;
  if (signaturePad.mode === "type") {
    const text = ui.sigText.value.trim();
    if (text === "") {
      showSignatureError(kind === "Initials" ? "Type your initials first." : "Type your name first.");
      ui.sigText.focus();
      return;
    }
    signaturePad.typed[kind] = text;
    fitCanvas(ui.sigPreview, view.data);
    drawTypedPreview();
    image = exportInk(ui.sigPreview, view.data);
  } else {
    image = signaturePad.hasInk ? exportInk(ui.sigPad, view.data) : null;
    if (image === null) {
      showSignatureError(
        kind === "Initials"
          ? "Draw your initials first, or choose Type to use the keyboard."
          : "Draw your signature first, or choose Type to use the keyboard.",
      );
      return;
    }
  }
  if (image === null) {
    showSignatureError("Nothing could be drawn from that text. Try other characters.");
    return;
  }
  view.image = image;
  updateSignatureButton(view);
  clearFieldError(view);
  ui.sigDialog.close();
  updateProgress();
}

/**
 * Keeps Tab and Shift+Tab inside an open modal dialog.
 * @param {HTMLDialogElement} dialog
 * @param {KeyboardEvent} event
 */
function trapFocus(dialog, event) {
  if (event.key !== "Tab") return;
  const candidates = dialog.querySelectorAll("button, input, select, textarea, a[href], [tabindex]");
  /** @type {HTMLElement[]} */
  const focusable = [];
  for (const element of candidates) {
    if (!(element instanceof HTMLElement) || element.tabIndex < 0) continue;
    if ((element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.disabled) continue;
    if (element instanceof HTMLInputElement && element.type === "radio" && !element.checked) continue;
    if (!element.checkVisibility()) continue;
    focusable.push(element);
  }
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

function setUpSignatureDialog() {
  ui.sigDialog.addEventListener("keydown", (event) => trapFocus(ui.sigDialog, event));
  ui.sigForm.addEventListener("submit", (event) => {
    event.preventDefault();
    applySignature();
  });
  ui.sigForm.addEventListener("change", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.name === "sig-mode") {
      setSignatureMode(target.value === "draw" ? "draw" : "type");
    }
  });
  ui.sigText.addEventListener("input", () => {
    hideSignatureError();
    drawTypedPreview();
  });
  ui.sigClear.addEventListener("click", () => {
    clearPad();
    hideSignatureError();
  });
  ui.sigCancel.addEventListener("click", () => ui.sigDialog.close());
  ui.sigPad.addEventListener("pointerdown", padDown);
  ui.sigPad.addEventListener("pointermove", padMove);
  ui.sigPad.addEventListener("pointerup", padUp);
  ui.sigPad.addEventListener("pointercancel", padUp);
  ui.sigDialog.addEventListener("close", () => {
    signaturePad.drawing = false;
    const view = signaturePad.field;
    if (view?.control.isConnected && !view.control.disabled) view.control.focus({ preventScroll: true });
  });
  window.addEventListener("resize", () => {
    if (!ui.sigDialog.open || !signaturePad.field) return;
    if (signaturePad.mode === "type") {
      fitCanvas(ui.sigPreview, signaturePad.field.data);
      drawTypedPreview();
    } else if (!signaturePad.hasInk) {
      fitCanvas(ui.sigPad, signaturePad.field.data);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Sending

/** @param {boolean} value */
function setBusy(value) {
  busy = value;
  ui.main.setAttribute("aria-busy", String(value));
  for (const button of [ui.finish, ui.finishEnd, ui.decline, ui.nextField, ui.declineConfirm]) button.disabled = value;
}

/**
 * @param {Record<string, unknown>} body
 * @returns {Promise<{ status: number, body: unknown } | null>} null when the sandbox could not be reached
 */
async function post(body) {
  try {
    const response = await fetch(baseUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
    });
    return { status: response.status, body: await readJson(response) };
  } catch {
    return null;
  }
}

/**
 * @param {{ status: number, body: unknown }} answer
 * @param {string} action
 */
function showAlreadyDone(answer, action) {
  // The service says why (this link already signed or declined, or another recipient declined).
  const detail = messageOf(answer.body) ?? `This document can no longer be ${action} with this link.`;
  showOutcome("closed", "This document can no longer be signed", detail, { keepDocument: false, focus: true });
  announce(detail, "info");
}

/**
 * @param {{ status: number, body: unknown } | null} answer
 * @param {string} what
 */
function showSendFailure(answer, what) {
  if (answer === null) {
    announce(
      `Your ${what} could not be sent: the sandbox did not answer. Check that it is running, then try again.`,
      "error",
    );
    return;
  }
  const detail = messageOf(answer.body);
  announce(
    `Your ${what} could not be sent (HTTP ${answer.status})${detail ? `: ${detail}` : "."} Try again in a moment.`,
    "error",
  );
}

async function finish() {
  if (!open || busy) return;
  clearAnnouncement();
  for (const view of fieldViews) clearFieldError(view);
  const problems = fieldViews.flatMap((view) => {
    const problem = problemOf(view);
    return problem === null ? [] : [{ view, problem }];
  });
  const first = problems[0];
  if (first) {
    setFieldError(first.view, first.problem);
    focusField(first.view);
    const more = problems.length - 1;
    announce(
      `${first.view.label}: ${first.problem}${more > 0 ? ` ${more} more ${more === 1 ? "field needs" : "fields need"} a value.` : ""}`,
      "error",
    );
    return;
  }
  /** @type {Record<string, FieldValue>} */
  const fields = {};
  for (const view of fieldViews) {
    const value = fieldValue(view);
    if (value !== null) fields[view.data.id] = value;
  }
  setBusy(true);
  announce("Sending your signature…");
  const answer = await post({ fields });
  setBusy(false);
  if (answer && answer.status >= 200 && answer.status < 300) {
    showOutcome(
      "signed",
      "Signed, thank you",
      `Your signature on “${signing?.document.name ?? "the document"}” has been recorded. You can close this page.`,
      { keepDocument: true, focus: true },
    );
    announce("Signed. Thank you.", "success");
    return;
  }
  if (answer?.status === 409) {
    showAlreadyDone(answer, "signed");
    return;
  }
  if (answer?.status === 400) {
    const detail = messageOf(answer.body) ?? "The sandbox refused one of the values.";
    const fieldId = isObject(answer.body) ? answer.body.field : undefined;
    const view =
      fieldId === undefined || fieldId === null ? undefined : fieldViews.find((f) => f.data.id === String(fieldId));
    if (view) {
      setFieldError(view, detail);
      focusField(view);
      announce(`${view.label}: ${detail}`, "error");
    } else {
      announce(detail, "error");
    }
    return;
  }
  showSendFailure(answer, "signature");
}

async function decline() {
  if (!open || busy) return;
  setBusy(true);
  announce("Declining…");
  const answer = await post({ decline: true });
  setBusy(false);
  ui.declineDialog.close();
  if (answer && answer.status >= 200 && answer.status < 300) {
    showOutcome(
      "declined",
      "You declined",
      `You declined to sign “${signing?.document.name ?? "the document"}”. The sender will see it. You can close this page.`,
      { keepDocument: false, focus: true },
    );
    announce("You declined to sign.", "info");
    return;
  }
  if (answer?.status === 409) {
    showAlreadyDone(answer, "declined");
    return;
  }
  showSendFailure(answer, "answer");
  ui.decline.focus();
}

function nextField() {
  if (!open) return;
  const start = lastFocusedField ? fieldViews.indexOf(lastFocusedField) + 1 : 0;
  const rotated = [...fieldViews.slice(start), ...fieldViews.slice(0, start)];
  const missing = rotated.find((view) => problemOf(view) !== null);
  if (missing) {
    focusField(missing);
    return;
  }
  ui.finish.focus();
  announce(
    fieldViews.length === 0
      ? "There are no fields for you in this document. Choose Finish and sign to sign it."
      : "All fields are completed. Choose Finish and sign to sign.",
    "success",
  );
}

function setUpActions() {
  ui.nextField.addEventListener("click", nextField);
  ui.finish.addEventListener("click", () => void finish());
  ui.finishEnd.addEventListener("click", () => void finish());
  ui.decline.addEventListener("click", () => {
    if (open && !busy) ui.declineDialog.showModal();
  });
  ui.declineCancel.addEventListener("click", () => ui.declineDialog.close());
  ui.declineForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void decline();
  });
  ui.declineDialog.addEventListener("keydown", (event) => trapFocus(ui.declineDialog, event));
  ui.declineDialog.addEventListener("close", () => {
    if (open) ui.decline.focus();
  });
}

// ---------------------------------------------------------------------------------------------------------
// Start

/** @param {string} text */
function fail(text) {
  ui.docName.textContent = "Signing page unavailable";
  document.title = "Signing page unavailable · Signdesk sandbox";
  showOutcome("failed", "This signing page cannot be opened", text, { keepDocument: false });
  announce(text, "error");
}

async function start() {
  if (recipientHash === null) {
    fail("This address is not a signing link. Open the link from the message you received.");
    return;
  }
  /** @type {Response} */
  let response;
  try {
    response = await fetch(`${baseUrl}/data`, { headers: { accept: "application/json" }, cache: "no-store" });
  } catch {
    fail("The sandbox did not answer. Check that it is running, then reload this page.");
    return;
  }
  const body = await readJson(response);
  if (response.status !== 200) {
    fail(messageOf(body) ?? `The signing page could not be loaded (HTTP ${response.status}).`);
    return;
  }
  try {
    signing = parseSigningData(body);
  } catch (error) {
    fail(
      `The sandbox sent signing data this page does not understand: ${error instanceof Error ? error.message : error}.`,
    );
    return;
  }
  const data = signing;
  ui.docName.textContent = data.document.name;
  document.title = `Sign “${data.document.name}” · Signdesk sandbox`;
  const who = data.recipient.email ? `${data.recipient.name} <${data.recipient.email}>` : data.recipient.name;
  ui.docRecipient.textContent = who ? `For ${who}` : "";
  ui.pdfLink.href = `${baseUrl}/document.pdf`;

  if (data.recipient.status === "signed") {
    showOutcome(
      "signed",
      "You have already signed this document",
      "Nothing more is needed from you. You can close this page.",
    );
    announce("You have already signed this document.", "info");
    return;
  }
  if (data.recipient.status === "declined") {
    showOutcome(
      "declined",
      "You declined this document",
      "You declined to sign it, so it can no longer be signed with this link.",
    );
    announce("You declined this document.", "info");
    return;
  }
  if (data.recipient.status !== "pending" || data.document.status === "declined") {
    showOutcome(
      "closed",
      "This document can no longer be signed",
      data.document.status === "declined"
        ? "Another recipient declined to sign it."
        : `Its signing status is “${data.recipient.status}”.`,
    );
    announce("This document can no longer be signed.", "info");
    return;
  }

  open = true;
  buildDocument(data);
  ui.loading.hidden = true;
  ui.panel.hidden = false;
  ui.endActions.hidden = false;
  ui.main.setAttribute("aria-busy", "false");
  updateProgress();
  if (fieldViews.length === 0) {
    announce("There are no fields for you to fill in. Read the document, then choose Finish and sign.");
  }
  await loadPdf();
}

setUpSignatureDialog();
setUpActions();
void start();
