// @ts-check
/** Progress through the fields: the "N of M fields completed" bar and the Next field button. */

import { ui } from "./sign-dom.js";
import { fieldValue, focusField, problemOf } from "./sign-fields.js";
import { announce } from "./sign-outcome.js";
import { state } from "./sign-state.js";

let allDoneAnnounced = false;

export function updateProgress() {
  const total = state.fieldViews.length;
  let done = 0;
  for (const view of state.fieldViews) {
    const complete = fieldValue(view) !== null;
    view.wrapper.classList.toggle("done", complete);
    if (complete) done += 1;
  }
  ui.progressText.textContent = `${done} of ${total} ${total === 1 ? "field" : "fields"} completed`;
  ui.progress.max = Math.max(total, 1);
  ui.progress.value = total === 0 ? 1 : done;
  if (done === total && total > 0 && !allDoneAnnounced && state.open) {
    allDoneAnnounced = true;
    announce("All fields are completed. Review them, then choose Finish and sign.", "success");
  } else if (done < total) {
    allDoneAnnounced = false;
  }
}

/** Focuses the next field that still needs a value after the one last focused, or Finish when none does. */
export function nextField() {
  if (!state.open) return;
  const { fieldViews, lastFocusedField } = state;
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
