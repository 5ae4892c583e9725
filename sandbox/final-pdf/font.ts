import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { PDFDocument, PDFFont } from "pdf-lib";

/** An embedded font with the vertical metrics needed to place a line of text (fractions of the font size). */
export interface StampFont {
  font: PDFFont;
  /** Ascender above the baseline, as a fraction of the font size. */
  ascent: number;
  /** Descender below the baseline, as a positive fraction of the font size. */
  descent: number;
}

interface FontFile {
  bytes: Uint8Array;
  ascent: number;
  descent: number;
}

let fontFile: Promise<FontFile> | undefined;

/** fontkit (a megabyte of code) is loaded with the first stamp, not with the sandbox: most starts never stamp. */
const loadFontkit = async () => (await import("@pdf-lib/fontkit")).default;

/** LiberationSans-Regular.ttf as shipped by pdfjs-dist, with its metrics (read once per process). */
function liberationSans(): Promise<FontFile> {
  if (fontFile === undefined) {
    const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
    fontFile = readFile(path.join(pdfjsRoot, "standard_fonts", "LiberationSans-Regular.ttf")).then(async (buffer) => {
      const bytes = new Uint8Array(buffer);
      const metrics = (await loadFontkit()).create(bytes);
      return {
        bytes,
        ascent: metrics.ascent / metrics.unitsPerEm,
        descent: Math.abs(metrics.descent) / metrics.unitsPerEm,
      };
    });
    fontFile.catch(() => {
      fontFile = undefined;
    });
  }
  return fontFile;
}

/**
 * Embeds LiberationSans (TrueType, subset) into `doc`; each call embeds its own subset. `subsetTag` is the six
 * capital letters that name the subset (ISO 32000-1, 9.6.4): pdf-lib's own default is a random "-1234" suffix,
 * which is neither the standard form nor deterministic.
 */
export async function embedStampFont(doc: PDFDocument, subsetTag: string): Promise<StampFont> {
  if (!/^[A-Z]{6}$/.test(subsetTag)) throw new Error(`A subset tag is six capital letters, not "${subsetTag}".`);
  const { bytes, ascent, descent } = await liberationSans();
  doc.registerFontkit(await loadFontkit());
  const font = await doc.embedFont(bytes, { subset: true, customName: `${subsetTag}+LiberationSans` });
  return { font, ascent, descent };
}

/** One line of stamp text: control characters (line breaks, tabs) become spaces, outer spaces go. */
export function singleLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is replaced.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
}

const ellipsis = "\u2026";

/** The longest prefix of `text` (whole code points) that, followed by an ellipsis, fits `maxWidth` at `size`. */
export function truncateToWidth(font: PDFFont, text: string, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  const points = Array.from(text);
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = `${points.slice(0, middle).join("").trimEnd()}${ellipsis}`;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return `${points.slice(0, low).join("").trimEnd()}${ellipsis}`;
}

/** The text and size to draw: `preferred` when it fits, else shrunk to fit (not below `minimum`), else truncated. */
export function fitText(
  font: PDFFont,
  text: string,
  maxWidth: number,
  preferred: number,
  minimum: number,
): { text: string; size: number } {
  const width = font.widthOfTextAtSize(text, preferred);
  if (width <= maxWidth) return { text, size: preferred };
  const shrunk = Math.floor(((preferred * maxWidth) / width) * 100) / 100;
  if (shrunk >= minimum) return { text, size: shrunk };
  return { text: truncateToWidth(font, text, minimum, maxWidth), size: minimum };
}

/** Greedy word wrap to `maxWidth`; a word wider than a line is broken between characters. */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= maxWidth;
  const lines: string[] = [];
  let line = "";
  for (const word of singleLine(text).split(/ +/)) {
    const joined = line === "" ? word : `${line} ${word}`;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line !== "") lines.push(line);
    line = "";
    if (fits(word)) {
      line = word;
      continue;
    }
    for (const char of Array.from(word)) {
      if (line !== "" && !fits(line + char)) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  if (line !== "" || lines.length === 0) lines.push(line);
  return lines;
}
