/** Previous and next page buttons with "Page n of m", for lists read a page at a time; nothing for one page. */
export function Pager({
  page,
  pages,
  label,
  onPage,
}: {
  /** From 0. */
  page: number;
  pages: number;
  label: string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span>
        Page {page + 1} of {pages}
      </span>
      <button type="button" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
