// @ts-check
/** The signing page's elements, looked up once by id, and the user's motion preference. */

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

export const ui = {
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

export function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
