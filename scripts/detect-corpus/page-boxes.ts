import { execFileSync } from "node:child_process";

/** A page as poppler's pdfinfo reports it: CropBox in user space (clipped to the MediaBox) and /Rotate. */
export interface PopplerPage {
  cropBox: [number, number, number, number];
  rotation: 0 | 90 | 180 | 270;
}

export function popplerPages(file: string): PopplerPage[] {
  const count = Number(/^Pages:\s+(\d+)/m.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);
  const report = execFileSync("pdfinfo", ["-box", "-f", "1", "-l", String(count), file], { encoding: "utf8" });
  const pages: PopplerPage[] = [];
  for (let number = 1; number <= count; number += 1) {
    const crop = new RegExp(`^Page\\s+${number} CropBox:\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)`, "m").exec(report);
    const rot = new RegExp(`^Page\\s+${number} rot:\\s+(\\d+)`, "m").exec(report);
    if (crop === null || rot === null) throw new Error(`pdfinfo did not describe page ${number} of ${file}`);
    const rotation = ((Number(rot[1]) % 360) + 360) % 360;
    if (rotation !== 0 && rotation !== 90 && rotation !== 180 && rotation !== 270) throw new Error(`rot ${rotation}`);
    pages.push({ cropBox: [Number(crop[1]), Number(crop[2]), Number(crop[3]), Number(crop[4])], rotation });
  }
  return pages;
}

export function displayedSizeOf(page: PopplerPage): { width: number; height: number } {
  const [left, bottom, right, top] = page.cropBox;
  const sideways = page.rotation === 90 || page.rotation === 270;
  return sideways ? { width: top - bottom, height: right - left } : { width: right - left, height: top - bottom };
}

/**
 * A user-space point on the displayed page (top-left origin, y down). Written out here rather than taken from
 * common/coordinates.ts, so the oracle does not share the detector's code. /Rotate turns the page clockwise:
 * at 90 the unrotated bottom-left corner comes to the top-left, at 270 the unrotated top-right does.
 */
export function userPointDisplayed(page: PopplerPage, x: number, y: number): { x: number; y: number } {
  const [left, bottom, right, top] = page.cropBox;
  const u = x - left;
  const v = y - bottom;
  const width = right - left;
  const height = top - bottom;
  if (page.rotation === 90) return { x: v, y: u };
  if (page.rotation === 180) return { x: width - u, y: v };
  if (page.rotation === 270) return { x: height - v, y: width - u };
  return { x: u, y: height - v };
}

/** The displayed top-left of a user-space rectangle [x1 y1 x2 y2] (corners in any order). */
export function rectTopLeft(page: PopplerPage, rect: readonly number[]): { x: number; y: number } {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect;
  const corners = [
    userPointDisplayed(page, x1, y1),
    userPointDisplayed(page, x1, y2),
    userPointDisplayed(page, x2, y1),
    userPointDisplayed(page, x2, y2),
  ];
  return { x: Math.min(...corners.map((c) => c.x)), y: Math.min(...corners.map((c) => c.y)) };
}
