import type { DocumentRecord } from "../../../common/records";
import { statusRank } from "../../components/StatusBadge";

export type SortOrder = "newest" | "name" | "status";

export const sortLabels: Record<SortOrder, string> = {
  newest: "Newest sent first",
  name: "Name (A to Z)",
  status: "Status",
};

export interface DocumentQuery {
  /** Matched against the document's name and its recipients' names and e-mail addresses. */
  search: string;
  /** A status string, or "all". */
  status: string;
  sort: SortOrder;
}

const sentTime = (record: DocumentRecord) => {
  const time = Date.parse(record.sentAt);
  return Number.isNaN(time) ? 0 : time;
};

const byNewest = (a: DocumentRecord, b: DocumentRecord) => sentTime(b) - sentTime(a);
const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

export function matchesSearch(record: DocumentRecord, search: string): boolean {
  const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [record.name, ...record.recipients.flatMap((recipient) => [recipient.name, recipient.email])]
    .join("\n")
    .toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The documents to show, filtered and sorted as asked (ties: newest sent first). */
export function visibleDocuments(records: readonly DocumentRecord[], query: DocumentQuery): DocumentRecord[] {
  const shown = records.filter(
    (record) => (query.status === "all" || record.lastStatus === query.status) && matchesSearch(record, query.search),
  );
  switch (query.sort) {
    case "name":
      return shown.sort((a, b) => collator.compare(a.name, b.name) || byNewest(a, b));
    case "status":
      return shown.sort(
        (a, b) =>
          statusRank(a.lastStatus) - statusRank(b.lastStatus) ||
          collator.compare(a.lastStatus, b.lastStatus) ||
          byNewest(a, b),
      );
    default:
      return shown.sort(byNewest);
  }
}

/** Statuses present in the records that the app does not know, to offer them in the filter too. */
export function otherStatuses(records: readonly DocumentRecord[], known: readonly string[]): string[] {
  return [...new Set(records.map((record) => record.lastStatus).filter((status) => !known.includes(status)))].sort();
}
