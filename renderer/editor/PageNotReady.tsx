/**
 * Over a page whose size is not known yet (a new PDF's, read in the background while main makes the draft):
 * no field can go on it until it is, and this says why.
 */
export function PageNotReady({ unreadable }: { unreadable: boolean }) {
  return (
    <div className="page-not-ready">
      <span className={unreadable ? "page-not-ready-label unreadable" : "page-not-ready-label"}>
        {unreadable ? "This page could not be read: no field can go on it." : "Reading this page…"}
      </span>
    </div>
  );
}

/** Says which pages pdf.js could not read, while main checks the whole file. */
export function UnreadablePages({ pages }: { pages: readonly number[] }) {
  const list = pages.length === 1 ? `Page ${pages[0]}` : `Pages ${pages.slice(0, -1).join(", ")} and ${pages.at(-1)}`;
  return (
    <p className="notice editor-notice" role="status">
      {list} could not be read, so no field can go there yet. Signdesk is checking the whole file and will say if it
      cannot be used.
    </p>
  );
}
