import type { Point } from "../../../common/coordinates";
import { type FillShape, shapeOfPath } from "./fill-shapes";
import { type Box, boxOfPoints, intersect, isEmpty, type PageFill } from "./page-fills";

/**
 * Every glyph a page shows, in content order, with its box in PDF user space, from pdf.js's operator list: the text
 * state is followed here exactly as pdf.js's canvas follows it to draw (src/display/canvas.js: setFont, moveText,
 * setTextMatrix, showText…), so a glyph's left edge and advance are pdf.js's own, wherever in a text run it falls.
 * Vertically a glyph spans its font's descent to ascent at the glyph's size (what pdf.js reports of the font).
 */

export interface PlacedGlyph {
  /** The glyph's Unicode text ("" when pdf.js knows none; a ligature may give several characters). */
  text: string;
  /** Corners in user space: baseline start, baseline end, top end, top start (after descent/ascent). */
  corners: [Point, Point, Point, Point];
  /** Origin and end of the advance on the baseline, in user space. */
  origin: Point;
  end: Point;
  /** The em in user-space units (the text's size as shown), for judging gaps and line changes. */
  em: number;
}

export interface FontMetrics {
  ascent: number;
  descent: number;
}

/** The operator numbers the walk reads (pdf.js's `OPS`). */
export interface TextOps {
  save: number;
  restore: number;
  transform: number;
  beginText: number;
  setCharSpacing: number;
  setWordSpacing: number;
  setHScale: number;
  setLeading: number;
  setLeadingMoveText: number;
  setFont: number;
  setTextRise: number;
  moveText: number;
  setTextMatrix: number;
  nextLine: number;
  showText: number;
  showSpacedText: number;
  setGState: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  // What paints under text (page-fills.ts):
  setFillRGBColor: number;
  setFillColorN: number;
  setFillTransparent: number;
  constructPath: number;
  clip: number;
  eoClip: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  shadingFill: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
}

interface GlyphData {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
  vmetric?: ArrayLike<number> | null;
}

interface FontInfo {
  fontMatrix?: ArrayLike<number> | null;
  vertical?: boolean;
}

type Matrix = [number, number, number, number, number, number];

interface TextState {
  ctm: Matrix;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  font: string | null;
  fontSize: number;
  fontDirection: number;
  /** "#rrggbb", or null for a pattern; "transparent" paints nothing. */
  fillColor: string | null;
  fillAlpha: number;
  /** The clip's user-space bounding box; null for none. */
  clip: Box | null;
}

const identity: Matrix = [1, 0, 0, 1, 0, 0];
const defaultMetrics: FontMetrics = { ascent: 0.8, descent: -0.2 };

/** m1 · m2: apply m2, then m1 (pdf.js's Util.transform). */
function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

