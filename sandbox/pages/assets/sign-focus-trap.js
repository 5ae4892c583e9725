// @ts-check
/** Keeps Tab and Shift+Tab inside an open modal dialog (shared by the signature and decline dialogs). */

/**
 * @param {HTMLDialogElement} dialog
 * @param {KeyboardEvent} event
 */
export function trapFocus(dialog, event) {
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
