import type { FoundRect } from "../../common/found-fields";
import type { PopplerWord } from "./pdf-tools";

/**
 * Where Poppler sees a tag on a page, as an independent oracle for the detector's boxes: the run of Poppler's words
 * (in its reading order) whose letters, spaces aside, are exactly the tag's, from the first word's left edge to the
 * last one's right edge, top to bottom of them all. The tag must stand as whole words (spaces around it).
 */
export function tagBoxIn(words: readonly PopplerWord[], page: number, tag: string): FoundRect {
  const wanted = tag.replace(/\s+/g, "");
  const onPage = words.filter((word) => word.page === page);
  for (let first = 0; first < onPage.length; first += 1) {
    let letters = "";
    for (let last = first; last < onPage.length && letters.length < wanted.length; last += 1) {
      letters += (onPage[last] as PopplerWord).text;
      if (letters !== wanted) continue;
      const run = onPage.slice(first, last + 1);
      const left = Math.min(...run.map((word) => word.xMin));
      const top = Math.min(...run.map((word) => word.yMin));
      const right = Math.max(...run.map((word) => word.xMax));
      const bottom = Math.max(...run.map((word) => word.yMax));
      return { x: left, y: top, width: right - left, height: bottom - top };
    }
  }
  throw new Error(`Poppler does not see ${tag} on page ${page}`);
}

/** How far apart two boxes' edges are, at most: left, top, right and bottom compared. */
export function edgeDistance(a: FoundRect, b: FoundRect): number {
  return Math.max(
    Math.abs(a.x - b.x),
    Math.abs(a.y - b.y),
    Math.abs(a.x + a.width - (b.x + b.width)),
    Math.abs(a.y + a.height - (b.y + b.height)),
  );
}
