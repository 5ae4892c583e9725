import { describe, expect, it } from "vitest";
import { copyName, nameFromFile } from "../../common/draft-names";
import {
  safeFileName,
  safeFileNameKeepingExtension,
  shorten,
  splitExtension,
  utf8Length,
} from "../../common/file-names";
import { signedPdfName } from "../../main/downloads/file-names";
import { fileNameProblems } from "../support/safe-file-name-check";
import { seededRandom } from "../support/seeded-random";

const cjk200 = "契約書".repeat(67).slice(0, 200);
const deviceNames = [
  ..."CON PRN AUX NUL CONIN$ CONOUT$".split(" "),
  ...[..."0123456789¹²³"].flatMap((digit) => [`COM${digit}`, `LPT${digit}`]),
];

function problemsOf(name: string): string[] {
  const problems = fileNameProblems(name);
  if (Buffer.byteLength(name, "utf8") !== utf8Length(name)) problems.push("utf8Length disagrees with Buffer");
  return problems;
}

const alphabet = [
  ..."aZ09 ._-()[]~$",
  ...'<>:"/\\|?*',
  "\0",
  "\t",
  "\n",
  "\u007f",
  "\u0085",
  "\u200b",
  "\u202e",
  "\u2066",
  "\ud800",
  "\udfff",
  "é",
  "e\u0301",
  "契",
  "😀",
  "👩‍👩‍👧",
  "🇫🇷",
  "¹",
  "\u00a0",
  "\u3000",
  "CON",
  "nul",
  "Com1",
  "LPT²",
  ".pdf",
];

function hostileName(next: () => number): string {
  const length = Math.floor(next() * (next() < 0.2 ? 400 : 12));
  let name = "";
  for (let i = 0; i < length; i += 1) name += alphabet[Math.floor(next() * alphabet.length)];
  return name;
}

describe("safe file names (common/file-names.ts)", () => {
  it.each([
    ["CON", "CON_"],
    ["con", "con_"],
    ["Con.pdf", "Con_.pdf"],
    ["NUL.tar.gz", "NUL_.tar.gz"],
    ["nul .txt", "nul_ .txt"],
    ["AUX", "AUX_"],
    ["PRN.", "PRN_"],
    ["COM1", "COM1_"],
    ["com0.pdf", "com0_.pdf"],
    ["LPT9", "LPT9_"],
    ["COM¹", "COM¹_"],
    ["lpt³.doc", "lpt³_.doc"],
    ["CONIN$", "CONIN$_"],
    ["conout$.log", "conout$_.log"],
    ["COM10", "COM10"],
    ["CONSOLE", "CONSOLE"],
    ["Lease: Flat 2/B", "Lease Flat 2 B"],
    ['a<b>c:d"e/f\\g|h?i*j', "a b c d e f g h i j"],
    ["a\0b", "a b"],
    ["tab\there\nnew line\r", "tab here new line"],
    ["\u0085C1 control\u009f", "C1 control"],
    [".", "Untitled"],
    ["..", "Untitled"],
    ["...", "Untitled"],
    [" . . ", "Untitled"],
    ["", "Untitled"],
    ["\0", "Untitled"],
    [".bashrc", "bashrc"],
    ["../../etc/passwd", "etc passwd"],
    ["/etc/passwd", "etc passwd"],
    ["C:\\Windows\\system32", "C Windows system32"],
    ["trailing dots...", "trailing dots"],
    ["trailing spaces   ", "trailing spaces"],
    ["invoice\u202efdp.exe", "invoicefdp.exe"],
    ["lone \ud800 surrogate", "lone surrogate"],
    ["e\u0301", "é"],
    ["Ünïcödé 契約 😀", "Ünïcödé 契約 😀"],
  ])("%j becomes %j", (name, expected) => {
    const safe = safeFileName(name);
    expect(safe).toBe(expected);
    expect(problemsOf(safe)).toEqual([]);
  });

  it("checks the name with its suffix: a device name before the first dot is avoided, else kept as is", () => {
    expect(safeFileName("CON", { suffix: " - signed.pdf" })).toBe("CON - signed.pdf");
    expect(safeFileName("con.pdf", { suffix: " - signed.pdf" })).toBe("con_.pdf - signed.pdf");
    expect(safeFileName("NUL.tar.gz", { suffix: " - signed (2).pdf" })).toBe("NUL_.tar.gz - signed (2).pdf");
    expect(safeFileName("CON", { suffix: ".pdf" })).toBe("CON_.pdf");
    expect(safeFileName("..", { suffix: ".pdf", fallback: "Signed document" })).toBe("Signed document.pdf");
    expect(() => safeFileName("x", { suffix: "/.pdf" })).toThrow(TypeError);
    expect(() => safeFileName("x", { suffix: ".pdf." })).toThrow(TypeError);
    expect(() => safeFileName("x", { suffix: ".pdf", maxBytes: 10 })).toThrow(RangeError);
  });

  it("shortens to 255 UTF-8 bytes between characters as seen, keeping the suffix or extension", () => {
    const ascii = safeFileName("x".repeat(300), { suffix: " - signed.pdf" });
    expect(utf8Length(ascii)).toBe(255);
    expect(ascii.endsWith("x - signed.pdf")).toBe(true);

    // 200 CJK characters are 600 bytes: 83 of them fit before ".pdf" (3 bytes each: 249 + 4 bytes).
    const cjk = safeFileNameKeepingExtension(`${cjk200}.pdf`);
    expect(cjk).toBe(`${cjk200.slice(0, 83)}.pdf`);
    expect(utf8Length(cjk)).toBe(253);

    // Never half an emoji (a surrogate pair, 4 bytes), nor a family emoji's parts, nor a letter without its accent.
    for (const unit of ["😀", "👩‍👩‍👧", "🇫🇷", "e\u0301\u0302"]) {
      for (let pad = 0; pad < 8; pad += 1) {
        const name = safeFileName(`${"a".repeat(pad)}${unit.repeat(100)}`, { suffix: ".pdf" });
        expect(problemsOf(name), name).toEqual([]);
        const stem = name.slice(pad, -".pdf".length);
        const whole = unit.normalize("NFC");
        expect(stem.length % whole.length, `${pad} × ${unit}`).toBe(0);
        expect(stem).toBe(whole.repeat(stem.length / whole.length));
      }
    }
    // A single cluster larger than the room left is dropped whole: the fallback names the file.
    const zalgo = `a${"\u0301".repeat(300)}`;
    expect(safeFileName(zalgo, { fallback: "Document" })).toBe("Document");
    // Shortening that leaves a device name is caught too.
    expect(safeFileName(`CONx${"\u0301".repeat(300)}`, { suffix: ".pdf" })).toBe("CON_.pdf");
  });

  it("keeps an extension only when it looks like one", () => {
    expect(splitExtension("Lease.pdf")).toEqual({ stem: "Lease", extension: ".pdf" });
    expect(splitExtension("archive.tar.gz")).toEqual({ stem: "archive.tar", extension: ".gz" });
    expect(splitExtension(".pdf")).toEqual({ stem: "", extension: ".pdf" });
    expect(splitExtension("Report v1. final")).toEqual({ stem: "Report v1. final", extension: "" });
    expect(safeFileNameKeepingExtension("..pdf")).toBe("pdf");
    expect(safeFileNameKeepingExtension("CON.pdf")).toBe("CON_.pdf");
    expect(safeFileNameKeepingExtension("report..pdf")).toBe("report.pdf");
  });

  it("shortens any text at grapheme boundaries, by UTF-16 units or by bytes", () => {
    expect(shorten("ab😀", 3)).toBe("ab");
    expect(shorten("ab😀", 4)).toBe("ab😀");
    expect(shorten("契約", 5, utf8Length)).toBe("契");
    expect(shorten("short", 100)).toBe("short");
  });

  it("gives a safe, stable name for thousands of generated hostile names", () => {
    const next = seededRandom(12);
    for (let i = 0; i < 3000; i += 1) {
      const name = hostileName(next);
      for (const safe of [
        safeFileName(name),
        safeFileNameKeepingExtension(name),
        safeFileName(name, { suffix: " - signed (12).pdf" }),
      ]) {
        expect(problemsOf(safe), JSON.stringify(name)).toEqual([]);
      }
      const once = safeFileName(name);
      expect(safeFileName(once), JSON.stringify(name)).toBe(once);
    }
  });
});

