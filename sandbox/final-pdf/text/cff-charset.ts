/**
 * The CID each glyph of a CID-keyed CFF face has: its charset's entry. A PDF names such a face's glyphs by CID (the
 * subset keeps them), not by glyph ID. fontkit reads the charset; it is loaded only for a CFF face (the CJK ones).
 */
export async function cffCidLookup(bytes: Uint8Array): Promise<(gid: number) => number> {
  const fontkit = (await import("@pdf-lib/fontkit")).default;
  const charset = (fontkit.create(bytes as Buffer) as unknown as CffFont)["CFF "]?.topDict.charset;
  return (gid) => {
    if (gid === 0 || charset === undefined) return gid;
    if (charset.glyphs !== undefined) return charset.glyphs[gid - 1] ?? gid;
    for (const range of charset.ranges ?? [])
      if (gid - 1 >= range.offset && gid - 1 <= range.offset + range.nLeft)
        return range.first + (gid - 1 - range.offset);
    return gid;
  };
}

interface CffFont {
  "CFF "?: {
    topDict: {
      charset?: { glyphs?: number[]; ranges?: { first: number; nLeft: number; offset: number }[] };
    };
  };
}
