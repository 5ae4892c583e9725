import type { Bidi } from "bidi-js";
import { cjkFaces, type FaceSource, inRanges, isHangul, isKana, latin, scriptFaces } from "./font-faces";
import { type LoadedFace, loadFace } from "./loaded-face";

/** A run of text in one face and one direction: what one shaping call draws. */
export interface TextItem {
  /** The run's characters in logical order (bidi controls left out). */
  text: string;
  rtl: boolean;
  face: LoadedFace;
}

export type BaseDirection = "ltr" | "rtl" | "auto";

let bidi: Promise<Bidi> | undefined;

/**
 * Characters of the right-to-left scripts and the controls that open a right-to-left level. A line with none of them
 * is left to right throughout unless its direction is "rtl" (UAX #9: nothing else can raise a level), and the bidi
 * algorithm is not run for it: bidi-js builds its character tables (some 8 MB) on its first call.
 */
const mayBeRightToLeft =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u061c\u200f\u202b\u202e\u2067]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

async function levelsOf(line: string, direction: BaseDirection): Promise<{ levels: Uint8Array; rtl: boolean }> {
  if (direction !== "rtl" && !mayBeRightToLeft.test(line)) return { levels: new Uint8Array(line.length), rtl: false };
  bidi ??= import("bidi-js").then((module) => module.default());
  const { levels, paragraphs } = (await bidi).getEmbeddingLevels(line, direction);
  return { levels, rtl: (paragraphs[0]?.level ?? 0) % 2 === 1 };
}

// Explicit directional formatting characters: they steer the bidi algorithm and are not drawn.
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// Characters shared by scripts (spaces, punctuation, digits, symbols, marks): they stay in the face of the run
// they stand in, when that face has them, so "محمد، علي" or "张伟（北京）" is not cut into several faces.
const shared = /[\p{Zs}\p{P}\p{S}\p{Nd}\p{M}\p{Cf}]/u;

/**
 * The line split into runs of one face and one direction (Unicode Bidirectional Algorithm, UAX #9, by bidi-js,
 * for a line that may hold right-to-left text), in visual order, left to right. A face is chosen per character: the
 * face made for its script (Arabic, Hebrew, the Indic and South-East Asian scripts, CJK, emoji…) when it has the
 * character, else Noto Sans (Latin, Greek, Cyrillic and the rest). A Han character goes to the CJK face the line's
 * other characters call for (Japanese with kana, Korean with Hangul, else Simplified Chinese, then Traditional),
 * staying in the face of the run before it when that face has it.
 */
export async function itemize(line: string, direction: BaseDirection): Promise<{ items: TextItem[]; rtl: boolean }> {
  const { levels, rtl } = await levelsOf(line, direction);
  const points = Array.from(line);
  const cjkOrder = cjkPreference(points);
  const logical: { text: string; level: number; face: LoadedFace }[] = [];
  let unit = 0;
  for (const char of points) {
    const level = levels[unit] ?? 0;
    unit += char.length;
    if (bidiControls.test(char)) continue;
    const codePoint = char.codePointAt(0) ?? 0;
    const last = logical.at(-1);
    const keep = last !== undefined && last.level === level && (shared.test(char) || isHanLike(codePoint));
    const face = keep && last.face.covers(codePoint) ? last.face : await faceFor(codePoint, cjkOrder);
    if (last !== undefined && last.level === level && last.face === face) last.text += char;
    else logical.push({ text: char, level, face });
  }
  const visual = reorder(logical);
  return {
    items: visual.map(({ text, level, face }) => ({ text, rtl: level % 2 === 1, face })),
    rtl,
  };
}

const isHanLike = (codePoint: number) => codePoint >= 0x2e80 && !isHangul(codePoint) && codePoint < 0xa000;

function cjkPreference(points: readonly string[]): readonly FaceSource[] {
  const codes = points.map((char) => char.codePointAt(0) ?? 0);
  const { sc, tc, jp, kr } = cjkFaces;
  if (codes.some(isKana)) return [jp, sc, tc, kr];
  if (codes.some(isHangul)) return [kr, sc, tc, jp];
  return [sc, tc, jp, kr];
}

/**
 * The face made for the character's script when it has the character, else Noto Sans (which draws .notdef when it
 * lacks it too).
 */
async function faceFor(codePoint: number, cjkOrder: readonly FaceSource[]): Promise<LoadedFace> {
  for (const source of [...scriptFaces, ...cjkOrder]) {
    if (!inRanges(source, codePoint)) continue;
    const face = await loadFace(source);
    if (face.covers(codePoint)) return face;
  }
  return loadFace(latin);
}

/** UAX #9 rule L2: from the highest level down to the lowest odd one, every run of that level or higher is reversed. */
function reorder<T extends { level: number }>(runs: readonly T[]): T[] {
  const order = [...runs];
  const highest = Math.max(0, ...order.map((run) => run.level));
  const lowestOdd = Math.min(...order.map((run) => (run.level % 2 === 1 ? run.level : highest + 1)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let start = 0; start < order.length; ) {
      if ((order[start]?.level ?? 0) < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < order.length && (order[end]?.level ?? 0) >= level) end += 1;
      order.splice(start, end - start, ...order.slice(start, end).reverse());
      start = end;
    }
  }
  return order;
}
