import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import type { CanvasCounter } from "./canvas-counter";
import type { PdfHandle } from "./load-pdf";

/**
 * Past this many pixels a canvas is drawn at a lower resolution (and stretched): 4096² pixels, 64 MiB.
 * It bounds what one page costs at high zoom on a high-density screen.
 */
const messages = defineMessages({
  failed: { id: "pdf.page.failed", defaultMessage: "This page could not be drawn." },
});

export const MAX_CANVAS_PIXELS = 4096 * 4096;

/** Canvas pixels per point for a page of `size` points at `scale` CSS px per point on a `ratio` screen. */
export function canvasPixelsPerPoint(size: { width: number; height: number }, scale: number, ratio: number): number {
  const wanted = scale * ratio;
  const cap = Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, size.width * size.height));
  return Math.min(wanted, cap);
}

interface PageCanvasProps {
  pdf: PdfHandle;
  index: number;
  /** Canvas pixels per point. */
  pixelsPerPoint: number;
  /** Render order against other pages (lower first): the pages view before thumbnails. */
  priority: number;
  counter: CanvasCounter;
  /** Told each time a drawing of the page is put on screen (or the page could not be drawn). */
  onShown?: (index: number) => void;
}

function freeCanvas(canvas: HTMLCanvasElement, counter: CanvasCounter): void {
  canvas.remove();
  // A zero-sized canvas gives its pixel memory back at once rather than at garbage collection.
  canvas.width = 0;
  canvas.height = 0;
  counter.add(-1);
}

/**
 * One page drawn by pdf.js into a canvas that fills its parent. A new resolution is drawn into a fresh
 * canvas which replaces the shown one only once drawn, so zooming never flashes blank. Unmounting cancels
 * the render in flight, removes the canvas and lets pdf.js free the page.
 */
export function PageCanvas({ pdf, index, pixelsPerPoint, priority, counter, onShown }: PageCanvasProps) {
  const intl = useIntl();
  const host = useRef<HTMLSpanElement>(null);
  const shown = useRef<HTMLCanvasElement | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = host.current;
    if (element === null) return;
    const canvas = document.createElement("canvas");
    canvas.className = "pdf-canvas";
    counter.add(1);
    /** drawing → shown (it replaced the previous canvas) or freed (cancelled, failed, or the effect ended). */
    let state: "drawing" | "shown" | "freed" = "drawing";
    const free = () => {
      if (state !== "drawing") return;
      state = "freed";
      freeCanvas(canvas, counter);
    };
    const render = pdf.render(index, canvas, pixelsPerPoint, priority);
    render.promise.then(
      (outcome) => {
        if (state !== "drawing" || outcome === "cancelled") return free();
        state = "shown";
        const previous = shown.current;
        element.replaceChildren(canvas);
        shown.current = canvas;
        if (previous !== null) freeCanvas(previous, counter);
        setFailed(false);
        onShown?.(index);
      },
      (error: unknown) => {
        if (state !== "drawing") return;
        free();
        console.warn(`Page ${index + 1} could not be drawn`, error);
        setFailed(true);
        onShown?.(index);
      },
    );
    return () => {
      render.cancel();
      // A canvas still being drawn goes at once; a shown one stays until its replacement is drawn.
      free();
    };
  }, [pdf, index, pixelsPerPoint, priority, counter, onShown]);

  useEffect(
    () => () => {
      if (shown.current !== null) freeCanvas(shown.current, counter);
      shown.current = null;
      // pdf.js drops the page's operator list and images once no render of it is in flight.
      pdf.release(index);
    },
    [pdf, index, counter],
  );

  // The host's children are the canvas, managed here rather than by React.
  return (
    <>
      <span ref={host} className="pdf-canvas-host" aria-hidden="true" />
      {failed ? <span className="pdf-page-error">{intl.formatMessage(messages.failed)}</span> : null}
    </>
  );
}
