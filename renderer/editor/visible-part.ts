import type { Rect } from "./state/types";

/**
 * The part of page `pageIndex` that is on screen in the scrolling `area`, in page points (from the page's
 * top-left, as displayed); null when the page is not in the window (only pages near the view are).
 */
export function visiblePartOfPage(area: HTMLElement, pageIndex: number, scale: number): Rect | null {
  const pageElement = area.querySelector<HTMLElement>(`.pdf-page[data-page-index="${pageIndex}"]`);
  const scroller = area.querySelector<HTMLElement>(".pdf-pages") ?? area;
  if (pageElement === null || scale <= 0) return null;
  const page = pageElement.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  const left = Math.max(page.left, view.left);
  const top = Math.max(page.top, view.top);
  const right = Math.min(page.right, view.left + scroller.clientWidth);
  const bottom = Math.min(page.bottom, view.top + scroller.clientHeight);
  if (right <= left || bottom <= top) return null;
  return {
    x: (left - page.left) / scale,
    y: (top - page.top) / scale,
    width: (right - left) / scale,
    height: (bottom - top) / scale,
  };
}
