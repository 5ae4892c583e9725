// @ts-check
/** What the signing page says: announcements in the live region and the outcome panel that ends signing. */

import { messageOf } from "./sign-api.js";
import { prefersReducedMotion, ui } from "./sign-dom.js";
import { state } from "./sign-state.js";

/** @import { Answer } from "./sign-api.js" */
/** @import { SigningData } from "./sign-data.js" */

/**
 * Shows a status message in the page's aria-live region (only to screen readers when the outcome panel
 * already says the same on screen).
 * @param {string} text
 * @param {"info" | "error" | "success"} [kind]
 */
export function announce(text, kind = "info") {
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

export function clearAnnouncement() {
  ui.message.replaceChildren();
}

/**
 * @param {"signed" | "declined" | "closed" | "failed"} kind
 * @param {string} title
 * @param {string} text
 * @param {{ keepDocument?: boolean, focus?: boolean }} [options]
 */
export function showOutcome(kind, title, text, options = {}) {
  state.open = false;
  ui.outcome.className = `outcome ${kind}`;
  ui.outcomeTitle.textContent = title;
  ui.outcomeText.textContent = text;
  ui.outcome.hidden = false;
  ui.panel.hidden = true;
  ui.endActions.hidden = true;
  ui.main.classList.add("no-panel");
  ui.main.setAttribute("aria-busy", "false");
  if (!options.keepDocument) ui.document.hidden = true;
  for (const view of state.fieldViews) {
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

/**
 * The page cannot be used at all (not a signing link, no answer, unreadable data).
 * @param {string} text
 */
export function fail(text) {
  ui.docName.textContent = "Signing page unavailable";
  document.title = "Signing page unavailable · Signdesk sandbox";
  showOutcome("failed", "This signing page cannot be opened", text, { keepDocument: false });
  announce(text, "error");
}

/**
 * Shows why the recipient has nothing to do when the data says so (already signed or declined, or closed).
 * @param {SigningData} data
 * @returns {boolean} whether an outcome was shown
 */
export function showFinishedState(data) {
  if (data.recipient.status === "signed") {
    showOutcome(
      "signed",
      "You have already signed this document",
      "Nothing more is needed from you. You can close this page.",
    );
    announce("You have already signed this document.", "info");
    return true;
  }
  if (data.recipient.status === "declined") {
    showOutcome(
      "declined",
      "You declined this document",
      "You declined to sign it, so it can no longer be signed with this link.",
    );
    announce("You declined this document.", "info");
    return true;
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
    return true;
  }
  return false;
}

/**
 * A POST answered 409.
 * @param {Answer} answer
 * @param {string} action
 */
export function showAlreadyDone(answer, action) {
  // The service says why (this link already signed or declined, or another recipient declined).
  const detail = messageOf(answer.body) ?? `This document can no longer be ${action} with this link.`;
  showOutcome("closed", "This document can no longer be signed", detail, { keepDocument: false, focus: true });
  announce(detail, "info");
}

/**
 * A POST that got no answer, or an unexpected one.
 * @param {Answer | null} answer
 * @param {string} what
 */
export function showSendFailure(answer, what) {
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
