// @ts-check
/**
 * The recipient's signing page of the Signdesk sandbox (`GET /sign/<recipientHash>`): the entry module, which
 * wires the others together.
 *
 * Reads the hash from the address, loads `GET /sign/<hash>/data`, renders `GET /sign/<hash>/document.pdf`
 * with pdf.js and places one control per field of this recipient over the pages. "Finish and sign" posts
 * `{fields: {<fieldId>: value}}` to `POST /sign/<hash>`, "Decline" posts `{decline: true}`.
 *
 * Runs under a strict CSP: no inline script or style; styles are set through the CSSOM (`element.style`).
 * Its modules are served next to it from `/_sandbox/assets/` (see `pageAssets` in `../html.ts`).
 */

import { documentUrl, getSigningData, messageOf, recipientHash } from "./sign-api.js";
import { fieldLabels, parseSigningData, readingOrder } from "./sign-data.js";
import { setUpDeclineDialog } from "./sign-decline-dialog.js";
import { ui } from "./sign-dom.js";
import { createField, placeField } from "./sign-fields.js";
import { finish } from "./sign-finish.js";
import { announce, fail, showFinishedState } from "./sign-outcome.js";
import { createPages, loadPdf, showPages } from "./sign-pages.js";
import { nextField, updateProgress } from "./sign-progress.js";
import { openSignatureDialog, setUpSignatureDialog } from "./sign-signature-dialog.js";
import { state } from "./sign-state.js";

/** @import { SigningData } from "./sign-data.js" */
/** @import { FieldHandlers } from "./sign-fields.js" */

/** @type {FieldHandlers} */
const fieldHandlers = { onSignatureRequest: openSignatureDialog, onValueChange: updateProgress };

/**
 * The pages, with this recipient's fields placed on them in tab order.
 * @param {SigningData} data
 */
function buildDocument(data) {
  const pageViews = createPages(data.pages);
  const ordered = readingOrder(data.fields);
  const labels = fieldLabels(ordered);
  state.fieldViews = ordered.map((field) => createField(field, labels.get(field) ?? field.type, fieldHandlers));
  for (const view of state.fieldViews) {
    const page = pageViews[view.data.page - 1];
    if (!page) continue;
    placeField(view, page);
  }
  showPages();
}

async function start() {
  if (recipientHash === null) {
    fail("This address is not a signing link. Open the link from the message you received.");
    return;
  }
  const answer = await getSigningData();
  if (answer === null) {
    fail("The sandbox did not answer. Check that it is running, then reload this page.");
    return;
  }
  if (answer.status !== 200) {
    fail(messageOf(answer.body) ?? `The signing page could not be loaded (HTTP ${answer.status}).`);
    return;
  }
  try {
    state.signing = parseSigningData(answer.body);
  } catch (error) {
    fail(
      `The sandbox sent signing data this page does not understand: ${error instanceof Error ? error.message : error}.`,
    );
    return;
  }
  const data = state.signing;
  ui.docName.textContent = data.document.name;
  document.title = `Sign “${data.document.name}” · Signdesk sandbox`;
  const who = data.recipient.email ? `${data.recipient.name} <${data.recipient.email}>` : data.recipient.name;
  ui.docRecipient.textContent = who ? `For ${who}` : "";
  ui.pdfLink.href = documentUrl;
  if (showFinishedState(data)) return;

  state.open = true;
  buildDocument(data);
  ui.loading.hidden = true;
  ui.panel.hidden = false;
  ui.endActions.hidden = false;
  ui.main.setAttribute("aria-busy", "false");
  updateProgress();
  if (state.fieldViews.length === 0) {
    announce("There are no fields for you to fill in. Read the document, then choose Finish and sign.");
  }
  await loadPdf();
}

setUpSignatureDialog();
ui.nextField.addEventListener("click", nextField);
ui.finish.addEventListener("click", () => void finish());
ui.finishEnd.addEventListener("click", () => void finish());
setUpDeclineDialog();
void start();
