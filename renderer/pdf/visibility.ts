/** Which pages of a scrolling column are seen: pure arithmetic on the pages' vertical extents. */

/** A page element's vertical extent, in its scroll container's content coordinates (CSS px). */
export interface Extent {
  index: number;
  top: number;
  height: number;
}

/** The part of the content that the scroll container shows. */
export interface ScrollView {
  top: number;
  height: number;
}

export function visibleHeight(extent: Extent, view: ScrollView): number {
  const top = Math.max(extent.top, view.top);
  const bottom = Math.min(extent.top + extent.height, view.top + view.height);
  return Math.max(0, bottom - top);
}

function distanceToCentre(extent: Extent, view: ScrollView): number {
  return Math.abs(extent.top + extent.height / 2 - (view.top + view.height / 2));
}

/**
 * The page that takes most of the view (the first of equals); when none is in view, the one nearest its
 * centre; null for no pages.
 */
export function mostVisiblePage(extents: Iterable<Extent>, view: ScrollView): number | null {
  let best: Extent | null = null;
  let bestShown = -1;
  for (const extent of extents) {
    const shown = visibleHeight(extent, view);
    const better =
      best === null ||
      shown > bestShown ||
      (shown === bestShown && shown === 0 && distanceToCentre(extent, view) < distanceToCentre(best, view)) ||
      (shown === bestShown && shown > 0 && extent.index < best.index);
    if (better) {
      best = extent;
      bestShown = shown;
    }
  }
  return best?.index ?? null;
}

/** The indexes of at most `max` pages, those whose centres are nearest the view's centre. */
export function nearestPages(extents: Iterable<Extent>, view: ScrollView, max: number): Set<number> {
  const sorted = [...extents].sort(
    (a, b) => distanceToCentre(a, view) - distanceToCentre(b, view) || a.index - b.index,
  );
  return new Set(sorted.slice(0, Math.max(0, max)).map((extent) => extent.index));
}

export function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const value of a) if (!b.has(value)) return false;
  return true;
}
