import { memo, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { type CanvasCounter, useCanvasCounter } from "./canvas-counter";
import type { PdfHandle, Size } from "./load-pdf";
import { canvasPixelsPerPoint, PageCanvas } from "./PageCanvas";
import { useDevicePixelRatio } from "./use-device-pixel-ratio";
import { useLatest } from "./use-latest";
import { useNearPages } from "./use-near-pages";
import { type Extent, mostVisiblePage, visibleHeight } from "./visibility";
import "./pdf.css";

/** CSS px between pages and around the column (the `padding` to give zoom.ts's fit functions). */
export const PAGE_GAP = 16;
/** At most this many pages hold a canvas (and an overlay) at once, however many pages are near the view. */
export const MAX_LIVE_PAGES = 12;

export interface PdfPagesProps {
  pdf: PdfHandle;
  /** CSS px per point (zoom.ts). */
  scale: number;
  /** Drawn over each page that is near the view, in a box of the page's CSS size. */
  renderOverlay?: (pageIndex: number, size: Size) => ReactNode;
  /** The page taking most of the view, told when it changes. */
  onVisiblePageChange?: (pageIndex: number) => void;
  /** Scrolls to the top of `index` each time `token` changes. */
  scrollToPage?: { index: number; token: number };
  /** The accessible name of the scrolling region. */
  label?: string;
  /** Each page's size in points as displayed, when the caller knows better than `pdf` (the editor's draft). */
  sizes?: readonly Size[];
  /** Told each time a page's drawing is put on screen (a stable function: pages do not re-render for it). */
  onPageShown?: (pageIndex: number) => void;
}

/**
 * All pages of `pdf` in a scrolling column. Every page has its place at its size, so the scrollbar is
 * right for any number of pages; only pages within about one screen of the view (at most MAX_LIVE_PAGES)
 * are drawn, at the device pixel ratio. A page that leaves that range has its render cancelled and its
 * canvas removed. The container's `data-live-canvases` tells how many canvases exist.
 */
export function PdfPages({
  pdf,
  scale,
  renderOverlay,
  onVisiblePageChange,
  scrollToPage,
  label,
  sizes: given,
  onPageShown,
}: PdfPagesProps) {
  const container = useRef<HTMLElement>(null);
  const ratio = useDevicePixelRatio();
  const counter = useCanvasCounter(container);
  const fromPdf = useMemo(() => Array.from({ length: pdf.pageCount }, (_, index) => pdf.pageSize(index)), [pdf]);
  const sizes = given ?? fromPdf;
  const { near, measure } = useNearPages(container, {
    attribute: "page-index",
    count: sizes.length,
    generation: pdf,
    max: MAX_LIVE_PAGES,
  });
  const onVisible = useLatest(onVisiblePageChange);
  const visible = useRef(-1);
  /** Where the view's top is (a page and a fraction of its height), kept across zoom changes. */
  const anchor = useRef({ index: 0, fraction: 0 });
  /**
   * The page scrolled to by `scrollToPage`: the visible page until the view moves, even where the end of
   * the document keeps it from the top of the view (several short last pages).
   */
  const pinned = useRef<{ index: number; scrollTop: number } | null>(null);

  useEffect(() => {
    const root = container.current;
    // Nothing to measure before pages are in range; each change of the range re-measures.
    if (root === null || near.size === 0) return;
    let frame = 0;
    const track = () => {
      frame = 0;
      const { extents, view } = measure();
      if (pinned.current !== null && pinned.current.scrollTop !== view.top) pinned.current = null;
      const pin = pinned.current;
      const pinShown = extents.some((extent) => extent.index === pin?.index && visibleHeight(extent, view) > 0);
      const page = pin !== null && pinShown ? pin.index : mostVisiblePage(extents, view);
      const atTop = extents
        .filter((extent) => extent.top + extent.height > view.top)
        .reduce<Extent | null>(
          (first, extent) => (first === null || extent.index < first.index ? extent : first),
          null,
        );
      if (atTop !== null) {
        anchor.current = { index: atTop.index, fraction: (view.top - atTop.top) / Math.max(1, atTop.height) };
      }
      if (page !== null && page !== visible.current) {
        visible.current = page;
        onVisible.current?.(page);
      }
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(track);
    };
    schedule();
    root.addEventListener("scroll", schedule, { passive: true });
    return () => {
      root.removeEventListener("scroll", schedule);
      cancelAnimationFrame(frame);
    };
  }, [measure, onVisible, near]);

  // After a zoom, the same place of the same page stays at the top of the view.
  const laidOutScale = useRef(scale);
  useLayoutEffect(() => {
    if (laidOutScale.current === scale) return;
    laidOutScale.current = scale;
    const root = container.current;
    const page = root?.querySelector<HTMLElement>(`[data-page-index="${anchor.current.index}"]`);
    if (root == null || page == null) return;
    root.scrollTop = page.offsetTop + anchor.current.fraction * page.offsetHeight;
  }, [scale]);

  // Across, the page at the top of the view is centred when it fits the view, else shown from its left
  // edge: a wider page elsewhere (a landscape one) widens the column but must not push this one aside.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the zoom and the sizes lay the pages out anew; the effect reads the result from the DOM.
  useLayoutEffect(() => {
    const root = container.current;
    const page = root?.querySelector<HTMLElement>(`[data-page-index="${anchor.current.index}"]`);
    if (root == null || page == null || sizes.length === 0) return;
    root.scrollLeft =
      page.offsetWidth <= root.clientWidth
        ? page.offsetLeft + page.offsetWidth / 2 - root.clientWidth / 2
        : page.offsetLeft - PAGE_GAP;
  }, [scale, sizes]);

  const target = scrollToPage?.index ?? 0;
  const token = scrollToPage?.token;
  useLayoutEffect(() => {
    if (token === undefined) return;
    const root = container.current;
    const page = root?.querySelector<HTMLElement>(`[data-page-index="${target}"]`);
    if (root == null || page == null) return;
    root.scrollTop = page.offsetTop - PAGE_GAP;
    pinned.current = { index: target, scrollTop: root.scrollTop };
  }, [target, token]);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it.
    <section ref={container} className="pdf-pages" aria-label={label ?? "Document pages"} tabIndex={0}>
      <div className="pdf-pages-column" style={{ padding: PAGE_GAP }}>
        {sizes.map((size, index) => {
          const live = near.has(index);
          const css = { width: size.width * scale, height: size.height * scale };
          return (
            <PageSlot
              // biome-ignore lint/suspicious/noArrayIndexKey: a page's index is its identity within one document.
              key={index}
              pdf={pdf}
              index={index}
              count={sizes.length}
              width={css.width}
              height={css.height}
              pixelsPerPoint={live ? canvasPixelsPerPoint(size, scale, ratio) : 0}
              counter={counter}
              overlay={live ? renderOverlay?.(index, css) : undefined}
              onShown={onPageShown}
            />
          );
        })}
      </div>
    </section>
  );
}

interface PageSlotProps {
  pdf: PdfHandle;
  index: number;
  count: number;
  width: number;
  height: number;
  /** 0 for a page that is not drawn. */
  pixelsPerPoint: number;
  counter: CanvasCounter;
  overlay: ReactNode;
  onShown: ((pageIndex: number) => void) | undefined;
}

const PageSlot = memo(function PageSlot(props: PageSlotProps) {
  const { pdf, index, count, width, height, pixelsPerPoint, counter, overlay, onShown } = props;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a page groups its drawing and its fields; <fieldset> is a form's.
    <div
      className="pdf-page"
      role="group"
      aria-label={`Page ${index + 1} of ${count}`}
      data-page-index={index}
      style={{ width, height, marginBottom: index === count - 1 ? 0 : PAGE_GAP }}
    >
      {pixelsPerPoint > 0 ? (
        <PageCanvas
          pdf={pdf}
          index={index}
          pixelsPerPoint={pixelsPerPoint}
          priority={0}
          counter={counter}
          {...(onShown === undefined ? {} : { onShown })}
        />
      ) : null}
      {overlay != null ? <div className="pdf-page-overlay">{overlay}</div> : null}
    </div>
  );
});
