// @ts-check
/** The Draw panel of the signature dialog: pointer strokes (mouse, pen, finger) on #sig-pad. */

import { ui } from "./sign-dom.js";
import { context2d, INK } from "./sign-ink.js";

/** The pad's ink and the stroke under way. */
export const pad = {
  hasInk: false,
  drawing: false,
  lastX: 0,
  lastY: 0,
};

/** Called when a stroke starts (the dialog hides its error then). */
let onStroke = () => {};

export function clearPad() {
  const canvas = ui.sigPad;
  context2d(canvas).clearRect(0, 0, canvas.width, canvas.height);
  pad.hasInk = false;
}

/**
 * @param {PointerEvent} event
 * @returns {[number, number]}
 */
function padPoint(event) {
  const canvas = ui.sigPad;
  const rect = canvas.getBoundingClientRect();
  return [
    ((event.clientX - rect.left) * canvas.width) / rect.width,
    ((event.clientY - rect.top) * canvas.height) / rect.height,
  ];
}

function padLineWidth() {
  return Math.max(2, ui.sigPad.height / 30);
}

/** @param {PointerEvent} event */
function padDown(event) {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  event.preventDefault();
  ui.sigPad.setPointerCapture(event.pointerId);
  const [x, y] = padPoint(event);
  const context = context2d(ui.sigPad);
  context.fillStyle = INK;
  context.beginPath();
  context.arc(x, y, padLineWidth() / 2, 0, Math.PI * 2);
  context.fill();
  pad.drawing = true;
  pad.hasInk = true;
  pad.lastX = x;
  pad.lastY = y;
  onStroke();
}

/** @param {PointerEvent} event */
function padMove(event) {
  if (!pad.drawing) return;
  event.preventDefault();
  const context = context2d(ui.sigPad);
  context.strokeStyle = INK;
  context.lineWidth = padLineWidth();
  context.lineCap = "round";
  context.lineJoin = "round";
  context.beginPath();
  context.moveTo(pad.lastX, pad.lastY);
  const events = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
  for (const point of events.length > 0 ? events : [event]) {
    const [x, y] = padPoint(point);
    context.lineTo(x, y);
    pad.lastX = x;
    pad.lastY = y;
  }
  context.stroke();
}

function padUp() {
  pad.drawing = false;
}

/** @param {() => void} strokeStarted */
export function setUpSignaturePad(strokeStarted) {
  onStroke = strokeStarted;
  ui.sigPad.addEventListener("pointerdown", padDown);
  ui.sigPad.addEventListener("pointermove", padMove);
  ui.sigPad.addEventListener("pointerup", padUp);
  ui.sigPad.addEventListener("pointercancel", padUp);
}
