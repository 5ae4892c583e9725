import { describe, expect, it } from "vitest";
import { freeSpot } from "../../renderer/editor/state/free-spot";
import { rectsIntersect } from "../../renderer/editor/state/geometry";

const letter = { width: 612, height: 792 };
const text = { width: 160, height: 24 };
const within = (outer: { x: number; y: number; width: number; height: number }, box: typeof outer) =>
  box.x >= outer.x &&
  box.y >= outer.y &&
  box.x + box.width <= outer.x + outer.width &&
  box.y + box.height <= outer.y + outer.height;

describe("freeSpot: where Enter adds a field", () => {
  it("puts the box at the centre of the part of the page in view when nothing is there", () => {
    const visible = { x: 0, y: 400, width: 612, height: 300 };
    const at = freeSpot(letter, visible, text, []);
    expect(within(visible, { ...at, ...text })).toBe(true);
    expect(Math.abs(at.x + text.width / 2 - 306)).toBeLessThanOrEqual(12);
    expect(Math.abs(at.y + text.height / 2 - 550)).toBeLessThanOrEqual(12);
  });

  it("keeps clear of the fields already there, by a small gap", () => {
    const visible = { x: 0, y: 0, width: 612, height: 792 };
    const occupied = [
      { x: 226, y: 384, width: 160, height: 24 },
      { x: 226, y: 354, width: 160, height: 24 },
      { x: 226, y: 414, width: 160, height: 24 },
    ];
    const at = freeSpot(letter, visible, text, occupied);
    const box = { ...at, ...text };
    for (const rect of occupied) {
      expect(
        rectsIntersect(box, { x: rect.x - 5, y: rect.y - 5, width: rect.width + 10, height: rect.height + 10 }),
      ).toBe(false);
    }
    expect(within(visible, box)).toBe(true);
  });

  it("stays on the page when the view reaches past it, and falls back to the view's centre when it is full", () => {
    const beyond = { x: -100, y: 700, width: 900, height: 400 };
    const at = freeSpot(letter, beyond, text, []);
    expect(within({ x: 0, y: 0, ...letter }, { ...at, ...text })).toBe(true);
    expect(at.y).toBeGreaterThanOrEqual(700);

    const full = [{ x: 0, y: 0, ...letter }];
    const fallback = freeSpot(letter, { x: 0, y: 0, width: 612, height: 792 }, text, full);
    expect(fallback).toEqual({ x: 306 - 80, y: 396 - 12 });
  });

  it("a view smaller than the box: the box is centred on the view and kept on the page", () => {
    const at = freeSpot(letter, { x: 590, y: 780, width: 22, height: 12 }, text, []);
    expect(at).toEqual({ x: 612 - 160, y: 792 - 24 });
  });

  it("tries a bounded number of spots on a huge page seen whole", () => {
    const huge = { width: 100_000, height: 100_000 };
    const at = freeSpot(huge, { x: 0, y: 0, ...huge }, text, [{ x: 49_900, y: 49_900, width: 400, height: 400 }]);
    expect(rectsIntersect({ ...at, ...text }, { x: 49_900, y: 49_900, width: 400, height: 400 })).toBe(false);
  });
});
