import { describe, expect, it } from "vitest";
import { itemize } from "../../sandbox/final-pdf/text/itemize";
import { loadHarfBuzz } from "../../sandbox/final-pdf/text/loaded-face";
import { shapeLine } from "../../sandbox/final-pdf/text/shape-line";
import { subsetFace } from "../../sandbox/final-pdf/text/subset-face";

const summary = async (line: string, direction: "ltr" | "rtl" | "auto" = "ltr") =>
  (await itemize(line, direction)).items.map((item) => [item.face.source.name, item.rtl ? "rtl" : "ltr", item.text]);

describe("itemizing a line by direction and face", () => {
  it("keeps an address after a right-to-left name in its own direction, in visual order", async () => {
    expect(await summary("1. \u2068محمد علي\u2069 <\u2068m@example.com\u2069>")).toEqual([
      ["NotoSans-Regular", "ltr", "1. "],
      ["NotoNaskhArabic-Regular", "rtl", "محمد علي"],
      ["NotoSans-Regular", "ltr", " <"],
      // The isolated address is a level of its own (2), drawn in place.
      ["NotoSans-Regular", "ltr", "m@example.com"],
      ["NotoSans-Regular", "ltr", ">"],
    ]);
  });

  it("reverses right-to-left runs around a number in a right-to-left line", async () => {
    expect(await summary("שרה 12 כהן", "auto")).toEqual([
      ["NotoSansHebrew-Regular", "rtl", "כהן"],
      ["NotoSans-Regular", "rtl", " "],
      ["NotoSans-Regular", "ltr", "12"],
      ["NotoSansHebrew-Regular", "rtl", "שרה "],
    ]);
  });

  it("keeps an address in a right-to-left line in its own direction", async () => {
    expect(await summary("راسلني على m@example.com اليوم", "auto")).toEqual([
      ["NotoNaskhArabic-Regular", "rtl", "اليوم"],
      ["NotoSans-Regular", "rtl", " "],
      ["NotoSans-Regular", "ltr", "m@example.com"],
      ["NotoNaskhArabic-Regular", "rtl", "راسلني على "],
    ]);
  });

  it("gives Han the face the line calls for: Japanese with kana, Korean with Hangul, else Simplified Chinese", async () => {
    expect((await summary("山田 はなこ")).map(([face]) => face)).toEqual(["NotoSansJP-Regular"]);
    expect((await summary("金 민준")).map(([face]) => face)).toEqual(["NotoSansKR-Regular"]);
    expect((await summary("张伟")).map(([face]) => face)).toEqual(["NotoSansSC-Regular"]);
  });

  it("keeps a Persian zero-width non-joiner inside its word", async () => {
    expect(await summary("فاطمه‌ی", "auto")).toEqual([["NotoNaskhArabic-Regular", "rtl", "فاطمه‌ی"]]);
  });
});

describe("shaping", () => {
  it("joins Arabic letters: their glyphs are the contextual forms, not the letters' own", async () => {
    const run = (await shapeLine("محمد", "rtl")).runs[0];
    const isolated = await Promise.all(
      Array.from("محمد").map(async (letter) => (await shapeLine(letter, "rtl")).runs[0]?.glyphs[0]?.gid),
    );
    expect(run?.glyphs.map((glyph) => glyph.gid).reverse()).not.toEqual(isolated);
  });

  it("forms Devanagari conjuncts: fewer glyphs than characters, one cluster per syllable", async () => {
    const run = (await shapeLine("क्षत्रिय", "ltr")).runs[0];
    expect(run?.face.source.name).toBe("NotoSansDevanagari-Regular");
    expect(run?.glyphs.length).toBeLessThan(Array.from("क्षत्रिय").length);
  });
});

describe("subsetting", () => {
  const outlines = async (bytes: Uint8Array, gids: readonly number[]) => {
    const hb = await loadHarfBuzz();
    const font = new hb.Font(new hb.Face(new hb.Blob(bytes)));
    return gids.map((gid) => font.glyphToPath(gid));
  };

  it("keeps a TrueType face's glyph IDs, and renumbers a CFF face's in the order of the IDs asked for", async () => {
    for (const text of ["Nguyễn Ελένη Дмитрий", "张伟 陳大文"]) {
      const run = (await shapeLine(text, "ltr")).runs[0];
      if (run === undefined) throw new Error(text);
      const gids = [...new Set(run.glyphs.map((glyph) => glyph.gid))].sort((a, b) => a - b);
      const subset = await subsetFace(run.face.bytes, gids, !run.face.isCff);
      const renumbered = run.face.isCff ? gids.map((_, index) => index + 1) : gids;
      const before = await outlines(run.face.bytes, gids);
      expect(before.filter((path) => path !== "").length).toBeGreaterThan(gids.length / 2);
      expect(await outlines(subset, renumbered), text).toEqual(before);
      expect(subset.length).toBeLessThan(run.face.bytes.length / 10);
    }
  });
});
