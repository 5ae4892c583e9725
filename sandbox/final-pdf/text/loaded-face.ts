import { cffCidLookup } from "./cff-charset";
import { type FaceSource, faceBytes } from "./font-faces";
import { keepWasmOnBaselineCompiler } from "./wasm-tiering";

/** harfbuzzjs (HarfBuzz compiled to WebAssembly) is loaded with the first text drawn, not with the sandbox. */
export type HarfBuzz = typeof import("harfbuzzjs");
let harfBuzz: Promise<HarfBuzz> | undefined;
export const loadHarfBuzz = (): Promise<HarfBuzz> => {
  keepWasmOnBaselineCompiler();
  harfBuzz ??= import("harfbuzzjs");
  return harfBuzz;
};

/** A face read and opened for shaping: its HarfBuzz font (at its own units), coverage and metrics. */
export interface LoadedFace {
  source: FaceSource;
  bytes: Uint8Array;
  font: InstanceType<HarfBuzz["Font"]>;
  unitsPerEm: number;
  /** Code points the face maps to a glyph. */
  covers: (codePoint: number) => boolean;
  /** The face has CFF outlines (OpenType/CFF), else TrueType ones. */
  isCff: boolean;
  /** A CFF face's CID for a glyph (its charset's entry); null for a TrueType face. */
  cffCid: ((gid: number) => number) | null;
}

const loaded = new Map<FaceSource, Promise<LoadedFace>>();

/** Opens a face once per process (a failed open is tried again next time). */
export function loadFace(source: FaceSource): Promise<LoadedFace> {
  let face = loaded.get(source);
  if (face === undefined) {
    face = open(source);
    loaded.set(source, face);
    face.catch(() => loaded.delete(source));
  }
  return face;
}

async function open(source: FaceSource): Promise<LoadedFace> {
  const [hb, bytes] = await Promise.all([loadHarfBuzz(), faceBytes(source)]);
  const face = new hb.Face(new hb.Blob(bytes));
  const unicodes = new Set(face.collectUnicodes());
  const isCff = face.referenceTable("CFF ") !== undefined;
  return {
    source,
    bytes,
    font: new hb.Font(face),
    unitsPerEm: face.upem,
    covers: (codePoint) => unicodes.has(codePoint),
    isCff,
    cffCid: isCff ? await cffCidLookup(bytes) : null,
  };
}
