import { derHeader } from "./cms-der-parts";
import { type DetachedCmsCheck, verifyDetachedCms } from "./verify-detached-cms";

export interface PdfSignatureCheck extends DetachedCmsCheck {
  byteRange: [number, number, number, number];
  /** The range starts at 0 and ends at the end of the file: nothing was added after this signature. */
  coversWholeFile: boolean;
  /** The dictionary's /SubFilter without its slash, e.g. `ETSI.CAdES.detached`. */
  subFilter: string | null;
}

export interface PdfSealReport {
  /** In the order they were applied (by where their ranges end). */
  signatures: PdfSignatureCheck[];
  /** The last signature covers the whole file, its digest matches and its signature verifies. */
  sealed: boolean;
  /** Every signature's digest matches and the last one covers the whole file. */
  intact: boolean;
}

type ByteRange = PdfSignatureCheck["byteRange"];

const byteRangeKey = Buffer.from("/ByteRange", "latin1");
const subFilterKey = Buffer.from("/SubFilter", "latin1");
const endobj = Buffer.from("endobj", "latin1");
/** A hostile file could hold any number of ByteRanges; real ones hold a signature per signer and a seal. */
const maxSignatures = 64;
/** Far beyond any real signature (Acrobat reserves tens of kilobytes), and short enough to decode at once. */
const maxContentsLength = 16 * 1024 * 1024;
/** How far from the ByteRange (beyond the Contents string) the rest of the signature dictionary is looked for. */
const dictionaryReach = 4096;

/**
 * Checks every signature in a PDF without parsing the PDF: each `/ByteRange [a b c d]`, the `<hex>` CMS in the gap
 * between its two parts, and the digest and signature that CMS holds. Never throws: whatever cannot be read becomes
 * a signature's `problem`.
 */
export function inspectPdfSeal(bytes: Uint8Array): PdfSealReport {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const usedGapEdges = new Set<number>();
  const signatures = findByteRanges(pdf).map(({ range, at }) => checkSignature(pdf, range, at, usedGapEdges));
  const last = signatures.at(-1);
  return {
    signatures,
    sealed: last?.coversWholeFile === true && last.digestMatches && last.signatureValid,
    intact: last?.coversWholeFile === true && signatures.every((signature) => signature.digestMatches),
  };
}

/** Distinct well-formed ByteRanges (a signature dictionary may be written again in a later update), oldest first. */
function findByteRanges(pdf: Buffer): { range: ByteRange; at: number }[] {
  const found = new Map<string, { range: ByteRange; at: number }>();
  for (let at = pdf.indexOf(byteRangeKey); at !== -1 && found.size < maxSignatures; ) {
    const range = parseByteRange(pdf, at + byteRangeKey.length);
    if (range && !found.has(range.join(" "))) found.set(range.join(" "), { range, at });
    at = pdf.indexOf(byteRangeKey, at + byteRangeKey.length);
  }
  return [...found.values()].sort((x, y) => x.range[2] + x.range[3] - (y.range[2] + y.range[3]) || x.at - y.at);
}

function parseByteRange(pdf: Buffer, from: number): ByteRange | null {
  let at = skipWhitespace(pdf, from);
  if (pdf[at] !== 0x5b /* [ */) return null;
  const numbers: number[] = [];
  at = skipWhitespace(pdf, at + 1);
  while (numbers.length < 4) {
    const start = at;
    while (at < pdf.length && at - start < 16 && isDigit(pdf[at])) at++;
    if (at === start || isDigit(pdf[at])) return null;
    numbers.push(Number(pdf.toString("latin1", start, at)));
    at = skipWhitespace(pdf, at);
  }
  if (pdf[at] !== 0x5d /* ] */) return null;
  const [a = 0, b = 0, c = 0, d = 0] = numbers;
  return [a, b, c, d];
}

/**
 * `usedGapEdges` holds where the gaps of the signatures checked so far start and end. Each real signature has a
 * /Contents of its own, so a gap that shares an edge with another is not decoded again: a crafted file with many
 * ranges over one long string would otherwise cost a decoding each.
 */
