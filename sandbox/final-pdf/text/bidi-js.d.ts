// bidi-js ships no type declarations; these cover the functions the sandbox calls.
declare module "bidi-js" {
  export interface EmbeddingLevels {
    /** One level per UTF-16 code unit: odd is right-to-left. */
    levels: Uint8Array;
    paragraphs: { start: number; end: number; level: number }[];
  }
  export interface Bidi {
    getEmbeddingLevels(text: string, direction?: "ltr" | "rtl" | "auto"): EmbeddingLevels;
  }
  export default function bidiFactory(): Bidi;
}
