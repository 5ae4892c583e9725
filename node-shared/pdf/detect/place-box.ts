import { displayedSize, type PageGeometry, type Point, userToDisplayed } from "../../../common/coordinates";
import { type FieldType, fieldBoxSizes } from "../../../common/field-boxes";
import type { FoundRect } from "../../../common/found-fields";

/** A rectangle in PDF user space: [left, bottom, right, top] (any corner order is normalised). */
export type UserRect = readonly [number, number, number, number];

/** The displayed rectangle (top-left origin, y down) that a user-space rectangle shows as. */
export function displayedRect(page: PageGeometry, rect: UserRect): FoundRect {
  const [x1, y1, x2, y2] = rect;
  return boundsOf(
    [
      { x: x1, y: y1 },
      { x: x1, y: y2 },
      { x: x2, y: y1 },
      { x: x2, y: y2 },
    ].map((corner) => userToDisplayed(page, corner)),
  );
}

/** The smallest rectangle around some points. */
export function boundsOf(points: readonly Point[]): FoundRect {
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const { x, y } of points) {
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * Where a field of `type` goes for something found at `rect`: the box's top-left at the rectangle's top-left, moved
 * inwards just enough to stay on the displayed page (to its top-left corner when the box is larger than the page).
 */
export function placeBox(page: PageGeometry, type: FieldType, rect: FoundRect): Point {
  const size = fieldBoxSizes[type];
  const shown = displayedSize(page);
  const inside = (at: number, box: number, room: number) => Math.max(0, Math.min(at, room - box));
  return { x: inside(rect.x, size.width, shown.width), y: inside(rect.y, size.height, shown.height) };
}
