import { describe, expect, it } from "vitest";
import {
  CSS_PX_PER_POINT,
  clampZoom,
  fitPageScale,
  fitWidthScale,
  scaleForZoom,
  zoomIn,
  zoomOut,
  zoomPercent,
} from "../../renderer/pdf/zoom";

describe("zoom", () => {
  it("takes 100% as actual size (96 CSS px per 72 pt) and keeps zoom within 25%–400%", () => {
    expect(CSS_PX_PER_POINT).toBeCloseTo(4 / 3);
    expect(612 * scaleForZoom(1)).toBeCloseTo(816);
    expect(clampZoom(100)).toBeCloseTo(scaleForZoom(4));
    expect(clampZoom(0.01)).toBeCloseTo(scaleForZoom(0.25));
    expect(clampZoom(Number.NaN)).toBeCloseTo(CSS_PX_PER_POINT);
    expect(zoomPercent(clampZoom(2))).toBe(150);
  });

  it("steps through the zoom levels, from any zoom to the next step", () => {
    expect(zoomPercent(zoomIn(scaleForZoom(1)))).toBe(110);
    expect(zoomPercent(zoomOut(scaleForZoom(1)))).toBe(90);
    expect(zoomPercent(zoomIn(scaleForZoom(1.17)))).toBe(125);
    expect(zoomPercent(zoomOut(scaleForZoom(1.17)))).toBe(110);
    expect(zoomPercent(zoomIn(scaleForZoom(4)))).toBe(400);
    expect(zoomPercent(zoomOut(scaleForZoom(0.25)))).toBe(25);
    const levels = [scaleForZoom(0.25)];
    while (zoomIn(levels.at(-1) ?? 0) > (levels.at(-1) ?? 0) + 1e-9) levels.push(zoomIn(levels.at(-1) ?? 0));
    expect(levels.map(zoomPercent)).toEqual([25, 33, 50, 67, 75, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300, 400]);
  });

  it("fits a page's width or the whole page into the viewport, less the padding", () => {
    expect(fitWidthScale(612, 848, 16)).toBeCloseTo(816 / 612);
    expect(fitPageScale({ width: 612, height: 792 }, { width: 2000, height: 824 }, 16)).toBeCloseTo(1);
    expect(fitPageScale({ width: 792, height: 612 }, { width: 824, height: 2000 }, 16)).toBeCloseTo(1);
    expect(fitWidthScale(612, 40, 16)).toBeCloseTo(scaleForZoom(0.25));
  });
});