function checkSignature(pdf: Buffer, byteRange: ByteRange, at: number, usedGapEdges: Set<number>): PdfSignatureCheck {
  const [a, b, c, d] = byteRange;
  const check: PdfSignatureCheck = {
    byteRange,
    coversWholeFile: a === 0 && c + d === pdf.length,
    digestMatches: false,
    signatureValid: false,
    signerName: null,
    certificateFingerprintSha256: null,
    subFilter: null,
    problem: null,
  };
  const inBounds = a + b <= c && c + d <= pdf.length;
  try {
    check.subFilter = readSubFilter(pdf, at, inBounds ? [a + b, c] : [at, at]);
    if (!inBounds) return { ...check, problem: "The signed byte range reaches past the end of the file." };
    if (usedGapEdges.has(a + b) || usedGapEdges.has(c)) {
      return { ...check, problem: "The signature's /Contents is shared with another signature." };
    }
    usedGapEdges.add(a + b).add(c);
    const der = readContents(pdf, a + b, c);
    if (typeof der === "string") return { ...check, problem: der };
    const cms = verifyDetachedCms(der, (hash) => hash.update(pdf.subarray(a, a + b)).update(pdf.subarray(c, c + d)));
    return { ...check, ...cms };
  } catch (error) {
    return { ...check, problem: `The signature could not be read: ${(error as Error).message}` };
  }
}

/** The CMS in the gap, which must be exactly a `<hex>` string, trimmed of the zeros that pad the placeholder. */
function readContents(pdf: Buffer, start: number, end: number): Uint8Array | string {
  const notHex = "The signature's /Contents is not a hex string filling the gap in the byte range.";
  if (end - start < 2 || pdf[start] !== 0x3c /* < */ || pdf[end - 1] !== 0x3e /* > */) return notHex;
  if (end - start > maxContentsLength) return "The signature's /Contents is too large to be a signature.";
  const decoded = Buffer.alloc(Math.ceil((end - start - 2) / 2));
  let length = 0;
  let high = -1;
  for (let at = start + 1; at < end - 1; at++) {
    const byte = pdf[at] ?? 0;
    if (isWhitespace(byte)) continue;
    const nibble = hexValue(byte);
    if (nibble < 0) return notHex;
    if (high < 0) high = nibble;
    else {
      decoded[length++] = (high << 4) | nibble;
      high = -1;
    }
  }
  if (high >= 0) decoded[length++] = high << 4;
  const der = decoded.subarray(0, length);
  if (der[0] !== 0x30) return "The signature's /Contents does not hold a CMS structure.";
  // An indefinite (BER) length cannot be measured here; the CMS parser finds its end itself.
  if (der[1] === 0x80) return der;
  const head = derHeader(der, 0);
  if (!head) return "The signature's /Contents does not hold a CMS structure.";
  if (head.header + head.length > der.length) return "The signature's /Contents is cut short.";
  return der.subarray(0, head.header + head.length);
}

/** The name after the nearest /SubFilter of the same object as the ByteRange at `at`, skipping the Contents `gap`. */
function readSubFilter(pdf: Buffer, at: number, gap: [number, number]): string | null {
  const low = Math.max(0, Math.min(at, gap[0]) - dictionaryReach);
  const high = Math.min(pdf.length, Math.max(at, gap[1]) + dictionaryReach);
  const window = pdf.subarray(low, high);
  // The object around the ByteRange, found once: a /SubFilter past an `endobj` belongs to another object.
  const before = pdf.lastIndexOf(endobj, at);
  const after = pdf.indexOf(endobj, at);
  const objectStart = before === -1 ? 0 : before + endobj.length;
  const objectEnd = after === -1 ? pdf.length : after;
  let nearest: number | null = null;
  for (let index = window.indexOf(subFilterKey); index !== -1; index = window.indexOf(subFilterKey, index + 1)) {
    const found = low + index;
    const sameObject = found >= objectStart && found + subFilterKey.length <= objectEnd;
    const outsideGap = found + subFilterKey.length <= gap[0] || found >= gap[1];
    const nearer = nearest === null || Math.abs(found - at) < Math.abs(nearest - at);
    if (sameObject && outsideGap && nearer) nearest = found;
  }
  if (nearest === null) return null;
  let start = skipWhitespace(pdf, nearest + subFilterKey.length);
  if (pdf[start] !== 0x2f /* / */) return null;
  start++;
  let end = start;
  while (end < pdf.length && end - start < 127 && isRegular(pdf[end])) end++;
  return end > start ? pdf.toString("latin1", start, end) : null;
}

function skipWhitespace(pdf: Buffer, from: number): number {
  let at = from;
  while (at < pdf.length && isWhitespace(pdf[at])) at++;
  return at;
}

function isWhitespace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
}

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

/** Not whitespace and not a PDF delimiter: a byte that can continue a name. */
function isRegular(byte: number | undefined): boolean {
  return byte !== undefined && byte > 0x20 && byte < 0x7f && !"()<>[]{}/%".includes(String.fromCharCode(byte));
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}
