import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The fonts the sandbox prints people's text with, Noto families (SIL OFL 1.1) from maintained packages. A face is
 * read only when a text holds a character of its `ranges` that the faces before it lack: the CJK files (4–8 MB each)
 * are read only for a document that needs them.
 */
export interface FaceSource {
  /** The PostScript-style name the embedded font carries after its subset tag. */
  name: string;
  packageName: string;
  /** The file inside the package. */
  file: string;
  /** Code points this face is tried for (the first face, Latin/Greek/Cyrillic, is tried for every character). */
  ranges: readonly (readonly [number, number])[];
}

const han: readonly (readonly [number, number])[] = [
  [0x2e80, 0x2fdf], // CJK radicals, Kangxi radicals
  [0x3000, 0x303f], // CJK symbols and punctuation
  [0x3100, 0x312f], // Bopomofo
  [0x31a0, 0x31bf],
  [0x3200, 0x33ff], // enclosed CJK, compatibility
  [0x3400, 0x4dbf], // extension A
  [0x4e00, 0x9fff], // unified ideographs
  [0xf900, 0xfaff], // compatibility ideographs
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef], // half- and full-width forms
  [0x20000, 0x2ffff], // extensions B and later
];
const kana: readonly (readonly [number, number])[] = [
  [0x3040, 0x30ff],
  [0x31f0, 0x31ff],
];
export const hangul: readonly (readonly [number, number])[] = [
  [0x1100, 0x11ff],
  [0x3130, 0x318f],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
];

export const latin: FaceSource = {
  name: "NotoSans-Regular",
  packageName: "@embedpdf/fonts-latin",
  file: "fonts/NotoSans-Regular.ttf",
  ranges: [[0, 0x10ffff]],
};

/** In the order they are tried; for Han, a run is given the first CJK face that has all of it (see itemize.ts). */
export const faceSources: readonly FaceSource[] = [
  latin,
  {
    name: "NotoNaskhArabic-Regular",
    packageName: "@embedpdf/fonts-arabic",
    file: "fonts/NotoNaskhArabic-Regular.ttf",
    ranges: [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x08a0, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
  },
  {
    name: "NotoSansHebrew-Regular",
    packageName: "@embedpdf/fonts-hebrew",
    file: "fonts/NotoSansHebrew-Regular.ttf",
    ranges: [
      [0x0590, 0x05ff],
      [0xfb1d, 0xfb4f],
    ],
  },
  {
    name: "NotoSansDevanagari-Regular",
    packageName: "@expo-google-fonts/noto-sans-devanagari",
    file: "400Regular/NotoSansDevanagari_400Regular.ttf",
    ranges: [
      [0x0900, 0x097f],
      [0xa8e0, 0xa8ff],
      [0x1cd0, 0x1cff],
    ],
  },
  {
    name: "NotoSansThai-Regular",
    packageName: "@expo-google-fonts/noto-sans-thai",
    file: "400Regular/NotoSansThai_400Regular.ttf",
    ranges: [[0x0e00, 0x0e7f]],
  },
  {
    name: "NotoSansSC-Regular",
    packageName: "@embedpdf/fonts-sc",
    file: "fonts/NotoSansHans-Regular.otf",
    ranges: [...han, ...kana],
  },
  {
    name: "NotoSansTC-Regular",
    packageName: "@embedpdf/fonts-tc",
    file: "fonts/NotoSansHant-Regular.otf",
    ranges: [...han, ...kana],
  },
  {
    name: "NotoSansJP-Regular",
    packageName: "@embedpdf/fonts-jp",
    file: "fonts/NotoSansJP-Regular.otf",
    ranges: [...han, ...kana],
  },
  {
    name: "NotoSansKR-Regular",
    packageName: "@embedpdf/fonts-kr",
    file: "fonts/NotoSansKR-Regular.otf",
    ranges: [...han, ...kana, ...hangul],
  },
];

export const isHangul = (codePoint: number) => hangul.some(([from, to]) => codePoint >= from && codePoint <= to);
export const isKana = (codePoint: number) => kana.some(([from, to]) => codePoint >= from && codePoint <= to);

export function inRanges(source: FaceSource, codePoint: number): boolean {
  return source.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

/** Where a face's file is on this machine (resolved through its package, so a moved install still finds it). */
export function facePath(source: FaceSource): string {
  // Resolved through the package's entry: the @embedpdf packages do not export their package.json.
  let root = path.dirname(createRequire(import.meta.url).resolve(source.packageName));
  while (!root.endsWith(path.join("node_modules", source.packageName))) {
    const parent = path.dirname(root);
    if (parent === root) throw new Error(`The font package ${source.packageName} is not installed.`);
    root = parent;
  }
  return path.join(root, source.file);
}

const files = new Map<FaceSource, Promise<Uint8Array>>();

/** A face's bytes, read once per process (a failed read is tried again next time). */
export function faceBytes(source: FaceSource): Promise<Uint8Array> {
  let file = files.get(source);
  if (file === undefined) {
    file = readFile(facePath(source)).then((buffer) => new Uint8Array(buffer));
    files.set(source, file);
    file.catch(() => files.delete(source));
  }
  return file;
}
