import { LineCapStyle, type PDFDocument, type PDFImage, type PDFPage, PngEmbedder, rgb } from "pdf-lib";
import { type BoxSize, type FieldType, fieldBoxSizes } from "../../common/field-boxes";
import { pageGeometry } from "../../node-shared/pdf/incremental/page-geometry";
import { boxFrame, drawInFrame } from "./box-frame";
import { fitText, lineMetrics, singleLine } from "./font";
import { maxImageSide } from "./image-limits";
import type { ShapedLine } from "./text/shape-line";
import type { TextPainter } from "./text/text-painter";

export interface StampedField {
  id: string;
  type: FieldType;
  /** 1-based. */
  page: number;
  /** Top-left corner of the box, in points from the top-left of the page as displayed. */
  x: number;
  y: number;
  value: string | boolean;
}

/** What one field puts on its page, checked before anything is drawn. */
export type Stamp =
  | { kind: "text"; text: string }
  | { kind: "image"; dataUrl: string; png: Uint8Array }
  | { kind: "check"; checked: boolean };

const textTypes: ReadonlySet<FieldType> = new Set(["Text", "Name", "Email", "Date"]);
const imageTypes: ReadonlySet<FieldType> = new Set(["Signature", "Initials"]);
const pngDataUrl = /^data:image\/png;base64,([A-Za-z0-9+/\s]+={0,2})$/;

const textStyle = { preferredSize: 11, minimumSize: 5, padding: 2 } as const;
const ink = rgb(0.05, 0.05, 0.1);

function fieldError(field: StampedField, problem: string): Error {
  return new Error(`Field "${field.id}" (${String(field.type)}): ${problem}`);
}

export function boxSizeOf(field: StampedField): BoxSize {
  const size = Object.hasOwn(fieldBoxSizes, field.type) ? fieldBoxSizes[field.type] : undefined;
  if (size === undefined) throw fieldError(field, "unknown field type");
  return size;
}

/** Validates a field against the document and its value against its type. Throws an Error naming the field. */
export function parseStamp(field: StampedField, pageCount: number): Stamp {
  boxSizeOf(field);
  if (!Number.isInteger(field.page) || field.page < 1 || field.page > pageCount) {
    throw fieldError(field, `page ${field.page} is not in the document (1 to ${pageCount})`);
  }
  if (!Number.isFinite(field.x) || !Number.isFinite(field.y)) throw fieldError(field, "x and y must be finite numbers");
  const { value } = field;
  if (field.type === "Checkbox") {
    if (typeof value !== "boolean")
      throw fieldError(field, `a checkbox value must be true or false, got ${typeof value}`);
    return { kind: "check", checked: value };
  }
  if (typeof value !== "string") throw fieldError(field, `the value must be a string, got ${typeof value}`);
  if (textTypes.has(field.type)) return { kind: "text", text: singleLine(value) };
  if (imageTypes.has(field.type)) {
    const base64 = pngDataUrl.exec(value)?.[1];
    if (base64 === undefined) throw fieldError(field, "the value must be a PNG data URL (data:image/png;base64,...)");
    return { kind: "image", dataUrl: value, png: new Uint8Array(Buffer.from(base64, "base64")) };
  }
  throw fieldError(field, "unknown field type");
}

export { maxImageSide };

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Why stamping cannot draw `png`, as words that follow "the image is", or null when it can: decoded by the decoder
 * that embedding uses, after a look at the size its header declares, so that a small file cannot claim a huge image.
 */
export async function pngProblem(png: Uint8Array): Promise<string | null> {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(pngSignature) || bytes.toString("latin1", 12, 16) !== "IHDR") {
    return "not a PNG image";
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width > maxImageSide || height > maxImageSide) {
    return `too large (${width} \u00d7 ${height} pixels; ${maxImageSide} \u00d7 ${maxImageSide} at most)`;
  }
  try {
    await PngEmbedder.for(png);
  } catch (error) {
    return `not a readable PNG image (${error instanceof Error ? error.message : String(error)})`;
  }
  return null;
}

