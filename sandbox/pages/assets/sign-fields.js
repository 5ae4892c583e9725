// @ts-check
/** The field controls placed over the pages: creating them, their values, their problems and their error callouts. */

import { prefersReducedMotion } from "./sign-dom.js";
import { revealPageOf } from "./sign-pages.js";
import { state } from "./sign-state.js";

/** @import { FieldData } from "./sign-data.js" */
/** @import { PageView } from "./sign-pages.js" */

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
 * What a field does beyond itself, wired by the entry module.
 * @typedef {object} FieldHandlers
 * @property {(view: FieldView) => void} onSignatureRequest a Signature or Initials button was pressed
 * @property {() => void} onValueChange an input's value changed
 */

/** @param {number} fraction */
function percent(fraction) {
  return `${(fraction * 100).toFixed(4)}%`;
}

/**
 * The field's value, or null when it is still missing.
 * @param {FieldView} view
 * @returns {FieldValue | null}
 */
export function fieldValue(view) {
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
export function problemOf(view) {
  const { control } = view;
  if (fieldValue(view) === null) {
    switch (view.data.type) {
      case "Signature":
        return "Add your signature here.";
      case "Initials":
        return "Add your initials here.";
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
export function setFieldError(view, text) {
  clearFieldError(view);
  const callout = document.createElement("p");
  callout.id = `error-${state.fieldViews.indexOf(view)}`;
  callout.className = "field-callout";
  callout.textContent = text;
  const page = state.signing?.pages[view.data.page - 1];
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
export function clearFieldError(view) {
  if (!view.callout) return;
  view.callout.remove();
  view.callout = null;
  view.wrapper.classList.remove("has-error");
  view.control.removeAttribute("aria-invalid");
  view.control.removeAttribute("aria-describedby");
}

/** @param {FieldView} view */
export function focusField(view) {
  revealPageOf(view.wrapper);
  view.control.focus({ preventScroll: true });
  view.wrapper.scrollIntoView({
    block: "center",
    inline: "nearest",
    behavior: prefersReducedMotion() ? "auto" : "smooth",
  });
}

/** @param {FieldView} view */
export function updateSignatureButton(view) {
  const { control } = view;
  const initials = view.data.type === "Initials";
  if (view.image) {
    const image = document.createElement("img");
    image.src = view.image;
    image.alt = "";
    control.replaceChildren(image);
    control.setAttribute("aria-label", `${view.label} (added, press to change)`);
  } else if (state.adopted[initials ? "Initials" : "Signature"]) {
    // The visible words are part of the name (WCAG 2.5.3), so that voice control can press it.
    const offer = initials ? "Use my initials" : "Use my signature";
    control.replaceChildren(offer);
    control.setAttribute("aria-label", `${view.label}: ${offer} (empty, press to add the one you made)`);
  } else {
    control.replaceChildren(initials ? "Initials" : "Sign here");
    control.setAttribute("aria-label", `${view.label} (empty, press to ${initials ? "add initials" : "sign"})`);
  }
}

/**
 * @param {FieldData} data
 * @param {string} label
 * @param {FieldHandlers} handlers
 * @returns {FieldView}
 */
export function createField(data, label, handlers) {
  const recipient = state.signing?.recipient;
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
        // The date of signing, which the sandbox stamps whatever the page sends: shown, not asked for.
        input.type = "text";
        input.readOnly = true;
        input.required = false;
        input.value = state.signing?.signingDate ?? "";
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
    const name = data.type === "Date" ? `${label}, date of signing` : label;
    input.setAttribute("aria-label", name);
    input.title = name;
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
    control.addEventListener("click", () => handlers.onSignatureRequest(view));
  } else {
    const onChange = () => {
      if (view.callout && problemOf(view) === null) clearFieldError(view);
      handlers.onValueChange();
    };
    control.addEventListener("input", onChange);
    control.addEventListener("change", onChange);
  }
  control.addEventListener("focus", () => {
    state.lastFocusedField = view;
  });
  return view;
}

/**
 * Positions the field's box on its page, in fractions of the page so it follows the page's size.
 * @param {FieldView} view
 * @param {PageView} page
 */
export function placeField(view, page) {
  const { width, height } = page.size;
  const style = view.wrapper.style;
  style.left = percent(view.data.x / width);
  style.top = percent(view.data.y / height);
  style.width = percent(view.data.width / width);
  style.height = percent(view.data.height / height);
  page.element.append(view.wrapper);
}
