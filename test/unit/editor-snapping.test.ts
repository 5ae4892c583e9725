import { describe, expect, it } from "vitest";
import { defaultSnapThreshold, snapBox } from "../../renderer/editor/state/snapping";

const page = { width: 612, height: 792 };
const box = (x: number, y: number, width = 160, height = 24) => ({ x, y, width, height });

describe("snapBox", () => {
  it("leaves a box alone with nothing within the threshold", () => {
    expect(snapBox(box(100, 100), [box(400, 400)], page)).toEqual({ x: 100, y: 100, guides: [] });
    expect(defaultSnapThreshold).toBe(4);
  });

  it("snaps left edge to left edge and shows the guide", () => {
    expect(snapBox(box(103, 300, 50), [box(100, 100)], page)).toEqual({
      x: 100,
      y: 300,
      guides: [{ orientation: "vertical", position: 100 }],
    });
  });

  it("snaps an equal-width box on left, centre and right at once, one guide each", () => {
    const result = snapBox(box(98, 300), [box(100, 100)], page);
    expect(result.x).toBe(100);
    expect(result.guides).toEqual([
      { orientation: "vertical", position: 100 },
      { orientation: "vertical", position: 180 },
      { orientation: "vertical", position: 260 },
    ]);
  });

  it("snaps the right edge to another box's left edge and centre to centre", () => {
    // Moving box 16 wide; its right edge at 97 is 3 from the other's left (100).
    expect(snapBox(box(81, 500, 16, 16), [box(100, 100)], page).x).toBe(84);
    // Centre 182 is 2 from the other's centre (180).
    expect(snapBox(box(174, 500, 16, 16), [box(100, 100)], page).x).toBe(172);
  });

  it("snaps to the page's centre lines", () => {
    // Centre x of a 160-wide box at 228 is 308, 2 from 306; centre y of 386 + 12 = 398 is 2 from 396.
    const result = snapBox(box(228, 386), [], page);
    expect(result).toEqual({ x: 226, y: 384, guides: expect.any(Array) });
    expect(result.guides).toEqual([
      { orientation: "vertical", position: 306 },
      { orientation: "horizontal", position: 396 },
    ]);
  });

  it("picks the nearest candidate per axis, each axis on its own", () => {
    const others = [box(100, 100), box(103, 200, 16, 16)];
    // Left 105: 5 from 100 (out of reach), 2 from 103. Top 215: 1 from the small box's bottom (216).
    const result = snapBox(box(105, 215, 50, 50), others, page);
    expect(result.x).toBe(103);
    expect(result.y).toBe(216);
    expect(result.guides).toEqual([
      { orientation: "vertical", position: 103 },
      { orientation: "horizontal", position: 216 },
    ]);
  });

  it("takes the threshold inclusively and honours a custom one", () => {
    expect(snapBox(box(104, 300), [box(100, 100)], page).x).toBe(100);
    expect(snapBox(box(104.5, 300), [box(100, 100)], page).x).toBe(104.5);
    expect(snapBox(box(108, 300), [box(100, 100)], page, 8).x).toBe(100);
    expect(snapBox(box(101, 300), [box(100, 100)], page, 0).x).toBe(101);
  });

  it("snaps vertically to other boxes' top, middle and bottom", () => {
    expect(snapBox(box(400, 98), [box(100, 100)], page).y).toBe(100);
    expect(snapBox(box(400, 121), [box(100, 100)], page).y).toBe(124);
    // A 48-high box on the other's top: its middle (124) also meets the other's bottom: two guides.
    expect(snapBox(box(400, 101, 160, 48), [box(100, 100)], page)).toEqual({
      x: 400,
      y: 100,
      guides: [
        { orientation: "horizontal", position: 100 },
        { orientation: "horizontal", position: 124 },
      ],
    });
  });

  it("works on the displayed size of a rotated page", () => {
    // A rotated Letter page shows 792 wide: its vertical centre line is at 396.
    const result = snapBox(box(314, 50), [], { width: 792, height: 612 });
    expect(result.x).toBe(316);
    expect(result.guides).toEqual([{ orientation: "vertical", position: 396 }]);
  });

  it("does not mutate its inputs", () => {
    const moving = box(103, 300);
    const others = [box(100, 100)];
    snapBox(moving, others, page);
    expect(moving).toEqual(box(103, 300));
    expect(others).toEqual([box(100, 100)]);
  });
});
