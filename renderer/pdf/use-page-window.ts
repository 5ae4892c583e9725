import { type RefObject, useCallback, useLayoutEffect, useState } from "react";
import { flushSync } from "react-dom";
import { type ColumnLayout, extentsBetween } from "./column-layout";
import { nearestPages, type ScrollView, sameSet } from "./visibility";

export interface PageWindow {
  /** The items to mount: those within about one screen of the view (an inclusive range; empty when first > last). */
  first: number;
  last: number;
  /** Of those, the at most `max` nearest the view's centre: the ones to draw. */
  near: ReadonlySet<number>;
}

export interface PageWindowOptions {
  /** The column's items, in its own coordinates. */
  layout: ColumnLayout;
  /** Where the column starts within the scroll container's content (CSS px). */
  offset: number;
  max: number;
}

export interface PageWindowControl {
  window: PageWindow;
  /** The scroll container's view, in the column's coordinates. */
  view(): ScrollView;
  /** Takes the window from the scroll position now (after the caller moved it), rather than a frame later. */
  refresh(): void;
}

const EMPTY: PageWindow = { first: 0, last: -1, near: new Set() };

function sameWindow(a: PageWindow, b: PageWindow): boolean {
  return a.first === b.first && a.last === b.last && sameSet(a.near, b.near);
}

/**
 * Which items of a long column in the scroll container `rootRef` are near its view, from the column's
 * layout and the scroll position alone: nothing is measured in the DOM, so only those items need exist.
 */
export function usePageWindow(rootRef: RefObject<HTMLElement | null>, options: PageWindowOptions): PageWindowControl {
  const { layout, offset, max } = options;
  const [current, setCurrent] = useState<PageWindow>(EMPTY);

  const view = useCallback((): ScrollView => {
    const root = rootRef.current;
    return { top: (root?.scrollTop ?? 0) - offset, height: root?.clientHeight ?? 0 };
  }, [rootRef, offset]);

  const refresh = useCallback(() => {
    const seen = view();
    const extents = extentsBetween(layout, seen.top - seen.height, seen.top + 2 * seen.height);
    const [first, last] = [extents[0], extents.at(-1)];
    const next =
      first === undefined || last === undefined
        ? EMPTY
        : { first: first.index, last: last.index, near: nearestPages(extents, seen, max) };
    setCurrent((previous) => (sameWindow(previous, next) ? previous : next));
  }, [layout, max, view]);

  // A layout effect: the items in view are known before the first paint, so they start drawing at once.
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (root === null) return;
    refresh();
    // Rendered before the scroll is painted, so a long jump (the scrollbar dragged, End) never shows the
    // column without its pages for a frame. Scroll events come at most once a frame.
    const onScroll = () => flushSync(refresh);
    root.addEventListener("scroll", onScroll, { passive: true });
    // The view's height changes with the window's size.
    const resized = new ResizeObserver(() => flushSync(refresh));
    resized.observe(root);
    return () => {
      root.removeEventListener("scroll", onScroll);
      resized.disconnect();
    };
  }, [rootRef, refresh]);

  return { window: current, view, refresh };
}
