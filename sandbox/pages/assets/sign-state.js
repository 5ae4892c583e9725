// @ts-check
/** The state the signing page's modules share: the data, the field controls, and whether it can still be sent. */

import { ui } from "./sign-dom.js";

/** @import { SigningData } from "./sign-data.js" */
/** @import { FieldView } from "./sign-fields.js" */

export const state = {
  /** @type {SigningData | null} */
  signing: null,
  /** @type {FieldView[]} */
  fieldViews: [],
  /** Whether the form can still be changed and sent. */
  open: false,
  busy: false,
  /** @type {FieldView | null} */
  lastFocusedField: null,
  /**
   * The image last adopted in the signature dialog, by kind: offered on the recipient's other empty fields.
   * @type {{ Signature: string | null, Initials: string | null }}
   */
  adopted: { Signature: null, Initials: null },
};

/**
 * While a POST is under way: no second one, and the page says it is busy.
 * @param {boolean} value
 */
export function setBusy(value) {
  state.busy = value;
  ui.main.setAttribute("aria-busy", String(value));
  for (const button of [ui.finish, ui.finishEnd, ui.decline, ui.nextField, ui.declineConfirm]) button.disabled = value;
}
