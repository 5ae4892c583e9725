/** Four hex digits per UTF-16 code unit, as a CMap writes a destination string. */
const utf16Hex = (text: string) =>
  Array.from({ length: text.length }, (_, index) => text.charCodeAt(index).toString(16).padStart(4, "0"))
    .join("")
    .toUpperCase();

export const cidHex = (cid: number) => cid.toString(16).padStart(4, "0").toUpperCase();

/**
 * A ToUnicode CMap (ISO 32000-1, 9.10.3; Adobe technical note #5411) for two-byte CIDs: each CID to the text its
 * glyph stands for, so that searching and copying give the text as written. A glyph that stands for nothing on its
 * own (the second glyph of a cluster whose text the first carries) maps to an empty string.
 */
export function toUnicodeCMap(texts: ReadonlyMap<number, string>): string {
  const entries = [...texts].sort(([a], [b]) => a - b);
  const blocks: string[] = [];
  for (let start = 0; start < entries.length; start += 100) {
    const block = entries.slice(start, start + 100);
    blocks.push(
      `${block.length} beginbfchar\n${block.map(([cid, text]) => `<${cidHex(cid)}> <${utf16Hex(text)}>`).join("\n")}\nendbfchar`,
    );
  }
  return [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange",
    "<0000> <FFFF>",
    "endcodespacerange",
    ...blocks,
    "endcmap",
    "CMapName currentdict /CMap defineresource pop",
    "end",
    "end",
  ].join("\n");
}
