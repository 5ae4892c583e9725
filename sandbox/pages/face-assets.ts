import { cjkFaces, type FaceSource, facePath, faceSources, hangul } from "../final-pdf/text/font-faces";

/**
 * The final PDF's faces, served to the signing page so that a typed signature's preview draws any script the PDF
 * prints (the machine's own fonts may have none for it): one family, "Signdesk Noto", a face per script with its
 * characters as the face's unicode-range, so the browser fetches a face only for a name that needs it.
 */
export const faceFamily = "Signdesk Noto";

export const faceAssetName = (source: FaceSource) =>
  `face-${source.name}${source.file.endsWith(".otf") ? ".otf" : ".ttf"}`;

/** Asset name → the face's file and type. */
export function faceAssets(): Record<string, { file: string; contentType: string }> {
  return Object.fromEntries(
    faceSources.map((source) => [
      faceAssetName(source),
      { file: facePath(source), contentType: source.file.endsWith(".otf") ? "font/otf" : "font/ttf" },
    ]),
  );
}

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase();

/**
 * What each face is declared for on the page. A browser fetches every face of a family whose unicode-range meets the
 * text, so the CJK faces must not overlap there (else a Chinese name would fetch four files, 23 MB): Simplified
 * Chinese takes Han and kana, Korean only Hangul; Traditional Chinese and Japanese are left to the PDF.
 */
function pageRanges(source: FaceSource): FaceSource["ranges"] | null {
  if (source === cjkFaces.kr) return hangul;
  if (source === cjkFaces.tc || source === cjkFaces.jp) return null;
  return source.ranges;
}

/**
 * The @font-face rules. A browser tries a family's faces from the last declared, so Noto Sans (every character)
 * comes first.
 */
export function faceStylesCss(prefix: string): string {
  return faceSources
    .flatMap((source) => {
      const ranges = pageRanges(source);
      if (ranges === null) return [];
      const range = ranges.map(([from, to]) => `U+${hex(from)}-${hex(to)}`).join(", ");
      return [
        `@font-face {\n  font-family: "${faceFamily}";\n  src: url("${prefix}${faceAssetName(source)}");\n  unicode-range: ${range};\n  font-display: block;\n}\n`,
      ];
    })
    .join("\n");
}
