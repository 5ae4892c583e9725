import type { Point } from "../../../common/coordinates";

/**
 * The outline of a filled path that is not one rectangle filling its bounding box (a frame drawn as outer and inner
 * rectangles, a triangle, a rotated band), to tell whether it lies under a tag: only where the outline holds it.
 */

export interface FillShape {
  subpaths: Point[][];
  evenOdd: boolean;
}

/** Whether a point is inside a shape, by its fill rule (curves taken by their control points: near enough here). */
function holds(shape: FillShape, point: Point): boolean {
  let winding = 0;
  let crossings = 0;
  for (const subpath of shape.subpaths) {
    for (let index = 0; index < subpath.length; index += 1) {
      const a = subpath[index] as Point;
      const b = subpath[(index + 1) % subpath.length] as Point;
      if (a.y <= point.y === b.y <= point.y) continue;
      const x = a.x + ((point.y - a.y) * (b.x - a.x)) / (b.y - a.y);
      if (x <= point.x) continue;
      crossings += 1;
      winding += b.y > a.y ? 1 : -1;
    }
  }
  return shape.evenOdd ? crossings % 2 === 1 : winding !== 0;
}

/** Whether a shape holds a box: its centre and its corners (pulled in a little, off the shape's own edges). */
export function holdsBox(shape: FillShape, box: readonly [number, number, number, number]): boolean {
  const [x0, y0, x1, y1] = box;
  const dx = (x1 - x0) * 0.05;
  const dy = (y1 - y0) * 0.05;
  return [
    { x: (x0 + x1) / 2, y: (y0 + y1) / 2 },
    { x: x0 + dx, y: y0 + dy },
    { x: x1 - dx, y: y0 + dy },
    { x: x1 - dx, y: y1 - dy },
    { x: x0 + dx, y: y1 - dy },
  ].every((point) => holds(shape, point));
}

/** A filled path longer than this (in pdf.js's path numbers) is not looked into. */
const maxShapeNumbers = 4000;

/** Whether a closed outline of user-space points is an axis-aligned rectangle (4 corners, maybe the first again). */
function isBoxRectangle(points: readonly Point[]): boolean {
  const corners = points.length === 5 && same(points[0], points[4]) ? points.slice(0, 4) : points;
  if (corners.length !== 4) return false;
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-3 * Math.max(1, Math.abs(a), Math.abs(b));
  return corners.every((corner, index) => {
    const next = corners[(index + 1) % 4] as Point;
    return near(corner.x, next.x) !== near(corner.y, next.y);
  });
}

function same(a: Point | undefined, b: Point | undefined): boolean {
  return a !== undefined && b !== undefined && a.x === b.x && a.y === b.y;
}

const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/**
 * A filled path's outline in user space (pdf.js's DrawOPS: moveTo 0, lineTo 1, curveTo 2, quadraticCurveTo 3,
 * closePath 4); undefined when it is one rectangle that fills its bounding box. A path too long to test is kept
 * as an empty outline: it then lies under nothing.
 */
export function shapeOfPath(
  data: unknown,
  toUser: (x: number, y: number) => Point,
  evenOdd: boolean,
): FillShape | undefined {
  const buffer = Array.isArray(data) ? (data[0] as ArrayLike<number> | null | undefined) : undefined;
  if (buffer === null || buffer === undefined || typeof buffer.length !== "number") return { subpaths: [], evenOdd };
  if (buffer.length > maxShapeNumbers) return { subpaths: [], evenOdd };
  const subpaths: Point[][] = [];
  let current: Point[] = [];
  const point = (at: number) => toUser(num(buffer[at]), num(buffer[at + 1]));
  for (let at = 0; at < buffer.length; ) {
    const drawOp = buffer[at];
    at += 1;
    if (drawOp === 0) {
      if (current.length > 0) subpaths.push(current);
      current = [point(at)];
      at += 2;
    } else if (drawOp === 1) {
      current.push(point(at));
      at += 2;
    } else if (drawOp === 2) {
      current.push(point(at), point(at + 2), point(at + 4));
      at += 6;
    } else if (drawOp === 3) {
      current.push(point(at), point(at + 2));
      at += 4;
    } else if (drawOp !== 4) {
      return { subpaths: [], evenOdd };
    }
  }
  if (current.length > 0) subpaths.push(current);
  return subpaths.length === 1 && isBoxRectangle(subpaths[0] ?? []) ? undefined : { subpaths, evenOdd };
}
