import type { IntlShape } from "react-intl";
import type { DocumentSort } from "../../../common/document-list";
import { defineMessages } from "../../../common/i18n/define-messages";

const messages = defineMessages({
  newest: { id: "documents.sort.newest", defaultMessage: "Newest sent first", description: "An order of the list." },
  name: { id: "documents.sort.name", defaultMessage: "Name (A to Z)", description: "An order of the list." },
  status: { id: "documents.sort.status", defaultMessage: "Status", description: "An order of the list: by status." },
});

/** The list's orders, in the order the "Sort by" menu offers them. */
export const sortOrders: readonly DocumentSort[] = ["newest", "name", "status"];

/** An order's name in the "Sort by" menu. */
export function sortLabel(intl: IntlShape, sort: DocumentSort): string {
  return intl.formatMessage(messages[sort]);
}

/** Statuses the account's documents have that the app does not know, to offer them in the filter too. */
export function otherStatuses(statuses: readonly string[], known: readonly string[]): string[] {
  return [...new Set(statuses.filter((status) => !known.includes(status)))].sort();
}
