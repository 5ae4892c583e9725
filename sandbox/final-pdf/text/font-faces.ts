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

/** A face from an @expo-google-fonts package (each ships every weight; the Regular one is read). */
function expoFace(script: string, ranges: FaceSource["ranges"]): FaceSource {
  const family = `NotoSans${script}`;
  return {
    name: `${family}-Regular`,
    packageName: `@expo-google-fonts/noto-sans-${script.toLowerCase()}`,
    file: `400Regular/${family}_400Regular.ttf`,
    ranges,
  };
}

/** The faces made for one script each: tried before Noto Sans for the characters of their ranges. */
export const scriptFaces: readonly FaceSource[] = [
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
  expoFace("Devanagari", [
    [0x0900, 0x097f],
    [0xa8e0, 0xa8ff],
    [0x1cd0, 0x1cff],
  ]),
  expoFace("Bengali", [[0x0980, 0x09ff]]),
  expoFace("Gurmukhi", [[0x0a00, 0x0a7f]]),
  expoFace("Gujarati", [[0x0a80, 0x0aff]]),
  expoFace("Oriya", [[0x0b00, 0x0b7f]]),
  expoFace("Tamil", [
    [0x0b80, 0x0bff],
    [0x11fc0, 0x11fff],
  ]),
  expoFace("Telugu", [[0x0c00, 0x0c7f]]),
  expoFace("Kannada", [[0x0c80, 0x0cff]]),
  expoFace("Malayalam", [[0x0d00, 0x0d7f]]),
  expoFace("Sinhala", [[0x0d80, 0x0dff]]),
  expoFace("Thai", [[0x0e00, 0x0e7f]]),
  expoFace("Lao", [[0x0e80, 0x0eff]]),
  expoFace("Myanmar", [
    [0x1000, 0x109f],
    [0xa9e0, 0xa9ff],
    [0xaa60, 0xaa7f],
  ]),
  expoFace("Georgian", [
    [0x10a0, 0x10ff],
    [0x1c90, 0x1cbf],
    [0x2d00, 0x2d2f],
  ]),
  expoFace("Armenian", [
    [0x0530, 0x058f],
    [0xfb13, 0xfb17],
  ]),
  expoFace("Ethiopic", [
    [0x1200, 0x139f],
    [0x2d80, 0x2ddf],
    [0xab00, 0xab2f],
  ]),
  expoFace("Khmer", [
    [0x1780, 0x17ff],
    [0x19e0, 0x19ff],
  ]),
  // Noto Emoji, the monochrome one: a PDF font draws in one colour. Its ligatures join ZWJ sequences and flags.
  {
    name: "NotoEmoji-Regular",
    packageName: "@expo-google-fonts/noto-emoji",
    file: "400Regular/NotoEmoji_400Regular.ttf",
    ranges: [
      [0x2300, 0x23ff],
      [0x2600, 0x27bf],
      [0x2b00, 0x2bff],
      [0x1f000, 0x1faff],
      [0xe0020, 0xe007f],
    ],
  },
  // Symbols in text style that neither Noto Sans nor Noto Emoji has (✓, ☐, ★ among them).
  {
    name: "NotoSansSymbols2-Regular",
    packageName: "@expo-google-fonts/noto-sans-symbols-2",
    file: "400Regular/NotoSansSymbols2_400Regular.ttf",
    ranges: [
      [0x2190, 0x2bff],
      [0x1f000, 0x1fbff],
    ],
  },
];

/** The CJK faces (Noto Sans CJK, CFF outlines, 4–8 MB each); for Han, itemize.ts picks among them by the line. */
export const cjkFaces = {
  sc: {
    name: "NotoSansSC-Regular",
    packageName: "@embedpdf/fonts-sc",
    file: "fonts/NotoSansHans-Regular.otf",
    ranges: [...han, ...kana],
  },
  tc: {
    name: "NotoSansTC-Regular",
    packageName: "@embedpdf/fonts-tc",
    file: "fonts/NotoSansHant-Regular.otf",
    ranges: [...han, ...kana],
  },
  jp: {
    name: "NotoSansJP-Regular",
    packageName: "@embedpdf/fonts-jp",
    file: "fonts/NotoSansJP-Regular.otf",
    ranges: [...han, ...kana],
  },
  kr: {
    name: "NotoSansKR-Regular",
    packageName: "@embedpdf/fonts-kr",
    file: "fonts/NotoSansKR-Regular.otf",
    ranges: [...han, ...kana, ...hangul],
  },
} as const satisfies Record<string, FaceSource>;

/** Every face the sandbox may print with. */
export const faceSources: readonly FaceSource[] = [latin, ...scriptFaces, ...Object.values(cjkFaces)];

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
