// @ts-check
/** The Decline button and its confirmation dialog, which posts `{decline: true}`. */

import { post } from "./sign-api.js";
import { ui } from "./sign-dom.js";
import { trapFocus } from "./sign-focus-trap.js";
import { announce, showAlreadyDone, showOutcome, showSendFailure } from "./sign-outcome.js";
import { setBusy, state } from "./sign-state.js";

async function decline() {
  if (!state.open || state.busy) return;
  setBusy(true);
  announce("Declining…");
  const answer = await post({ decline: true });
  setBusy(false);
  ui.declineDialog.close();
  if (answer && answer.status >= 200 && answer.status < 300) {
    showOutcome(
      "declined",
      "You declined",
      `You declined to sign “${state.signing?.document.name ?? "the document"}”. The sender will see it. You can close this page.`,
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

export function setUpDeclineDialog() {
  ui.decline.addEventListener("click", () => {
    if (state.open && !state.busy) ui.declineDialog.showModal();
  });
  ui.declineCancel.addEventListener("click", () => ui.declineDialog.close());
  ui.declineForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void decline();
  });
  ui.declineDialog.addEventListener("keydown", (event) => trapFocus(ui.declineDialog, event));
  ui.declineDialog.addEventListener("close", () => {
    if (state.open) ui.decline.focus();
  });
}
