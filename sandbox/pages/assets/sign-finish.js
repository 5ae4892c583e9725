// @ts-check
/** "Finish and sign": checks every field, then posts `{fields: {<fieldId>: value}}` and shows the answer. */

import { messageOf, post } from "./sign-api.js";
import { isObject } from "./sign-data.js";
import { clearFieldError, fieldValue, focusField, problemOf, setFieldError } from "./sign-fields.js";
import { announce, clearAnnouncement, showAlreadyDone, showOutcome, showSendFailure } from "./sign-outcome.js";
import { setBusy, state } from "./sign-state.js";

/** @import { FieldValue } from "./sign-fields.js" */

export async function finish() {
  if (!state.open || state.busy) return;
  const { fieldViews } = state;
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
  // No prototype: a field id such as "__proto__" is a key like any other (on `{}` it would set the prototype).
  /** @type {Record<string, FieldValue>} */
  const fields = Object.create(null);
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
      `Your signature on “${state.signing?.document.name ?? "the document"}” has been recorded. You can close this page.`,
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
