import { memo, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import { type CanvasCounter, useCanvasCounter } from "./canvas-counter";
import { columnLayout, extentOf, extentsBetween } from "./column-layout";
import type { PdfHandle, Size } from "./load-pdf";
import { canvasPixelsPerPoint, PageCanvas } from "./PageCanvas";
import { useDevicePixelRatio } from "./use-device-pixel-ratio";
import { useLatest } from "./use-latest";
import { usePageWindow } from "./use-page-window";
import { mostVisiblePage, visibleHeight } from "./visibility";
import "./pdf.css";

const messages = defineMessages({
  pages: { id: "pdf.pages.label", defaultMessage: "Document pages" },
  page: { id: "pdf.pages.page", defaultMessage: "Page {page, number} of {count, number}" },
});

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
 * right for any number of pages, but only pages within about one screen of the view are in the DOM, and
 * of those at most MAX_LIVE_PAGES are drawn, at the device pixel ratio. A page that leaves that range has
 * its render cancelled and its canvas removed. The container's `data-live-canvases` tells how many
 * canvases exist.
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
  const intl = useIntl();
  const container = useRef<HTMLElement>(null);
  const column = useRef<HTMLDivElement>(null);
  const ratio = useDevicePixelRatio();
  const counter = useCanvasCounter(container);
  const sizes = given ?? pdf.pageSizes;
  const layout = useMemo(
    () =>
      columnLayout(
        sizes.map((size) => size.height * scale),
        PAGE_GAP,
        PAGE_GAP,
      ),
    [sizes, scale],
  );
  const widest = useMemo(() => sizes.reduce((most, size) => Math.max(most, size.width), 0) * scale, [sizes, scale]);
  const onVisible = useLatest(onVisiblePageChange);
  const visible = useRef(-1);
  /**
   * Where the view's top is, kept when the pages are laid out anew (a zoom, a draft's own page sizes): a
   * page, a fraction of its height, and the pixels of the gap above it when the view's top is in that gap.
   */
  const anchor = useRef({ index: 0, fraction: 0, gap: -PAGE_GAP });
  /**
   * The page scrolled to by `scrollToPage`: the visible page until the view moves, even where the end of
   * the document keeps it from the top of the view (several short last pages).
   */
  const pinned = useRef<{ index: number; scrollTop: number } | null>(null);

  // Before the page window's own work, so that it takes the window from where these put the view.
  const {
    window: shown,
    view,
    refresh,
  } = usePageWindow(container, {
    layout,
    offset: 0,
    max: MAX_LIVE_PAGES,
  });

  // Laid out anew, the same place of the same page stays at the top of the view.
  const laidOut = useRef(layout);
  useLayoutEffect(() => {
    if (laidOut.current === layout) return;
    laidOut.current = layout;
    const root = container.current;
    if (root === null || anchor.current.index >= layout.tops.length) return;
    const { top, height } = extentOf(layout, anchor.current.index);
    root.scrollTop = top + anchor.current.fraction * height + anchor.current.gap;
    refresh();
  }, [layout, refresh]);

  // Across, the page at the top of the view is centred when it fits the view, else shown from its left
  // edge: a wider page elsewhere (a landscape one) widens the column but must not push this one aside.
  useLayoutEffect(() => {
    const root = container.current;
    const size = sizes[anchor.current.index];
    if (root === null || column.current === null || size === undefined) return;
    const width = size.width * scale;
    const left = (column.current.offsetWidth - width) / 2;
    root.scrollLeft = width <= root.clientWidth ? left + width / 2 - root.clientWidth / 2 : left - PAGE_GAP;
  }, [scale, sizes]);

  const target = scrollToPage?.index ?? 0;
  const token = scrollToPage?.token;
  // Only a new token scrolls: the layout and the window are read, not watched (a new layout keeps the
  // anchor instead, wherever the view has gone since).
  const latestLayout = useLatest(layout);
  const latestRefresh = useLatest(refresh);
  useLayoutEffect(() => {
    const root = container.current;
    if (token === undefined || root === null || target >= latestLayout.current.tops.length) return;
    root.scrollTop = extentOf(latestLayout.current, target).top - PAGE_GAP;
    pinned.current = { index: target, scrollTop: root.scrollTop };
    latestRefresh.current();
  }, [target, token, latestLayout, latestRefresh]);

  useEffect(() => {
    const root = container.current;
    // Nothing to track before pages are in range; each change of the range (a resize too) tracks anew.
    if (root === null || shown.last < shown.first) return;
    let frame = 0;
    const track = () => {
      frame = 0;
      const seen = view();
      const inView = extentsBetween(layout, seen.top, seen.top + seen.height);
      if (pinned.current !== null && pinned.current.scrollTop !== root.scrollTop) pinned.current = null;
      const pin = pinned.current;
      const pinShown = pin !== null && visibleHeight(extentOf(layout, pin.index), seen) > 0;
      const page = pin !== null && pinShown ? pin.index : mostVisiblePage(inView, seen);
      const atTop = inView.find((extent) => extent.top + extent.height > seen.top);
      if (atTop !== undefined) {
        const into = seen.top - atTop.top;
        anchor.current = {
          index: atTop.index,
          fraction: Math.max(0, into) / Math.max(1, atTop.height),
          gap: Math.min(0, into),
        };
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
  }, [view, layout, onVisible, shown]);

  const slots: ReactNode[] = [];
  for (let index = shown.first; index <= shown.last; index += 1) {
    const size = sizes[index];
    if (size === undefined) continue;
    const live = shown.near.has(index);
    const css = { width: size.width * scale, height: size.height * scale };
    slots.push(
      <PageSlot
        key={index}
        pdf={pdf}
        index={index}
        count={sizes.length}
        top={extentOf(layout, index).top}
        width={css.width}
        height={css.height}
        pixelsPerPoint={live ? canvasPixelsPerPoint(size, scale, ratio) : 0}
        counter={counter}
        overlay={live ? renderOverlay?.(index, css) : undefined}
        onShown={onPageShown}
      />,
    );
  }

  const name = label ?? intl.formatMessage(messages.pages);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it.
    <section ref={container} className="pdf-pages" aria-label={name} tabIndex={0}>
      <div ref={column} className="pdf-pages-column" style={{ width: widest + 2 * PAGE_GAP, height: layout.height }}>
        {slots}
      </div>
    </section>
  );
}

interface PageSlotProps {
  pdf: PdfHandle;
  index: number;
  count: number;
  /** From the column's top (CSS px). */
  top: number;
  width: number;
  height: number;
  /** 0 for a page that is not drawn. */
  pixelsPerPoint: number;
  counter: CanvasCounter;
  overlay: ReactNode;
  onShown: ((pageIndex: number) => void) | undefined;
}

const PageSlot = memo(function PageSlot(props: PageSlotProps) {
  const { pdf, index, count, top, width, height, pixelsPerPoint, counter, overlay, onShown } = props;
  const intl = useIntl();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a page groups its drawing and its fields; <fieldset> is a form's.
    <div
      className="pdf-page"
      role="group"
      aria-label={intl.formatMessage(messages.page, { page: index + 1, count })}
      data-page-index={index}
      style={{ top, width, height }}
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