function apply(m: Matrix, x: number, y: number): Point {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

function matrixOf(value: unknown): Matrix | null {
  if (value === null || typeof value !== "object") return null;
  const list = value as ArrayLike<unknown>;
  const numbers = [0, 1, 2, 3, 4, 5].map((index) => list[index]);
  return numbers.every((item) => typeof item === "number" && Number.isFinite(item)) ? (numbers as Matrix) : null;
}

const num = (value: unknown, fallback = 0): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;

/**
 * The glyphs of an operator list, and what it paints before them (fills, images). `fontOf` gives pdf.js's font
 * object for a loaded font name (page.commonObjs), `metricsOf` its ascent and descent (text content's styles).
 */
export function walkGlyphs(
  operators: { fnArray: ArrayLike<number>; argsArray: ArrayLike<unknown> },
  ops: TextOps,
  fontOf: (name: string) => FontInfo | null,
  metricsOf: (name: string) => FontMetrics | undefined,
): { glyphs: PlacedGlyph[]; fills: PageFill[] } {
  const glyphs: PlacedGlyph[] = [];
  const fills: PageFill[] = [];
  const stack: TextState[] = [];
  let state: TextState = {
    ctm: identity,
    textMatrix: identity,
    ...{ x: 0, y: 0, lineX: 0, lineY: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, leading: 0, rise: 0 },
    ...{ font: null, fontSize: 0, fontDirection: 1, fillColor: "#000000", fillAlpha: 1, clip: null },
  };
  const fillOps = new Set([
    ops.fill,
    ops.eoFill,
    ops.fillStroke,
    ops.eoFillStroke,
    ops.closeFillStroke,
    ops.closeEOFillStroke,
  ]);
  const evenOddOps = new Set([ops.eoFill, ops.eoFillStroke, ops.closeEOFillStroke]);
  const imageOps = new Set([ops.paintImageXObject, ops.paintInlineImageXObject, ops.paintImageMaskXObject]);
  // pdf.js puts the clip operator before the path that it clips to.
  let clipPending = false;
  /** A paint over `area` (user space, before the clip) in the current fill, or in no one colour. */
  const painted = (area: Box, solid: boolean, shape?: FillShape) => {
    const box = intersect(area, state.clip);
    if (isEmpty(box) || state.fillColor === "transparent") return;
    const color = solid && state.fillAlpha >= 1 ? state.fillColor : null;
    fills.push({ box, color, glyphsBefore: glyphs.length, ...(shape === undefined ? {} : { shape }) });
  };
  /** The user-space bounding box of a box in the current space: [minX, minY, maxX, maxY], as pdf.js's minMax. */
  const userBox = (minMax: unknown): Box | null => {
    if (minMax === null || typeof minMax !== "object") return null;
    const values = Array.from(minMax as ArrayLike<unknown>, (value) => num(value, Number.NaN)).slice(0, 4);
    if (values.length !== 4 || !values.every(Number.isFinite)) return null;
    const [minX, minY, maxX, maxY] = values as Box;
    return boxOfPoints(
      [
        [minX, minY],
        [maxX, minY],
        [maxX, maxY],
        [minX, maxY],
      ].map(([x, y]) => apply(state.ctm, x ?? 0, y ?? 0)),
    );
  };
  const setFont = (name: unknown, size: unknown) => {
    state.font = typeof name === "string" ? name : null;
    const value = num(size);
    state.fontDirection = value < 0 ? -1 : 1;
    state.fontSize = Math.abs(value);
  };
  const moveText = (x: number, y: number) => {
    state.lineX += x;
    state.lineY += y;
    state.x = state.lineX;
    state.y = state.lineY;
  };

  for (let index = 0; index < operators.fnArray.length; index += 1) {
    const fn = operators.fnArray[index];
    const args = (operators.argsArray[index] ?? []) as unknown[];
    switch (fn) {
      case ops.save:
        stack.push({ ...state });
        break;
      case ops.restore:
        state = stack.pop() ?? state;
        break;
      case ops.transform:
        state.ctm = multiply(state.ctm, matrixOf(args) ?? identity);
        break;
      case ops.paintFormXObjectBegin: {
        stack.push({ ...state });
        state.ctm = multiply(state.ctm, matrixOf(args[0]) ?? identity);
        // A form paints only inside its BBox (pdf.js's canvas clips to it).
        const formBox = userBox(args[1]);
        if (formBox !== null) state.clip = intersect(formBox, state.clip);
        break;
      }
      case ops.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        break;
      case ops.beginText:
        state.textMatrix = identity;
        state.x = state.lineX = state.y = state.lineY = 0;
        break;
      case ops.setTextMatrix:
        state.textMatrix = matrixOf(args[0]) ?? identity;
        state.x = state.lineX = state.y = state.lineY = 0;
        break;
      case ops.moveText:
        moveText(num(args[0]), num(args[1]));
        break;
      case ops.setLeadingMoveText:
        state.leading = num(args[1]);
        moveText(num(args[0]), num(args[1]));
        break;
      case ops.setLeading:
        state.leading = -num(args[0]);
        break;
      case ops.nextLine:
        moveText(0, state.leading);
        break;
      case ops.setCharSpacing:
        state.charSpacing = num(args[0]);
        break;
      case ops.setWordSpacing:
        state.wordSpacing = num(args[0]);
        break;
      case ops.setHScale:
        state.hScale = num(args[0], 100) / 100;
        break;
      case ops.setTextRise:
        state.rise = num(args[0]);
        break;
      case ops.setFont:
        setFont(args[0], args[1]);
        break;
      case ops.setGState:
        for (const entry of (args[0] ?? []) as unknown[]) {
          const [key, value] = entry as [unknown, unknown];
          if (key === "Font" && Array.isArray(value)) setFont(value[0], value[1]);
          if (key === "ca") state.fillAlpha = num(value, 1);
        }
        break;
      case ops.setFillRGBColor:
        state.fillColor = typeof args[0] === "string" ? args[0].toLowerCase() : null;
        break;
      case ops.setFillColorN:
        state.fillColor = null;
        break;
      case ops.setFillTransparent:
        state.fillColor = "transparent";
        break;
      case ops.clip:
      case ops.eoClip:
        clipPending = true;
        break;
      case ops.constructPath: {
        const box = userBox(args[2]);
        if (clipPending && box !== null) state.clip = intersect(box, state.clip);
        clipPending = false;
        const paint = num(args[0], -1);
        if (box !== null && fillOps.has(paint))
          painted(
            box,
            true,
            shapeOfPath(args[1], (x, y) => apply(state.ctm, x, y), evenOddOps.has(paint)),
          );
        break;
      }
      case ops.shadingFill:
        if (state.clip !== null) painted(state.clip, false);
        break;
      case ops.showText:
      case ops.showSpacedText:
        showText(args[0]);
        break;
      default:
        if (fn !== undefined && imageOps.has(fn)) {
          // An image fills its unit square, mapped by the current matrix.
          const square = userBox([0, 0, 1, 1]);
          if (square !== null) painted(square, false);
        }
    }
  }
  return { glyphs, fills };

  function showText(list: unknown): void {
    if (!Array.isArray(list) || state.font === null || state.fontSize === 0) return;
    const font = fontOf(state.font);
    if (font === null) return;
    const metrics = metricsOf(state.font) ?? defaultMetrics;
    const vertical = font.vertical === true;
    const { fontSize, charSpacing, wordSpacing, fontDirection } = state;
    const hScale = state.hScale * fontDirection;
    const advanceScale = fontSize * num(font.fontMatrix?.[0], 0.001);
    const toUser = multiply(state.ctm, state.textMatrix);
    const emVector = apply(toUser, 0, fontSize);
    const em = Math.hypot(emVector.x - toUser[4], emVector.y - toUser[5]);
    const top = state.rise + metrics.ascent * fontSize;
    const bottom = state.rise + metrics.descent * fontSize;
    let x = 0;
    for (const item of list) {
      if (typeof item === "number") {
        x += ((vertical ? 1 : -1) * item * fontSize) / 1000;
        continue;
      }
      const glyph = item as GlyphData;
      const spacing = (glyph.isSpace ? wordSpacing : 0) + charSpacing;
      if (vertical) {
        const advance = -num(glyph.vmetric?.[0], -1000) * advanceScale;
        const left = state.x - fontSize / 2;
        const start = state.y - x;
        const corners = (
          [
            [left, start],
            [left, start - advance],
            [left + fontSize, start - advance],
            [left + fontSize, start],
          ] as const
        ).map(([u, v]) => apply(toUser, u, v)) as PlacedGlyph["corners"];
        glyphs.push({
          text: glyph.unicode ?? "",
          corners,
          origin: apply(toUser, state.x, start),
          end: apply(toUser, state.x, start - advance),
          em,
        });
        x += advance - spacing * fontDirection;
        continue;
      }
      const advance = num(glyph.width) * advanceScale;
      const left = state.x + x * hScale;
      const right = left + advance * hScale;
      glyphs.push({
        text: glyph.unicode ?? "",
        corners: [
          apply(toUser, left, state.y + bottom),
          apply(toUser, right, state.y + bottom),
          apply(toUser, right, state.y + top),
          apply(toUser, left, state.y + top),
        ],
        origin: apply(toUser, left, state.y + state.rise),
        end: apply(toUser, right, state.y + state.rise),
        em,
      });
      x += advance + spacing * fontDirection;
    }
    if (vertical) state.y -= x;
    else state.x += x * hScale;
  }
}
