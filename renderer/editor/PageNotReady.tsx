import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";

const appName = "Signdesk";

const messages = defineMessages({
  unreadable: {
    id: "editor.pageNotReady.unreadable",
    defaultMessage: "This page could not be read: no field can go on it.",
  },
  reading: { id: "editor.pageNotReady.reading", defaultMessage: "Reading this page…" },
  unreadablePages: {
    id: "editor.pageNotReady.unreadablePages",
    defaultMessage:
      "{count, plural, one {Page {pages}} other {Pages {pages}}} could not be read, so no field can go there yet. {appName} is checking the whole file and will say if it cannot be used.",
    description: "{pages} is a list of page numbers ('3', or '2, 5 and 7').",
  },
});

/**
 * Over a page whose size is not known yet (a new PDF's, read in the background while main makes the draft):
 * no field can go on it until it is, and this says why.
 */
export function PageNotReady({ unreadable }: { unreadable: boolean }) {
  const intl = useIntl();
  return (
    <div className="page-not-ready">
      <span className={unreadable ? "page-not-ready-label unreadable" : "page-not-ready-label"} dir="auto">
        {intl.formatMessage(unreadable ? messages.unreadable : messages.reading)}
      </span>
    </div>
  );
}

/** Says which pages pdf.js could not read, while main checks the whole file. */
export function UnreadablePages({ pages }: { pages: readonly number[] }) {
  const intl = useIntl();
  const list = intl.formatList(
    pages.map((page) => intl.formatNumber(page)),
    { type: "conjunction" },
  );
  return (
    <p className="notice editor-notice" role="status">
      {intl.formatMessage(messages.unreadablePages, { count: pages.length, pages: list, appName })}
    </p>
  );
}
