import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from "react";
import { type Extent, nearestPages, type ScrollView, sameSet } from "./visibility";

export interface NearPagesOptions {
  /** The data attribute (without "data-") that holds each page element's index, e.g. "page-index". */
  attribute: string;
  /** How many page elements there are: they are (re)observed when it changes. */
  count: number;
  /** Anything whose change means new page elements (the document), so they are observed afresh. */
  generation: unknown;
  /** At most this many pages are near: those nearest the centre of the view when more are in range. */
  max: number;
}

export interface NearPages {
  /** The pages within about one screen of the view, at most `max` of them. */
  near: ReadonlySet<number>;
  /** Measures the pages in range now (their extents) and the view. */
  measure(): { extents: Extent[]; view: ScrollView };
}

/**
 * Watches the page elements inside the scroll container `rootRef` with an IntersectionObserver whose
 * margin is one screen above and below the view, and answers which pages are near it.
 */
export function useNearPages(rootRef: RefObject<HTMLElement | null>, options: NearPagesOptions): NearPages {
  const { attribute, count, generation, max } = options;
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set());
  const inRange = useRef(new Map<number, HTMLElement>());

  const measure = useCallback(() => {
    const root = rootRef.current;
    const view = { top: root?.scrollTop ?? 0, height: root?.clientHeight ?? 0 };
    const extents = [...inRange.current].map(([index, element]) => ({
      index,
      top: element.offsetTop,
      height: element.offsetHeight,
    }));
    return { extents, view };
  }, [rootRef]);

  // A layout effect: the pages in view are known before the first paint, so they start drawing at once
  // rather than a frame or two later, when the observer first reports.
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (root === null || count === 0 || generation === undefined) return;
    const elements = inRange.current;
    elements.clear();
    const datasetKey = attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    let frame = 0;

    const update = () => {
      frame = 0;
      const { extents, view } = measure();
      const chosen =
        extents.length <= max ? new Set(extents.map((extent) => extent.index)) : nearestPages(extents, view, max);
      setNear((previous) => (sameSet(previous, chosen) ? previous : chosen));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };

    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const element = entry.target as HTMLElement;
          const index = Number(element.dataset[datasetKey]);
          if (entry.isIntersecting) elements.set(index, element);
          else elements.delete(index);
        }
        // Observer callbacks already come once per frame, after layout.
        cancelAnimationFrame(frame);
        update();
      },
      { root, rootMargin: "100% 0px" },
    );
    const pages = [...root.querySelectorAll<HTMLElement>(`[data-${attribute}]`)];
    for (const element of pages) observer.observe(element);
    // The observer's range (one screen above and below the view), measured now; the observer takes over.
    const above = root.scrollTop - root.clientHeight;
    const below = root.scrollTop + 2 * root.clientHeight;
    for (const element of pages) {
      if (element.offsetTop > below) break;
      if (element.offsetTop + element.offsetHeight >= above) elements.set(Number(element.dataset[datasetKey]), element);
    }
    update();
    // Within the range, which pages are nearest changes as the view moves: only matters past `max`.
    const onScroll = () => {
      if (elements.size > max) schedule();
    };
    root.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      root.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
      elements.clear();
      setNear(new Set());
    };
  }, [rootRef, attribute, count, generation, max, measure]);

  return { near, measure };
}
