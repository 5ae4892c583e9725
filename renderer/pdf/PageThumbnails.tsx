import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import { type CanvasCounter, useCanvasCounter } from "./canvas-counter";
import { columnLayout, extentOf } from "./column-layout";
import type { PdfHandle, Size } from "./load-pdf";
import { PageCanvas } from "./PageCanvas";
import { useDevicePixelRatio } from "./use-device-pixel-ratio";
import { useLatest } from "./use-latest";
import { usePageWindow } from "./use-page-window";
import "./pdf.css";

const messages = defineMessages({
  strip: { id: "pdf.thumbnails.label", defaultMessage: "Page thumbnails" },
  goTo: { id: "pdf.thumbnails.goTo", defaultMessage: "Go to page {page, number}" },
});

/** Each page image fits this box (CSS px). */
export const THUMBNAIL_BOX = { width: 112, height: 144 };
/** At most this many thumbnails hold a canvas at once. */
export const MAX_LIVE_THUMBNAILS = 24;
/** CSS px around the list (the strip's padding). */
const STRIP_PADDING = 8;
/** CSS px between thumbnails. */
const THUMBNAIL_GAP = 4;
/** A thumbnail's height besides its image: the button's padding (6 + 6), the gap (4) and the number's line (16); pdf.css. */
const THUMBNAIL_CHROME = 32;

export interface PageThumbnailsProps {
  pdf: PdfHandle;
  /** The page shown in the pages view: marked with aria-current and kept in view. */
  currentPage: number;
  onSelect: (pageIndex: number) => void;
  label?: string;
  /** Each page's size in points as displayed, when the caller knows better than `pdf` (the editor's draft). */
  sizes?: readonly Size[];
}

function thumbnailSize(page: Size): Size {
  const scale = Math.min(THUMBNAIL_BOX.width / page.width, THUMBNAIL_BOX.height / page.height);
  return { width: page.width * scale, height: page.height * scale };
}

/**
 * A strip of small page images, each a button "Go to page N". Only thumbnails near the strip's view are in
 * the DOM (and the current page's, the strip's Tab stop), drawn at a low resolution: the image's own CSS
 * size at the device pixel ratio. One Tab stop (the current page); the arrow keys, Home and End move
 * between pages.
 */
