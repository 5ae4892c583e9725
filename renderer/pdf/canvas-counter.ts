import { type RefObject, useLayoutEffect, useMemo } from "react";

/** Counts the canvases that hold pixels (drawn or being drawn). */
export interface CanvasCounter {
  add(delta: 1 | -1): void;
}

/**
 * Counts a view's canvases into its element's `data-live-canvases` attribute (for the benchmark and the
 * tests), written directly so that counting never re-renders the view.
 */
export function useCanvasCounter(elementRef: RefObject<HTMLElement | null>): CanvasCounter {
  const counter = useMemo(() => {
    let live = 0;
    const show = () => {
      if (elementRef.current !== null) elementRef.current.dataset.liveCanvases = String(live);
    };
    return {
      add(delta: 1 | -1) {
        live += delta;
        show();
      },
      show,
    };
  }, [elementRef]);
  useLayoutEffect(() => counter.show(), [counter]);
  return counter;
}
