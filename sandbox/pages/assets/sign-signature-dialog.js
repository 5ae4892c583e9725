// @ts-check
/** The signature dialog of a Signature or Initials field: type or draw, then Apply puts the image on the field. */

import { ui } from "./sign-dom.js";
import { clearFieldError, updateSignatureButton } from "./sign-fields.js";
import { trapFocus } from "./sign-focus-trap.js";
import { context2d, drawTypedPreview, exportInk, fitCanvas, INK, scriptFontReady } from "./sign-ink.js";
import { announce } from "./sign-outcome.js";
import { updateProgress } from "./sign-progress.js";
import { state } from "./sign-state.js";

/** @import { FieldView } from "./sign-fields.js" */

/** The Draw panel's strokes (mouse, pen, finger) on #sig-pad: signature_pad, served beside these modules. */
const SIGNATURE_PAD_URL = "/_sandbox/assets/signature_pad.js";
const { default: SignaturePad } = /** @type {typeof import("signature_pad")} */ (await import(SIGNATURE_PAD_URL));
// Read back (trimmed) on Apply, hence willReadFrequently, as sign-ink.js asks of the same canvas.
const pad = new SignaturePad(ui.sigPad, { penColor: INK, canvasContextOptions: { willReadFrequently: true } });

/**
 * signature_pad draws in CSS pixels; the pad's backing store is at the device's pixel ratio (fitCanvas). Scales
 * its context to match and its pen to the pad's height, so a stroke lands under the pointer at any size.
 */
function scalePad() {
  const canvas = ui.sigPad;
  const rect = canvas.getBoundingClientRect();
  if (rect.width <= 0 || rect.height <= 0) return;
  const ratio = canvas.width / rect.width;
  context2d(canvas).setTransform(ratio, 0, 0, ratio, 0, 0);
  // Half the stroke's width, in CSS pixels (signature_pad's widths are radii): a thirtieth of the pad's height.
  const radius = Math.max(1 / ratio, rect.height / 60);
  pad.minWidth = radius * 0.5;
  pad.maxWidth = radius * 1.5;
}

/** After the pad's backing store changed (which wipes it): scaled anew, and empty. */
function resetPad() {
  scalePad();
  pad.clear();
}

const signature = {
  /** @type {FieldView | null} */
  field: null,
  /** @type {"Signature" | "Initials" | null} */
  kind: null,
  /** @type {"type" | "draw"} */
  mode: "type",
  /** @type {Record<string, string>} */
  typed: {},
};

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
  signature.mode = mode;
  ui.sigTypePanel.hidden = mode !== "type";
  ui.sigDrawPanel.hidden = mode !== "draw";
  for (const radio of ui.sigForm.querySelectorAll('input[name="sig-mode"]')) {
    if (radio instanceof HTMLInputElement) radio.checked = radio.value === mode;
  }
  hideSignatureError();
  const field = signature.field?.data;
  if (!field) return;
  if (mode === "type") {
    fitCanvas(ui.sigPreview, field);
    drawTypedPreview();
  } else if (fitCanvas(ui.sigPad, field)) {
    resetPad();
  }
}

/**
 * Puts an image on a field and says so.
 * @param {FieldView} view
 * @param {string} image
 */
function setFieldImage(view, image) {
  view.image = image;
  updateSignatureButton(view);
  clearFieldError(view);
  updateProgress();
}

/** @param {FieldView} view */
export function openSignatureDialog(view) {
  if (!state.open || state.busy) return;
  const kind = view.data.type === "Initials" ? "Initials" : "Signature";
  // An empty field takes the image already adopted in one press; pressing it again opens the dialog to change it.
  const adopted = state.adopted[kind];
  if (view.image === null && adopted) {
    announce(`${view.label}: your ${kind === "Initials" ? "initials were" : "signature was"} added.`, "success");
    setFieldImage(view, adopted);
    return;
  }
  const isNewKind = signature.kind !== kind;
  signature.field = view;
  signature.kind = kind;
  const name = state.signing?.recipient.name ?? "";
  ui.sigTitle.textContent = kind === "Initials" ? "Add your initials" : "Add your signature";
  ui.sigTextLabel.textContent = kind === "Initials" ? "Type your initials" : "Type your name";
  ui.sigPad.setAttribute(
    "aria-label",
    kind === "Initials" ? "Drawing area for your initials" : "Drawing area for your signature",
  );
  ui.sigText.value = signature.typed[kind] ?? (kind === "Initials" ? initialsOf(name) : name);
  if (isNewKind) {
    ui.sigPad.width = 0;
    pad.clear();
  }
  hideSignatureError();
  ui.sigDialog.showModal();
  setSignatureMode(signature.mode);
  if (signature.mode === "type") {
    ui.sigText.focus();
    ui.sigText.select();
  } else {
    const checked = ui.sigForm.querySelector('input[name="sig-mode"]:checked');
    if (checked instanceof HTMLElement) checked.focus();
  }
}

async function applySignature() {
  const view = signature.field;
  const kind = signature.kind;
  if (!view || !kind) return;
  /** @type {string | null} */
  let image;
  if (signature.mode === "type") {
    const text = ui.sigText.value.trim();
    if (text === "") {
      showSignatureError(kind === "Initials" ? "Type your initials first." : "Type your name first.");
      ui.sigText.focus();
      return;
    }
    signature.typed[kind] = text;
    await scriptFontReady(text);
    // Pressed again meanwhile, or closed: nothing more to do.
    if (signature.field !== view || !ui.sigDialog.open) return;
    fitCanvas(ui.sigPreview, view.data);
    drawTypedPreview();
    image = exportInk(ui.sigPreview, view.data);
  } else {
    image = pad.isEmpty() ? null : exportInk(ui.sigPad, view.data);
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
  state.adopted[kind] = image;
  setFieldImage(view, image);
  // The recipient's other empty fields of this kind now offer this image.
  for (const other of state.fieldViews) {
    if (other.data.type === kind && other.image === null) updateSignatureButton(other);
  }
  ui.sigDialog.close();
}

export function setUpSignatureDialog() {
  ui.sigDialog.addEventListener("keydown", (event) => trapFocus(ui.sigDialog, event));
  ui.sigForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void applySignature();
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
    pad.clear();
    hideSignatureError();
  });
  ui.sigCancel.addEventListener("click", () => ui.sigDialog.close());
  pad.addEventListener("beginStroke", hideSignatureError);
  ui.sigDialog.addEventListener("close", () => {
    const view = signature.field;
    if (view?.control.isConnected && !view.control.disabled) view.control.focus({ preventScroll: true });
  });
  window.addEventListener("resize", () => {
    if (!ui.sigDialog.open || !signature.field) return;
    if (signature.mode === "type") {
      fitCanvas(ui.sigPreview, signature.field.data);
      drawTypedPreview();
    } else if (!pad.isEmpty()) {
      // The ink stays at its backing store's size; new strokes still land under the pointer.
      scalePad();
    } else if (fitCanvas(ui.sigPad, signature.field.data)) {
      resetPad();
    }
  });
}
