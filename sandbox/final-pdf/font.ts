import type { TextPainter } from "./text/text-painter";

/**
 * Where a line sits around its baseline, as fractions of the font size: Noto Sans's ascender and descender (hhea),
 * used for every line so that text in any script is placed alike.
 */
export const lineMetrics = { ascent: 1.069, descent: 0.293 } as const;

/** One line of stamp text: control characters (line breaks, tabs) become spaces, outer spaces go. */
export function singleLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is replaced.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
}

const ellipsis = "\u2026";
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
/** The text's user-perceived characters: a line is never cut inside one (a Devanagari syllable, a mark on its base). */
const clustersOf = (text: string) => Array.from(graphemes.segment(text), (part) => part.segment);

/** The longest prefix of `text` (whole characters) that, followed by an ellipsis, fits `maxWidth` at `size`. */
export async function truncateToWidth(
  painter: TextPainter,
  text: string,
  size: number,
  maxWidth: number,
): Promise<string> {
  if ((await painter.widthOf(text, size)) <= maxWidth) return text;
  const parts = clustersOf(text);
  let low = 0;
  let high = parts.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = `${parts.slice(0, middle).join("").trimEnd()}${ellipsis}`;
    if ((await painter.widthOf(candidate, size)) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return `${parts.slice(0, low).join("").trimEnd()}${ellipsis}`;
}

/** The text and size to draw: `preferred` when it fits, else shrunk to fit (not below `minimum`), else truncated. */
export async function fitText(
  painter: TextPainter,
  text: string,
  maxWidth: number,
  preferred: number,
  minimum: number,
): Promise<{ text: string; size: number }> {
  const width = await painter.widthOf(text, preferred);
  if (width <= maxWidth) return { text, size: preferred };
  const shrunk = Math.floor(((preferred * maxWidth) / width) * 100) / 100;
  if (shrunk >= minimum) return { text, size: shrunk };
  return { text: await truncateToWidth(painter, text, minimum, maxWidth), size: minimum };
}

/** Greedy word wrap to `maxWidth`; a word wider than a line is broken between characters. */
export async function wrapText(painter: TextPainter, text: string, size: number, maxWidth: number): Promise<string[]> {
  const fits = async (candidate: string) => (await painter.widthOf(candidate, size)) <= maxWidth;
  const lines: string[] = [];
  let line = "";
  for (const word of singleLine(text).split(/ +/)) {
    const joined = line === "" ? word : `${line} ${word}`;
    if (await fits(joined)) {
      line = joined;
      continue;
    }
    if (line !== "") lines.push(line);
    line = "";
    if (await fits(word)) {
      line = word;
      continue;
    }
    for (const part of clustersOf(word)) {
      if (line !== "" && !(await fits(line + part))) {
        lines.push(line);
        line = "";
      }
      line += part;
    }
  }
  if (line !== "" || lines.length === 0) lines.push(line);
  return lines;
}
