import { describe, expect, it } from "vitest";
import { maxBulkRows } from "../../common/bulk";
import { BulkFileError, readBulkCsv } from "../../main/bulk/read-bulk-csv";

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (bytes: Uint8Array, bom: number[]) => new Uint8Array([...bom, ...bytes]);
function utf16(text: string, order: "le" | "be"): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    out[index * 2 + (order === "le" ? 0 : 1)] = code & 0xff;
    out[index * 2 + (order === "le" ? 1 : 0)] = code >> 8;
  }
  return out;
}
/** Windows-1252 as Excel writes it on Windows: one byte a character (this text's characters all have one). */
function windows1252(text: string): Uint8Array {
  const table: Record<string, number> = { "€": 0x80, "’": 0x92 };
  return new Uint8Array([...text].map((char) => table[char] ?? char.charCodeAt(0)));
}
function refusal(bytes: Uint8Array): string {
  try {
    readBulkCsv(bytes);
  } catch (error) {
    if (error instanceof BulkFileError) return error.message;
    throw error;
  }
  throw new Error("the file was accepted");
}

describe("reading a bulk send's CSV file", () => {
  it("reads Excel's CSV UTF-8 (a BOM, commas, CRLF)", () => {
    const file = readBulkCsv(
      withBom(utf8("Name,Email\r\nÉmile Zola,emile@example.org\r\nAda,ada@example.com\r\n"), [0xef, 0xbb, 0xbf]),
    );
    expect(file).toEqual({
      headers: ["Name", "Email"],
      rows: [
        { line: 2, cells: ["Émile Zola", "emile@example.org"] },
        { line: 3, cells: ["Ada", "ada@example.com"] },
      ],
      encoding: "utf-8",
      delimiter: ",",
    });
  });

  it("reads Excel's CSV in a semicolon locale, in Windows-1252", () => {
    const file = readBulkCsv(
      windows1252(
        "Name;E-Mail;Betreff\r\nJürgen Weiß;jurgen@example.de;Angebot 5 €\r\nZoë O’Neil;zoe@example.ie;Offer\r\n",
      ),
    );
    expect(file.encoding).toBe("windows-1252");
    expect(file.delimiter).toBe(";");
    expect(file.rows.map((row) => row.cells)).toEqual([
      ["Jürgen Weiß", "jurgen@example.de", "Angebot 5 €"],
      ["Zoë O’Neil", "zoe@example.ie", "Offer"],
    ]);
  });

  it("reads Excel's Unicode text (UTF-16LE with a BOM, tabs) and UTF-16BE without one", () => {
    const text = "Name\tEmail\r\n李雷\tli@example.cn\r\n";
    const le = readBulkCsv(withBom(utf16(text, "le"), [0xff, 0xfe]));
    expect(le).toMatchObject({
      encoding: "utf-16le",
      delimiter: "\t",
      rows: [{ line: 2, cells: ["李雷", "li@example.cn"] }],
    });
    const be = readBulkCsv(utf16("Name,Email\nAda,ada@example.com\n", "be"));
    expect(be).toMatchObject({ encoding: "utf-16be", rows: [{ cells: ["Ada", "ada@example.com"] }] });
  });

  it("keeps quoted commas, quotes and line breaks, and counts lines from where each row starts", () => {
    const text =
      'Name,Email,Subject\n"Lovelace, Ada",ada@example.com,"Your ""offer"""\n"Grace\nHopper",grace@example.com,"two\nlines"\nAlan,alan@example.com,x\n';
    const file = readBulkCsv(utf8(text));
    expect(file.rows).toEqual([
      { line: 2, cells: ["Lovelace, Ada", "ada@example.com", 'Your "offer"'] },
      { line: 3, cells: ["Grace\nHopper", "grace@example.com", "two\nlines"] },
      { line: 6, cells: ["Alan", "alan@example.com", "x"] },
    ]);
  });

  it("skips blank lines without losing count (Google Sheets, LibreOffice trailing rows)", () => {
    const file = readBulkCsv(utf8("\nName,Email\n\nAda,ada@example.com\n,\n\n"));
    expect(file.headers).toEqual(["Name", "Email"]);
    expect(file.rows).toEqual([{ line: 4, cells: ["Ada", "ada@example.com"] }]);
  });

  it(`accepts ${maxBulkRows.toLocaleString("en")} rows and refuses one more`, () => {
    const rows = (count: number) =>
      utf8(
        ["Name,Email", ...Array.from({ length: count }, (_, index) => `P${index},p${index}@example.com`)].join("\n"),
      );
    expect(readBulkCsv(rows(maxBulkRows)).rows).toHaveLength(maxBulkRows);
    expect(refusal(rows(maxBulkRows + 1))).toBe(
      "This file has 10,001 rows; at most 10,000 can be sent at once. Split it into smaller files.",
    );
  });

  it("refuses what is not a CSV file, saying what it is", () => {
    expect(refusal(new Uint8Array())).toBe("This file is empty.");
    expect(refusal(utf8("  \n\n"))).toMatch(/only blank space/);
    expect(refusal(utf8("%PDF-1.7\n"))).toMatch(/^This file is a PDF, not a CSV file/);
    expect(refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toMatch(/Excel workbook \(\.xlsx\).*CSV UTF-8/);
    expect(refusal(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toMatch(/old Excel \(\.xls\)/);
    expect(refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 1, 0, 0, 0]))).toMatch(/not text/);
    expect(refusal(utf8("Name,Email\n"))).toBe("This file has a header row but no rows under it.");
    expect(refusal(utf8("Email\nada@example.com\n"))).toMatch(/single column/);
    expect(refusal(utf8('Name,Email\nAda,ada@example.com\n"Bo,bo@example.com\n'))).toMatch(
      /^Line 3 opens a quoted cell/,
    );
    expect(refusal(new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41))).toMatch(/at most 10\.0 MB/);
  });
});