/** Embeds each distinct image once (the same signature often fills several boxes). */
export type ImageCache = (field: StampedField, stamp: Extract<Stamp, { kind: "image" }>) => Promise<PDFImage>;

export function createImageCache(doc: PDFDocument): ImageCache {
  const images = new Map<string, PDFImage>();
  return async (field, stamp) => {
    const known = images.get(stamp.dataUrl);
    if (known !== undefined) return known;
    const problem = await pngProblem(stamp.png);
    if (problem !== null) throw fieldError(field, `the image is ${problem}`);
    let image: PDFImage;
    try {
      image = await doc.embedPng(stamp.png);
    } catch (error) {
      throw fieldError(field, `the value is not a readable PNG (${error instanceof Error ? error.message : error})`);
    }
    images.set(stamp.dataUrl, image);
    return image;
  };
}

/** What stamping draws with, embedded into the document on first use. */
export interface StampResources {
  painter: TextPainter;
  image: ImageCache;
}

/** Draws one validated field into its box, upright as the page is displayed. */
export async function stampField(
  page: PDFPage,
  field: StampedField,
  stamp: Stamp,
  resources: StampResources,
): Promise<void> {
  const size = boxSizeOf(field);
  if (stamp.kind === "check" && !stamp.checked) return;
  if (stamp.kind === "text" && stamp.text === "") return;
  const image = stamp.kind === "image" ? await resources.image(field, stamp) : undefined;
  const text = stamp.kind === "text" ? await fitLine(resources.painter, stamp.text, size) : undefined;
  const frame = boxFrame(pageGeometry(page), field.x, field.y, size);
  drawInFrame(page, frame, () => {
    if (text !== undefined) drawText(page, text, size, resources.painter);
    else if (image !== undefined) drawImage(page, image, size);
    else drawCheck(page, size);
  });
}

interface FittedLine {
  line: ShapedLine;
  size: number;
}

/** The value shaped at the size that fits the box (shrunk, then truncated, as fitText decides). */
async function fitLine(painter: TextPainter, value: string, box: BoxSize): Promise<FittedLine> {
  const fitted = await fitText(
    painter,
    value,
    box.width - 2 * textStyle.padding,
    textStyle.preferredSize,
    textStyle.minimumSize,
  );
  return { line: await painter.shape(fitted.text), size: fitted.size };
}

/**
 * At the padding on the side the value starts from (the right for a right-to-left value), vertically centred on
 * the line's ascent + descent (box frame coordinates).
 */
function drawText(page: PDFPage, { line, size }: FittedLine, box: BoxSize, painter: TextPainter): void {
  const { ascent, descent } = lineMetrics;
  const baseline = (box.height - (ascent + descent) * size) / 2 + descent * size;
  const x = line.rtl ? box.width - textStyle.padding - line.width * size : textStyle.padding;
  painter.draw(page, line, { x, y: baseline, size, color: ink });
}

/** Scaled to fit the box, aspect ratio kept, centred. */
function drawImage(page: PDFPage, image: PDFImage, box: BoxSize): void {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (box.width - width) / 2, y: (box.height - height) / 2, width, height });
}

/** A tick of two strokes, kept inside the box with room for the stroke width. */
function drawCheck(page: PDFPage, box: BoxSize): void {
  const w = box.width;
  const h = box.height;
  const thickness = Math.max(1, Math.min(w, h) / 8);
  const style = { thickness, color: ink, lineCap: LineCapStyle.Round };
  const corner = { x: 0.4 * w, y: 0.22 * h };
  page.drawLine({ start: { x: 0.18 * w, y: 0.52 * h }, end: corner, ...style });
  page.drawLine({ start: corner, end: { x: 0.82 * w, y: 0.8 * h }, ...style });
}
