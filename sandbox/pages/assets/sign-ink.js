// @ts-check
/**
 * Canvas work for signatures that signature_pad (the Draw panel) does not do: sizing a canvas to a field, the
 * typed preview, and exporting ink cropped to it as a PNG.
 */

import { ui } from "./sign-dom.js";

/** @import { FieldData } from "./sign-data.js" */

export const INK = "#14206b";
/**
 * Handwriting faces the machine may have (Latin only), then "Signdesk Noto": the final PDF's faces, which the
 * sandbox serves (faces.css) so that a name in any script previews as written, never as boxes.
 */
const SCRIPT_FONTS =
  '"Segoe Script", "Brush Script MT", "Snell Roundhand", "Apple Chancery", "URW Chancery L", "Z003", "Lucida Handwriting", "Signdesk Noto", cursive';

/**
 * The signature canvases are read back (trimmed) on Apply, hence willReadFrequently.
 * @param {HTMLCanvasElement} canvas
 */
export function context2d(canvas) {
  const context = canvas.getContext("2d", { willReadFrequently: canvas === ui.sigPad || canvas === ui.sigPreview });
  if (!context) throw new Error("This browser cannot draw on a canvas.");
  return context;
}

/**
 * Sizes a canvas to the field's proportions and its backing store to the displayed size.
 * @param {HTMLCanvasElement} canvas
 * @param {FieldData} field
 * @returns {boolean} whether the backing store changed (which clears it)
 */
export function fitCanvas(canvas, field) {
  const aspect = field.width / field.height;
  canvas.style.aspectRatio = `${field.width} / ${field.height}`;
  canvas.style.width = `min(100%, calc(35vh * ${aspect.toFixed(4)}))`;
  const rect = canvas.getBoundingClientRect();
  if (rect.width <= 0) return false;
  const scale = window.devicePixelRatio || 1;
  const width = Math.round(rect.width * scale);
  const height = Math.round((rect.width / aspect) * scale);
  if (canvas.width === width && canvas.height === height) return false;
  canvas.width = width;
  canvas.height = height;
  return true;
}

/**
 * Settles once the script font's faces for `text` are loaded (or cannot be): a signature made from typed text is drawn
 * only then, never in a fallback face that happened to be there first.
 * @param {string} text
 * @returns {Promise<void>}
 */
export function scriptFontReady(text) {
  return document.fonts.load(`italic 10px ${SCRIPT_FONTS}`, text).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Draws the text of #sig-text on #sig-preview in a script font, shrunk to fit. A canvas draws only with faces
 * already loaded: when the text needs one that is not, it is loaded and the preview drawn again.
 */
export function drawTypedPreview() {
  const canvas = ui.sigPreview;
  const context = context2d(canvas);
  context.clearRect(0, 0, canvas.width, canvas.height);
  const text = ui.sigText.value.trim();
  if (text === "" || canvas.width === 0) return;
  let size = canvas.height * 0.62;
  context.font = `italic ${size}px ${SCRIPT_FONTS}`;
  if (!document.fonts.check(context.font, text)) {
    void document.fonts.load(context.font, text).then(() => {
      if (ui.sigText.value.trim() === text && document.fonts.check(`italic 10px ${SCRIPT_FONTS}`, text))
        drawTypedPreview();
    });
  }
  const maxWidth = canvas.width * 0.92;
  const measured = context.measureText(text).width;
  if (measured > maxWidth) {
    size *= maxWidth / measured;
    context.font = `italic ${size}px ${SCRIPT_FONTS}`;
  }
  context.fillStyle = INK;
  context.textAlign = "center";
  context.textBaseline = "alphabetic";
  context.fillText(text, canvas.width / 2, canvas.height * 0.74);
}

/**
 * A PNG data URL of the canvas's ink, cropped to the ink with a small margin, on a transparent background,
 * at most 4 device pixels per point of the field's box.
 * @param {HTMLCanvasElement} source
 * @param {FieldData} field
 * @returns {string | null} null when the canvas is empty
 */
export function exportInk(source, field) {
  const { width, height } = source;
  if (width === 0 || height === 0) return null;
  const pixels = context2d(source).getImageData(0, 0, width, height).data;
  let top = height;
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    const row = y * width * 4;
    for (let x = 0; x < width; x += 1) {
      if ((pixels[row + x * 4 + 3] ?? 0) > 8) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        bottom = y;
      }
    }
  }
  if (right < 0) return null;
  const margin = Math.round(Math.min(width, height) * 0.04);
  left = Math.max(0, left - margin);
  top = Math.max(0, top - margin);
  right = Math.min(width - 1, right + margin);
  bottom = Math.min(height - 1, bottom + margin);
  const cropWidth = right - left + 1;
  const cropHeight = bottom - top + 1;
  const scale = Math.min(1, (field.width * 4) / cropWidth, (field.height * 4) / cropHeight);
  const output = document.createElement("canvas");
  output.width = Math.max(1, Math.round(cropWidth * scale));
  output.height = Math.max(1, Math.round(cropHeight * scale));
  const context = context2d(output);
  context.imageSmoothingQuality = "high";
  context.drawImage(source, left, top, cropWidth, cropHeight, 0, 0, output.width, output.height);
  return output.toDataURL("image/png");
}
