import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";

const messages = defineMessages({
  previous: { id: "components.pager.previous", defaultMessage: "Previous page" },
  next: { id: "components.pager.next", defaultMessage: "Next page" },
  position: { id: "components.pager.position", defaultMessage: "Page {page, number} of {pages, number}" },
});

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
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {intl.formatMessage(messages.previous)}
      </button>
      <span>{intl.formatMessage(messages.position, { page: page + 1, pages })}</span>
      <button type="button" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {intl.formatMessage(messages.next)}
      </button>
    </nav>
  );
}
