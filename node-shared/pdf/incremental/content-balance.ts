/**
 * How a page's content uses the graphics-state stack (ISO 32000-1, 8.4.2): `q` saves, `Q` restores. Real files
 * restore more than they save (viewers ignore a `Q` on an empty stack) or leave states saved at the end; either
 * way a plain `q … Q` around the content no longer brings back the page's own coordinate system, and stamps drawn
 * after it land elsewhere or nowhere. Knowing the deepest shortfall and the net change, an update can wrap the
 * content in enough `q` before and the matching `Q` after.
 *
 * Hand-written: a tokenizer that only needs to tell operators from strings, comments and inline image data;
 * no maintained library exposes one without interpreting the whole page.
 */
export interface GraphicsStateBalance {
  /** The most `Q` beyond the `q` before them, at any point (0 for well-formed content). */
  deficit: number;
  /** Saves minus restores over the whole content. */
  net: number;
}

const isWhitespace = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
/** ( ) < > [ ] { } / % */
const isDelimiter = (byte: number) =>
  byte === 0x28 ||
  byte === 0x29 ||
  byte === 0x3c ||
  byte === 0x3e ||
  byte === 0x5b ||
  byte === 0x5d ||
  byte === 0x7b ||
  byte === 0x7d ||
  byte === 0x2f ||
  byte === 0x25;

function skipLiteralString(content: Uint8Array, open: number): number {
  let depth = 0;
  let at = open;
  while (at < content.length) {
    const byte = content[at];
    if (byte === 0x5c) at += 2;
    else {
      if (byte === 0x28) depth += 1;
      else if (byte === 0x29 && --depth === 0) return at + 1;
      at += 1;
    }
  }
  return at;
}

/** After `ID` and one whitespace byte: the image data runs to an `EI` between whitespace (or the end). */
function skipInlineImageData(content: Uint8Array, from: number): number {
  for (let at = from + 1; at + 1 < content.length; at += 1) {
    if (
      content[at] === 0x45 &&
      content[at + 1] === 0x49 &&
      isWhitespace(content[at - 1] ?? 0) &&
      (at + 2 >= content.length || isWhitespace(content[at + 2] ?? 0))
    ) {
      return at + 2;
    }
  }
  return content.length;
}

export function graphicsStateBalance(content: Uint8Array): GraphicsStateBalance {
  let depth = 0;
  let lowest = 0;
  let at = 0;
  let inInlineImage = false;
  while (at < content.length) {
    const byte = content[at] as number;
    if (isWhitespace(byte)) {
      at += 1;
    } else if (byte === 0x25) {
      while (at < content.length && content[at] !== 0x0a && content[at] !== 0x0d) at += 1;
    } else if (byte === 0x28) {
      at = skipLiteralString(content, at);
    } else if (byte === 0x3c && content[at + 1] !== 0x3c) {
      while (at < content.length && content[at] !== 0x3e) at += 1;
      at += 1;
    } else if (byte === 0x2f) {
      at += 1;
      while (at < content.length && !isWhitespace(content[at] as number) && !isDelimiter(content[at] as number)) {
        at += 1;
      }
    } else if (isDelimiter(byte)) {
      at += 1;
    } else {
      const start = at;
      while (at < content.length && !isWhitespace(content[at] as number) && !isDelimiter(content[at] as number)) {
        at += 1;
      }
      const length = at - start;
      const first = content[start];
      if (length === 1 && first === 0x71 && !inInlineImage) depth += 1;
      else if (length === 1 && first === 0x51 && !inInlineImage) {
        depth -= 1;
        lowest = Math.min(lowest, depth);
      } else if (length === 2 && first === 0x42 && content[start + 1] === 0x49) inInlineImage = true;
      else if (length === 2 && first === 0x49 && content[start + 1] === 0x44 && inInlineImage) {
        at = skipInlineImageData(content, at);
        inInlineImage = false;
      }
    }
  }
  return { deficit: Math.abs(lowest), net: depth };
}
