import { displayedSize, type Point, type Size } from "../../../common/coordinates";
import type { DraftField } from "../../../common/draft";
import { type FieldType, fieldBoxSizes } from "../../../common/fields";
import type { EditorDoc, Rect } from "./types";

/** Page and box geometry in API coordinates: displayed points from the page's top-left, y down. */

/** The displayed size of 1-based `page`, or undefined when the document has no such page or it is not read yet. */
export function pageSize(doc: EditorDoc, page: number): Size | undefined {
  if (!Number.isInteger(page)) return undefined;
  const geometry = doc.pages[page - 1];
  return geometry === undefined || geometry === null ? undefined : displayedSize(geometry);
}

export function boxSize(type: FieldType): Size {
  return fieldBoxSizes[type];
}

export function fieldRect(field: Pick<DraftField, "x" | "y" | "type">): Rect {
  const { width, height } = fieldBoxSizes[field.type];
  return { x: field.x, y: field.y, width, height };
}

/**
 * The nearest position at which a box of `size` lies wholly on a page of `page` size, or null when the box
 * is larger than the page or the position is not a finite number.
 */
export function clampOntoPage(page: Size, size: Size, at: Point): Point | null {
  if (!Number.isFinite(at.x) || !Number.isFinite(at.y)) return null;
  const maxX = page.width - size.width;
  const maxY = page.height - size.height;
  if (maxX < 0 || maxY < 0) return null;
  return { x: Math.min(Math.max(at.x, 0), maxX), y: Math.min(Math.max(at.y, 0), maxY) };
}

/** `field` moved to `at` on `page` (and given `type`), clamped onto that page; null when it cannot fit. */
export function placeField(
  doc: EditorDoc,
  field: DraftField,
  at: Point,
  page: number = field.page,
  type: FieldType = field.type,
): DraftField | null {
  const shown = pageSize(doc, page);
  if (shown === undefined) return null;
  const position = clampOntoPage(shown, fieldBoxSizes[type], at);
  if (position === null) return null;
  return { ...field, page, type, x: position.x, y: position.y };
}

/** A rectangle with non-negative width and height (a marquee may be dragged up or left). */
export function normaliseRect(rect: Rect): Rect {
  const x = Math.min(rect.x, rect.x + rect.width);
  const y = Math.min(rect.y, rect.y + rect.height);
  return { x, y, width: Math.abs(rect.width), height: Math.abs(rect.height) };
}

/** Whether two rectangles overlap (touching edges do not count; a zero-size rect inside a box does). */
export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The bounding box of `rects`, or null for none. */
export function boundsOf(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  const left = Math.min(...rects.map((rect) => rect.x));
  const top = Math.min(...rects.map((rect) => rect.y));
  const right = Math.max(...rects.map((rect) => rect.x + rect.width));
  const bottom = Math.max(...rects.map((rect) => rect.y + rect.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The boxes of the fields on `page` other than `exclude`: what a moving field snaps to. */
export function otherFieldRects(doc: EditorDoc, page: number, exclude: readonly string[]): Rect[] {
  const skip = new Set(exclude);
  return doc.fields.filter((field) => field.page === page && !skip.has(field.id)).map(fieldRect);
}
