import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { keepWasmOnBaselineCompiler } from "./wasm-tiering";

/**
 * HarfBuzz's subsetter (hb-subset, shipped by harfbuzzjs as its own WebAssembly module without a JavaScript
 * wrapper): the few C functions it exports are called here directly.
 */
interface SubsetExports {
  memory: { buffer: ArrayBuffer };
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_length(blob: number): number;
  hb_blob_get_data(blob: number, length: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
  _initialize?: () => void;
}

const memoryModeWritable = 2;
const setDropTableTags = 3;
const flags = {
  noHinting: 0x1,
  retainGids: 0x2,
  notdefOutline: 0x40,
} as const;
/**
 * Tables a PDF reader does not use: the text is shaped before it is drawn (GSUB, GPOS), and dropping them also keeps
 * their closure from adding glyphs nobody asked for. The name table is kept: its licence record travels with the font.
 */
const dropped = ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "DSIG", "kern", "vhea", "vmtx", "VORG", "morx"];
const tag = (name: string) => Array.from(name).reduce((value, char) => value * 256 + char.charCodeAt(0), 0);

/** WebAssembly, which the sandbox's type library (ES2024 and Node's types) does not declare. */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: object } }> };
};

let module: Promise<SubsetExports> | undefined;

function subsetter(): Promise<SubsetExports> {
  keepWasmOnBaselineCompiler();
  module ??= (async () => {
    const file = createRequire(import.meta.url).resolve("harfbuzzjs/dist/harfbuzz-subset.wasm");
    const { instance } = await wasm.instantiate(await readFile(file), {});
    const exports = instance.exports as unknown as SubsetExports;
    exports._initialize?.();
    return exports;
  })();
  return module;
}

/**
 * The face cut down to `glyphs` (and .notdef, with its outline). A TrueType face keeps every glyph's ID (the rest are
 * left empty, which costs little once compressed), so a glyph's CID in the PDF is its ID in the face. A CFF face is
 * renumbered instead (keeping the IDs of a CJK face would cost some 70 KB): its glyphs keep their order, so the
 * glyph that was the n-th smallest ID asked for (counting .notdef) is glyph n of the subset.
 */
export async function subsetFace(bytes: Uint8Array, glyphs: Iterable<number>, keepIds: boolean): Promise<Uint8Array> {
  const hb = await subsetter();
  const source = hb.malloc(bytes.length);
  let face = 0;
  let input = 0;
  let result = 0;
  try {
    new Uint8Array(hb.memory.buffer).set(bytes, source);
    const blob = hb.hb_blob_create(source, bytes.length, memoryModeWritable, 0, 0);
    face = hb.hb_face_create(blob, 0);
    hb.hb_blob_destroy(blob);
    input = hb.hb_subset_input_create_or_fail();
    if (input === 0) throw new Error("HarfBuzz could not start a font subset.");
    const glyphSet = hb.hb_subset_input_glyph_set(input);
    hb.hb_set_add(glyphSet, 0);
    for (const glyph of glyphs) hb.hb_set_add(glyphSet, glyph);
    const drop = hb.hb_subset_input_set(input, setDropTableTags);
    for (const name of dropped) hb.hb_set_add(drop, tag(name));
    hb.hb_subset_input_set_flags(input, flags.noHinting | flags.notdefOutline | (keepIds ? flags.retainGids : 0));
    result = hb.hb_subset_or_fail(face, input);
    if (result === 0) throw new Error("HarfBuzz could not subset the font.");
    const out = hb.hb_face_reference_blob(result);
    const length = hb.hb_blob_get_length(out);
    const data = hb.hb_blob_get_data(out, 0);
    const subset = new Uint8Array(hb.memory.buffer).slice(data, data + length);
    hb.hb_blob_destroy(out);
    return subset;
  } finally {
    if (result !== 0) hb.hb_face_destroy(result);
    if (input !== 0) hb.hb_subset_input_destroy(input);
    if (face !== 0) hb.hb_face_destroy(face);
    hb.free(source);
  }
}
