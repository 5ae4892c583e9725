import { type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef } from "react";
import { type CanvasCounter, useCanvasCounter } from "./canvas-counter";
import type { PdfHandle, Size } from "./load-pdf";
import { PageCanvas } from "./PageCanvas";
import { useDevicePixelRatio } from "./use-device-pixel-ratio";
import { useLatest } from "./use-latest";
import { useNearPages } from "./use-near-pages";
import "./pdf.css";

/** Each page image fits this box (CSS px). */
export const THUMBNAIL_BOX = { width: 112, height: 144 };
/** At most this many thumbnails hold a canvas at once. */
export const MAX_LIVE_THUMBNAILS = 24;

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
 * A strip of small page images, each a button "Go to page N". Drawn lazily like the pages (only near the
 * strip's view), at a low resolution: the image's own CSS size at the device pixel ratio. One Tab stop
 * (the current page); the arrow keys, Home and End move between pages.
 */
export function PageThumbnails({ pdf, currentPage, onSelect, label, sizes: given }: PageThumbnailsProps) {
  const strip = useRef<HTMLElement>(null);
  const ratio = useDevicePixelRatio();
  const counter = useCanvasCounter(strip);
  const fromPdf = useMemo(() => Array.from({ length: pdf.pageCount }, (_, index) => pdf.pageSize(index)), [pdf]);
  const sizes = given ?? fromPdf;
  const { near } = useNearPages(strip, {
    attribute: "thumbnail-index",
    count: sizes.length,
    generation: pdf,
    max: MAX_LIVE_THUMBNAILS,
  });
  const latestSelect = useLatest(onSelect);
  const select = useCallback((index: number) => latestSelect.current(index), [latestSelect]);

  // Keeps the current page's thumbnail within the strip's view.
  useEffect(() => {
    const root = strip.current;
    const item = root?.querySelector<HTMLElement>(`[data-thumbnail-index="${currentPage}"]`);
    if (root == null || item == null) return;
    if (item.offsetTop < root.scrollTop) root.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > root.scrollTop + root.clientHeight) {
      root.scrollTop = item.offsetTop + item.offsetHeight - root.clientHeight;
    }
  }, [currentPage]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const from = Number(
      (event.target as HTMLElement).closest<HTMLElement>("[data-thumbnail-index]")?.dataset.thumbnailIndex,
    );
    if (!Number.isInteger(from)) return;
    const last = sizes.length - 1;
    const moves: Record<string, number> = { ArrowUp: from - 1, ArrowDown: from + 1, Home: 0, End: last };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const index = Math.min(last, Math.max(0, to));
    strip.current?.querySelector<HTMLButtonElement>(`[data-thumbnail-index="${index}"] button`)?.focus();
  };

  return (
    <nav ref={strip} className="pdf-thumbnails" aria-label={label ?? "Page thumbnails"} onKeyDown={onKeyDown}>
      <ol className="pdf-thumbnail-list">
        {sizes.map((size, index) => {
          const shown = thumbnailSize(size);
          const live = near.has(index);
          return (
            <Thumbnail
              // biome-ignore lint/suspicious/noArrayIndexKey: a page's index is its identity within one document.
              key={index}
              pdf={pdf}
              index={index}
              width={shown.width}
              height={shown.height}
              pixelsPerPoint={live ? (shown.width / size.width) * ratio : 0}
              current={index === currentPage}
              counter={counter}
              onSelect={select}
            />
          );
        })}
      </ol>
    </nav>
  );
}

interface ThumbnailProps {
  pdf: PdfHandle;
  index: number;
  width: number;
  height: number;
  /** 0 for a thumbnail that is not drawn. */
  pixelsPerPoint: number;
  current: boolean;
  counter: CanvasCounter;
  onSelect: (index: number) => void;
}

const Thumbnail = memo(function Thumbnail(props: ThumbnailProps) {
  const { pdf, index, width, height, pixelsPerPoint, current, counter, onSelect } = props;
  return (
    <li className="pdf-thumbnail-item" data-thumbnail-index={index}>
      <button
        type="button"
        className="pdf-thumbnail"
        aria-label={`Go to page ${index + 1}`}
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
