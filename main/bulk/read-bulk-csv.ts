import Papa from "papaparse";
import { maxBulkFileBytes, maxBulkRows } from "../../common/bulk";
import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";

export type BulkFileEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";
export type BulkFileDelimiter = "," | ";" | "\t";

export interface BulkFile {
  headers: string[];
  /** Each data row's cells, and its line in the file (where it starts). */
  rows: { line: number; cells: string[] }[];
  encoding: BulkFileEncoding;
  delimiter: BulkFileDelimiter;
}

/** A file that cannot be a bulk send's: its message says why, for the person. */
export class BulkFileError extends UserError {
  override readonly name = "BulkFileError";

  constructor(words: Phrase | string) {
    super("invalid_file", words);
  }
}

const messages = defineMessages({
  notText: {
    id: "main.bulk.file.notText",
    defaultMessage: "This file is not text (it holds binary data): choose a CSV file saved from a spreadsheet.",
  },
  empty: { id: "main.bulk.file.empty", defaultMessage: "This file is empty." },
  tooLarge: {
    id: "main.bulk.file.tooLarge",
    defaultMessage:
      "This file is {size, number, ::.0} MB; a bulk send file can be at most {limit, number, ::.0} MB. Split it into smaller files.",
  },
  notCsv: {
    id: "main.bulk.file.notCsv",
    defaultMessage:
      "This file is {what, select, pdf {a PDF} zip {an Excel workbook (.xlsx) or another zipped file: in Excel choose File › Save As › CSV UTF-8, then pick that file} other {an old Excel (.xls) or Word file: save it as CSV (comma-separated values) first}}, not a CSV file.",
  },
  blank: { id: "main.bulk.file.blank", defaultMessage: "This file has no rows: it holds only blank space." },
  openQuote: {
    id: "main.bulk.file.openQuote",
    defaultMessage:
      'Line {line, number} opens a quoted cell that is never closed (a " missing): fix it in the spreadsheet and save the file again.',
  },
  noRows: { id: "main.bulk.file.noRows", defaultMessage: "This file has no rows." },
  oneColumn: {
    id: "main.bulk.file.oneColumn",
    defaultMessage:
      "This file has a single column: a bulk send needs at least a name and an e-mail column (separated by commas, semicolons or tabs).",
  },
  headerOnly: { id: "main.bulk.file.headerOnly", defaultMessage: "This file has a header row but no rows under it." },
  tooManyRows: {
    id: "main.bulk.file.tooManyRows",
    defaultMessage:
      "This file has {count, number} rows; at most {limit, number} can be sent at once. Split it into smaller files.",
  },
});

const megabytes = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

/** Files people pick by mistake, by their first bytes. */
const signatures: { bytes: number[]; what: "pdf" | "zip" | "ole" }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], what: "pdf" },
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    what: "zip",
  },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0],
    what: "ole",
  },
];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

/**
 * The text of the file: a byte order mark says UTF-8 or UTF-16 (Excel's "Unicode text" is UTF-16LE with tabs); UTF-16
 * without one shows by its zero bytes; otherwise UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what Excel
 * writes for "CSV (comma delimited)" on Windows in Western Europe and the Americas).
 */
function decode(bytes: Uint8Array): { text: string; encoding: BulkFileEncoding } {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf]))
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  if (startsWith(bytes, [0xff, 0xfe]))
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  if (startsWith(bytes, [0xfe, 0xff]))
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096));
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < sample.length; index += 1)
    if (sample[index] === 0) {
      if (index % 2 === 0) evenZeros += 1;
      else oddZeros += 1;
    }
  // Text in UTF-16 has a zero in every other byte for Latin letters; a binary file has zeros anywhere.
  const half = sample.length / 2;
  if (oddZeros > half * 0.3 && evenZeros < half * 0.05)
    return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le" };
  if (evenZeros > half * 0.3 && oddZeros < half * 0.05)
    return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "utf-16be" };
  if (evenZeros + oddZeros > 0) throw new BulkFileError(phrase(messages.notText));
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** The line each row starts on: 1 plus the line breaks before its first character. */
function lineCounter(text: string) {
  let counted = 0;
  let line = 1;
  return (offset: number) => {
    for (; counted < offset; counted += 1) {
      const char = text.charCodeAt(counted);
      // \r\n counts once (at its \n); a lone \r (old Mac files) counts too.
      if (char === 10 || (char === 13 && text.charCodeAt(counted + 1) !== 10)) line += 1;
    }
    return line;
  };
}

/**
 * Reads a bulk send's CSV file: its encoding and delimiter (comma, semicolon or tab, as Papa Parse finds it from the
 * first rows), quoted cells with delimiters, quotes and line breaks in them, and each row's line for the messages.
 * Refuses what cannot be one, saying why: an empty or over-large file, one that is not text (a PDF, an .xlsx), a
 * quote never closed, a header alone, more than 10,000 rows.
 */
export function readBulkCsv(bytes: Uint8Array): BulkFile {
  if (bytes.length === 0) throw new BulkFileError(phrase(messages.empty));
  if (bytes.length > maxBulkFileBytes)
    throw new BulkFileError(
      phrase(messages.tooLarge, { size: megabytes(bytes.length), limit: megabytes(maxBulkFileBytes) }),
    );
  const known = signatures.find((signature) => startsWith(bytes, signature.bytes));
  if (known !== undefined) throw new BulkFileError(phrase(messages.notCsv, { what: known.what }));
  const { text, encoding } = decode(bytes);
  if (text.trim() === "") throw new BulkFileError(phrase(messages.blank));

  // The delimiter is guessed from the first rows without blank lines (they would make every guess look uneven); the
  // whole file is then read with it, blank lines kept, so that each row's offset gives its line.
  const guessed = Papa.parse<string[]>(text.slice(0, 64 * 1024), {
    delimitersToGuess: [",", ";", "\t"],
    skipEmptyLines: "greedy",
    preview: 50,
  }).meta.delimiter;
  const delimiter: BulkFileDelimiter = guessed === ";" || guessed === "\t" ? guessed : ",";
  const records: { offset: number; cells: string[] }[] = [];
  let quoteProblem: number | null = null;
  let offset = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result) => {
      if (result.errors.some((error) => error.type === "Quotes")) quoteProblem ??= offset;
      records.push({ offset, cells: result.data });
      offset = result.meta.cursor;
    },
  });
  const lineAt = lineCounter(text);
  if (quoteProblem !== null) throw new BulkFileError(phrase(messages.openQuote, { line: lineAt(quoteProblem) }));
  const located = records.map((record) => ({ line: lineAt(record.offset), cells: record.cells }));
  const header = located.find((record) => record.cells.some((cell) => cell.trim() !== ""));
  if (header === undefined) throw new BulkFileError(phrase(messages.noRows));
  const headers = header.cells.map((cell) => cell.trim());
  if (headers.length < 2) throw new BulkFileError(phrase(messages.oneColumn));
  const rows = located.filter((record) => record.line > header.line && record.cells.some((cell) => cell.trim() !== ""));
  if (rows.length === 0) throw new BulkFileError(phrase(messages.headerOnly));
  if (rows.length > maxBulkRows)
    throw new BulkFileError(phrase(messages.tooManyRows, { count: rows.length, limit: maxBulkRows }));
  return { headers, rows, encoding, delimiter };
}