export function PageThumbnails({ pdf, currentPage, onSelect, label, sizes: given }: PageThumbnailsProps) {
  const intl = useIntl();
  const strip = useRef<HTMLElement>(null);
  const ratio = useDevicePixelRatio();
  const counter = useCanvasCounter(strip);
  const sizes = given ?? pdf.pageSizes;
  const shownSizes = useMemo(() => sizes.map(thumbnailSize), [sizes]);
  const layout = useMemo(
    () =>
      columnLayout(
        shownSizes.map((size) => size.height + THUMBNAIL_CHROME),
        THUMBNAIL_GAP,
        0,
      ),
    [shownSizes],
  );
  const { window: shown, refresh } = usePageWindow(strip, {
    layout,
    offset: STRIP_PADDING,
    max: MAX_LIVE_THUMBNAILS,
  });
  const latestSelect = useLatest(onSelect);
  const select = useCallback((index: number) => latestSelect.current(index), [latestSelect]);
  /** The thumbnail that has the focus: it stays in the DOM wherever the strip scrolls, keeping the focus. */
  const [focused, setFocused] = useState<number | null>(null);
  /** The thumbnail a key moved to: focused once it is in the DOM (it may have been outside the strip's view). */
  const focusWanted = useRef<number | null>(null);
  const indexOf = (target: EventTarget | null) =>
    Number((target as HTMLElement | null)?.closest<HTMLElement>("[data-thumbnail-index]")?.dataset.thumbnailIndex);

  /** Scrolls the strip, the least, so that the thumbnail of `index` is in its view. */
  const reveal = useCallback(
    (index: number) => {
      const root = strip.current;
      if (root === null) return;
      const { top, height } = extentOf(layout, index);
      const itemTop = STRIP_PADDING + top;
      if (itemTop < root.scrollTop) root.scrollTop = itemTop;
      else if (itemTop + height > root.scrollTop + root.clientHeight) {
        root.scrollTop = itemTop + height - root.clientHeight;
      }
      refresh();
    },
    [layout, refresh],
  );

  useLayoutEffect(() => {
    if (currentPage < layout.tops.length) reveal(currentPage);
  }, [currentPage, layout, reveal]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once a key's thumbnail is mounted, to focus it.
  useLayoutEffect(() => {
    const index = focusWanted.current;
    if (index === null) return;
    focusWanted.current = null;
    strip.current?.querySelector<HTMLButtonElement>(`[data-thumbnail-index="${index}"] button`)?.focus();
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const from = indexOf(event.target);
    if (!Number.isInteger(from)) return;
    const last = sizes.length - 1;
    const moves: Record<string, number> = { ArrowUp: from - 1, ArrowDown: from + 1, Home: 0, End: last };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const index = Math.min(last, Math.max(0, to));
    if (index === from) return;
    focusWanted.current = index;
    setFocused(index);
    reveal(index);
  };

  const mounted = new Set<number>();
  for (let index = shown.first; index <= shown.last; index += 1) mounted.add(index);
  if (currentPage < sizes.length) mounted.add(currentPage);
  if (focused !== null && focused < sizes.length) mounted.add(focused);
  const items: ReactNode[] = [];
  for (const index of [...mounted].sort((a, b) => a - b)) {
    const size = sizes[index];
    const image = shownSizes[index];
    if (size === undefined || image === undefined) continue;
    items.push(
      <Thumbnail
        key={index}
        pdf={pdf}
        index={index}
        count={sizes.length}
        top={extentOf(layout, index).top}
        width={image.width}
        height={image.height}
        pixelsPerPoint={shown.near.has(index) ? (image.width / size.width) * ratio : 0}
        current={index === currentPage}
        counter={counter}
        onSelect={select}
      />,
    );
  }

  return (
    <nav
      ref={strip}
      className="pdf-thumbnails"
      style={{ padding: STRIP_PADDING }}
      aria-label={label ?? intl.formatMessage(messages.strip)}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const index = indexOf(event.target);
        setFocused(Number.isInteger(index) ? index : null);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
      }}
    >
      <ol className="pdf-thumbnail-list" style={{ height: layout.height }}>
        {items}
      </ol>
    </nav>
  );
}

interface ThumbnailProps {
  pdf: PdfHandle;
  index: number;
  count: number;
  /** From the list's top (CSS px). */
  top: number;
  width: number;
  height: number;
  /** 0 for a thumbnail that is not drawn. */
  pixelsPerPoint: number;
  current: boolean;
  counter: CanvasCounter;
  onSelect: (index: number) => void;
}

const Thumbnail = memo(function Thumbnail(props: ThumbnailProps) {
  const { pdf, index, count, top, width, height, pixelsPerPoint, current, counter, onSelect } = props;
  const intl = useIntl();
  return (
    <li
      className="pdf-thumbnail-item"
      data-thumbnail-index={index}
      style={{ top }}
      aria-setsize={count}
      aria-posinset={index + 1}
    >
      <button
        type="button"
        className="pdf-thumbnail"
        aria-label={intl.formatMessage(messages.goTo, { page: index + 1 })}
        aria-current={current ? "page" : undefined}
        tabIndex={current ? 0 : -1}
        onClick={() => onSelect(index)}
      >
        <span className="pdf-thumbnail-image" style={{ width, height }}>
          {pixelsPerPoint > 0 ? (
            <PageCanvas pdf={pdf} index={index} pixelsPerPoint={pixelsPerPoint} priority={1} counter={counter} />
          ) : null}
        </span>
        <span className="pdf-thumbnail-number" aria-hidden="true">
          {index + 1}
        </span>
      </button>
    </li>
  );
});
