import type { Page } from "playwright-core";

/**
 * Text a person cannot read whole, as the page is laid out now: text cut by a box that hides what overflows it
 * (overflow hidden or clip, an ellipsis), and text with other text or a control drawn over it. Looked at where a
 * modal dialog is open only inside it (the page behind is inert and covered on purpose), and text that scrolls under a
 * bar pinned to the window's edge is not covered: scrolled, it shows. Text inside the PDF page
 * is the document's own and not checked; visually hidden text (the screen readers' 1 × 1 px) neither.
 */
export async function textLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const modal = document.querySelector("dialog:modal");
    const scope: Element = modal ?? document.body;
    const describe = (element: Element) => {
      const id = element.id === "" ? "" : `#${element.id}`;
      const classes = [...element.classList]
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join("");
      return `${element.tagName.toLowerCase()}${id}${classes}`;
    };
    const isVisuallyHidden = (element: Element) => {
      for (let up: Element | null = element; up !== null; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) return true;
        const box = up.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return true;
        if (style.clip !== "auto" && style.clip !== "" && style.position === "absolute") return true;
        if (style.clipPath !== "none" && style.clipPath !== "") return true;
      }
      return false;
    };
    const hides = (value: string) => value === "hidden" || value === "clip";
    const scrolls = (value: string) => value === "auto" || value === "scroll";
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.nodeValue ?? "";
      if (text.trim() === "") continue;
      const parent = node.parentElement;
      if (parent === null || parent.closest(".pdf-page, .page-canvas, canvas, svg, script, style, option") !== null) {
        continue;
      }
      if (isVisuallyHidden(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5 && rect.height > 0.5);
      const label = `“${text.trim().slice(0, 40)}” in ${describe(parent)}`;
      let visibleArea: DOMRect | null = new DOMRect(0, 0, innerWidth, innerHeight);
      for (let up: Element | null = parent; up !== null && up !== document.documentElement; up = up.parentElement) {
        const style = getComputedStyle(up);
        const box = up.getBoundingClientRect();
        const inner = new DOMRect(
          box.left + up.clientLeft,
          box.top + up.clientTop,
          up.clientWidth || box.width,
          up.clientHeight || box.height,
        );
        for (const rect of rects) {
          const outX = rect.left < inner.left - 1 || rect.right > inner.right + 1;
          const outY = rect.top < inner.top - 1 || rect.bottom > inner.bottom + 1;
          if ((hides(style.overflowX) && outX) || (hides(style.overflowY) && outY)) {
            problems.push(`${label} is cut off by ${describe(up)}`);
            break;
          }
        }
        if (scrolls(style.overflowX) || scrolls(style.overflowY) || hides(style.overflowX) || hides(style.overflowY)) {
          const left = Math.max(visibleArea?.left ?? 0, inner.left);
          const top = Math.max(visibleArea?.top ?? 0, inner.top);
          const right = Math.min(visibleArea?.right ?? innerWidth, inner.right);
          const bottom = Math.min(visibleArea?.bottom ?? innerHeight, inner.bottom);
          visibleArea = right > left && bottom > top ? new DOMRect(left, top, right - left, bottom - top) : null;
        }
      }
      if (parent.scrollWidth > parent.clientWidth + 1 && getComputedStyle(parent).textOverflow === "ellipsis") {
        problems.push(`${label} ends in an ellipsis`);
      }
      if (visibleArea === null) continue;
      for (const rect of rects) {
        const x = rect.left + rect.width / 2;
        const y = rect.top + rect.height / 2;
        // Text partly scrolled out of its view is not covered: scrolling shows it.
        const inView =
          rect.left >= visibleArea.left - 1 &&
          rect.right <= visibleArea.right + 1 &&
          rect.top >= visibleArea.top - 1 &&
          rect.bottom <= visibleArea.bottom + 1;
        if (!inView) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit === null || parent.contains(hit) || hit.contains(parent)) continue;
        // What lies over the text: another element with text of its own, or a control. A bar fixed or stuck to the
        // window's edge covers what scrolls under it by design: the text is read once scrolled into view.
        const covering = hit.closest("button, input, select, textarea, a, img, svg") ?? hit;
        let pinned = false;
        for (let up: Element | null = covering; up !== null && !pinned; up = up.parentElement) {
          pinned = /^(fixed|sticky)$/.test(getComputedStyle(up).position);
        }
        if (pinned) continue;
        const hasText = (covering.textContent ?? "").trim() !== "";
        if (hasText || covering !== hit) {
          problems.push(`${label} is covered by ${describe(covering)}`);
          break;
        }
      }
    }
    return [...new Set(problems)];
  });
}
