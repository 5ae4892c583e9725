import { describe, expect, it } from "vitest";
import { columnLayout, extentOf, extentsBetween, itemsBetween } from "../../renderer/pdf/column-layout";

describe("columnLayout", () => {
  it("stacks items with the gap between them and the padding around them", () => {
    const layout = columnLayout([100, 50, 200], 16, 8);
    expect(layout.tops).toEqual([8, 124, 190]);
    expect(layout.height).toBe(8 + 100 + 16 + 50 + 16 + 200 + 8);
    expect(extentOf(layout, 1)).toEqual({ index: 1, top: 124, height: 50 });
  });

  it("is only its padding with no items", () => {
    expect(columnLayout([], 16, 8)).toEqual({ tops: [], heights: [], height: 16 });
    expect(itemsBetween(columnLayout([], 16, 8), 0, 1000)).toBeNull();
  });
});

describe("itemsBetween", () => {
  // Items at 0–100, 116–216, 232–332, … (100 px each, 16 px apart).
  const layout = columnLayout(
    Array.from({ length: 1000 }, () => 100),
    16,
    0,
  );

  it("takes every item that overlaps the range, partly or wholly", () => {
    expect(itemsBetween(layout, 0, 100)).toEqual({ first: 0, last: 0 });
    expect(itemsBetween(layout, 50, 120)).toEqual({ first: 0, last: 1 });
    expect(itemsBetween(layout, 99.5, 116.5)).toEqual({ first: 0, last: 1 });
    expect(itemsBetween(layout, 116 * 500 + 10, 116 * 503)).toEqual({ first: 500, last: 502 });
  });

  it("takes nothing from a gap alone, and clamps ranges past either end", () => {
    expect(itemsBetween(layout, 101, 115)).toBeNull();
    // An item ends where the range starts, or starts where it ends: neither overlaps it.
    expect(itemsBetween(layout, 100, 116)).toBeNull();
    expect(itemsBetween(layout, 0, 116)).toEqual({ first: 0, last: 0 });
    expect(itemsBetween(layout, -500, 50)).toEqual({ first: 0, last: 0 });
    expect(itemsBetween(layout, 116 * 998, 1e9)).toEqual({ first: 998, last: 999 });
    expect(itemsBetween(layout, 1e9, 2e9)).toBeNull();
  });

  it("gives the extents of those items, in order", () => {
    expect(extentsBetween(layout, 116 * 7 + 50, 116 * 8 + 10)).toEqual([
      { index: 7, top: 812, height: 100 },
      { index: 8, top: 928, height: 100 },
    ]);
    expect(extentsBetween(layout, 101, 115)).toEqual([]);
  });

  it("works on items of different heights", () => {
    const mixed = columnLayout([792, 612, 792, 100], 16, 16);
    // 16–808, 824–1436, 1452–2244, 2260–2360.
    expect(itemsBetween(mixed, 810, 1450)).toEqual({ first: 1, last: 1 });
    expect(itemsBetween(mixed, 800, 2261)).toEqual({ first: 0, last: 3 });
  });
});