describe("names the app makes from them", () => {
  it("downloads: '<name> - signed.pdf', safe for every hostile document name", () => {
    expect(signedPdfName("Lease: Flat 2/B")).toBe("Lease Flat 2 B - signed.pdf");
    expect(signedPdfName("Lease", 3)).toBe("Lease - signed (3).pdf");
    expect(signedPdfName("CON")).toBe("CON - signed.pdf");
    expect(signedPdfName("con.pdf")).toBe("con_.pdf - signed.pdf");
    expect(signedPdfName("NUL.tar.gz")).toBe("NUL_.tar.gz - signed.pdf");
    expect(signedPdfName("..")).toBe("Signed document - signed.pdf");
    expect(signedPdfName("")).toBe("Signed document - signed.pdf");
    for (const name of [...deviceNames, ...deviceNames.map((device) => `${device.toLowerCase()}.pdf`)]) {
      expect(problemsOf(signedPdfName(name)), name).toEqual([]);
      expect(problemsOf(signedPdfName(name, 2)), name).toEqual([]);
    }
    expect(utf8Length(signedPdfName(cjk200, 9999))).toBeLessThanOrEqual(255);
  });

  it("drafts: named after the file, for any name at all", () => {
    expect(nameFromFile("Lease 2031.pdf")).toBe("Lease 2031");
    expect(nameFromFile("C:\\Users\\ada\\Lease 2031.pdf")).toBe("Lease 2031");
    expect(nameFromFile("/home/ada/Lease.docx")).toBe("Lease");
    expect(nameFromFile("con.pdf")).toBe("con");
    for (const name of [".", "..", ".pdf", "   ", "\0", "a/..", "/", "\u202e"]) {
      expect(nameFromFile(name), JSON.stringify(name)).toBe("Untitled draft");
    }
    expect(nameFromFile("a\0b.pdf")).toBe("a b");
    expect(nameFromFile(`${cjk200}.pdf`)).toBe(cjk200);
    expect(nameFromFile(`${"😀".repeat(150)}.pdf`)).toBe("😀".repeat(100));
    expect(nameFromFile(`x${"😀".repeat(150)}.pdf`)).toBe(`x${"😀".repeat(99)}`);
    expect(copyName(`x${"😀".repeat(99)}`)).toBe(`x${"😀".repeat(96)} (copy)`);
  });
});
