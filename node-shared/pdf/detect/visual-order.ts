/**
 * A line's text in reading order from its glyphs in the order they stand on the line. PDFs draw every line from
 * the left, so a right-to-left word (Arabic, Hebrew) is read off the page backwards: "المشتري" as "يرتشملا". The
 * readings a line may have:
 * - `ltr`, a left-to-right line: each right-to-left run is turned back (neutral characters join a run only between
 *   two right-to-left letters; a number inside it keeps its digits' order);
 * - `rtl`, a right-to-left line (Word's w:bidi paragraph): the whole line is turned back, then each left-to-right run
 *   turned forward again: Latin words with the neutrals between two of their letters and the digits that touch them
 *   (`r1`), or a number on its own;
 * - `rtlMirrored`: the same, with the brackets outside those runs swapped (`{` for `}`), for PDFs that name the
 *   mirrored glyph a right-to-left line draws by what it shows rather than by what was written.
 * A glyph's own text is kept as it is (a lam-alef ligature is one glyph for two letters, already in order).
 *
 * Hand-written: the Unicode Bidirectional Algorithm (and libraries for it such as bidi-js) goes from reading order
 * to display order, not back, and the way back is ambiguous in general; these readings are exact for what tags
 * hold (right-to-left words, Latin attributes, numbers), and the tags found in each tell which was meant.
 */

export type Reading = "ltr" | "rtl" | "rtlMirrored";

interface Piece {
  text: string;
}

const rightToLeftLetter =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
const digits = /^\p{Nd}+$/u;
const letterOrDigit = /[\p{L}\p{Nd}]/u;
const mirrors: Record<string, string> = {
  "{": "}",
  "}": "{",
  "(": ")",
  ")": "(",
  "[": "]",
  "]": "[",
  "<": ">",
  ">": "<",
};

type Kind = "rtl" | "digit" | "ltr" | "neutral";

function kindOf(text: string): Kind {
  if (digits.test(text)) return "digit";
  if (rightToLeftLetter.test(text)) return "rtl";
  return letterOrDigit.test(text) ? "ltr" : "neutral";
}

/** Whether a text holds right-to-left letters. */
export const hasRightToLeft = (text: string) => rightToLeftLetter.test(text);

export function readingOrder<T extends Piece>(pieces: readonly T[], reading: Reading): T[] {
  if (reading === "ltr") return leftToRightLine(pieces);
  const backwards = [...pieces].reverse();
  const kinds = backwards.map((piece) => kindOf(piece.text));
  const result: T[] = [];
  let index = 0;
  while (index < backwards.length) {
    const end = leftToRightRunEnd(kinds, index);
    if (end === index) {
      const piece = backwards[index] as T;
      const mirrored = reading === "rtlMirrored" ? mirrors[piece.text] : undefined;
      result.push(mirrored === undefined ? piece : { ...piece, text: mirrored });
      index += 1;
      continue;
    }
    result.push(...backwards.slice(index, end).reverse());
    index = end;
  }
  return result;
}

/**
 * In a right-to-left line turned back, where the left-to-right run starting at `start` ends (`start` when none
 * starts there): letters and the digits that touch them, neutrals only between two letters; or a number alone.
 */
function leftToRightRunEnd(kinds: readonly Kind[], start: number): number {
  const first = kinds[start];
  if (first !== "ltr" && first !== "digit") return start;
  let end = start + 1;
  while (end < kinds.length) {
    const kind = kinds[end];
    const last = kinds[end - 1];
    if (kind === "ltr" || kind === "digit") {
      // A number joins letters it touches (`r1`), not a number across a neutral (`2;type`, handled below).
      if (kind === last || last === "ltr" || (kind === "ltr" && last === "digit")) end += 1;
      else break;
      continue;
    }
    if (kind !== "neutral" || last !== "ltr") break;
    let next = end;
    while (kinds[next] === "neutral") next += 1;
    if (kinds[next] !== "ltr") break;
    end = next + 1;
  }
  return end;
}

/** A left-to-right line: each right-to-left run turned back, a number inside it kept as one unit. */
function leftToRightLine<T extends Piece>(pieces: readonly T[]): T[] {
  const kinds = pieces.map((piece) => kindOf(piece.text));
  const result: T[] = [];
  let index = 0;
  while (index < pieces.length) {
    if (kinds[index] !== "rtl") {
      result.push(pieces[index] as T);
      index += 1;
      continue;
    }
    let end = index + 1;
    for (let scan = index + 1; scan < pieces.length && kinds[scan] !== "ltr"; scan += 1) {
      if (kinds[scan] === "rtl") end = scan + 1;
    }
    const units: T[][] = [];
    for (let at = index; at < end; at += 1) {
      const previous = units.at(-1);
      if (kinds[at] === "digit" && kinds[at - 1] === "digit" && previous !== undefined) previous.push(pieces[at] as T);
      else units.push([pieces[at] as T]);
    }
    for (const unit of units.reverse()) result.push(...unit);
    index = end;
  }
  return result;
}
