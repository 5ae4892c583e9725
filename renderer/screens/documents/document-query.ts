import type { DocumentSort } from "../../../common/document-list";

export const sortLabels: Record<DocumentSort, string> = {
  newest: "Newest sent first",
  name: "Name (A to Z)",
  status: "Status",
};

/** Statuses the account's documents have that the app does not know, to offer them in the filter too. */
export function otherStatuses(statuses: readonly string[], known: readonly string[]): string[] {
  return [...new Set(statuses.filter((status) => !known.includes(status)))].sort();
}
