import { defineMessages } from "../../../common/i18n/define-messages";

/** The words of DocumentsScreen.tsx, apart from its code. */
export const documentsScreenMessages = defineMessages({
  documentTitle: {
    id: "documents.documentTitle",
    defaultMessage: "Document",
    description: "Heading of a document's details while it is read, or when it is not found.",
  },
  loading: { id: "documents.loading", defaultMessage: "Loading…", description: "While a document's details are read." },
  notFound: {
    id: "documents.notFound",
    defaultMessage: "Signdesk has no record of the document “{pdfId}” for {account}.",
    description: "{pdfId} is the document's ID; {account} is the account's name.",
  },
  notFoundThisAccount: {
    id: "documents.notFoundThisAccount",
    defaultMessage: "Signdesk has no record of the document “{pdfId}” for this account.",
    description: "{pdfId} is the document's ID.",
  },
  send: { id: "documents.send", defaultMessage: "Send a document", description: "Opens the Send screen." },
  refresh: {
    id: "documents.refresh",
    defaultMessage: "Refresh now",
    description: "Checks the statuses of the unfinished documents with the service.",
  },
  import: {
    id: "documents.import",
    defaultMessage: "Import from service",
    description: "Lists the documents the service has that Signdesk does not.",
  },
  importing: { id: "documents.importing", defaultMessage: "Importing…" },
  importingCount: {
    id: "documents.importingCount",
    defaultMessage: "Importing {count, number}…",
    description: "{count} is how many documents were read so far.",
  },
  queued: {
    id: "documents.queued",
    defaultMessage: "Queued",
    description: "Heading: documents waiting in the Outbox to be sent.",
  },
  batchFilter: {
    id: "documents.batchFilter",
    defaultMessage: "Showing the documents of the bulk send “{fileName}”.",
    description: "{fileName} is the CSV file the bulk send was made from.",
  },
  showEvery: { id: "documents.showEvery", defaultMessage: "Show every document" },
  find: { id: "documents.find", defaultMessage: "Find documents", description: "The search and filter toolbar." },
  search: { id: "documents.search", defaultMessage: "Search", description: "Label of the search field." },
  searchPlaceholder: { id: "documents.searchPlaceholder", defaultMessage: "Name or recipient" },
  status: { id: "documents.status", defaultMessage: "Status", description: "Label of the status filter." },
  allStatuses: { id: "documents.allStatuses", defaultMessage: "All statuses" },
  statusOption: {
    id: "documents.statusOption",
    defaultMessage: "{status} ({count, number})",
    description: "A status in the filter, with how many documents have it: 'Signed (12)'.",
  },
  sortBy: { id: "documents.sortBy", defaultMessage: "Sort by" },
  loadingList: { id: "documents.loadingList", defaultMessage: "Loading documents…" },
  unreadable: {
    id: "documents.unreadable",
    defaultMessage: "Documents could not be read: {reason}",
  },
  empty: {
    id: "documents.empty",
    defaultMessage:
      "No documents yet. Send one from a template, or choose “Import from service” to list the documents the service already has.",
  },
  showing: {
    id: "documents.showing",
    defaultMessage: "Showing {shown, number} of {all, plural, other {# documents}}",
    description: "With a search or filter: how many documents match, of all. English says 'documents' for every count.",
  },
  count: {
    id: "documents.count",
    defaultMessage: "{count, plural, one {# document} other {# documents}}",
    description: "How many documents the account has.",
  },
  noMatch: { id: "documents.noMatch", defaultMessage: "No document matches." },
  clearFilter: { id: "documents.clearFilter", defaultMessage: "Clear search and filter" },
  caption: {
    id: "documents.caption",
    defaultMessage:
      "Documents, sorted by {sort, select, newest {newest sent first} name {name (A to Z)} other {status}}",
    description: "The table's caption, for screen readers; the orders are those of the Sort by menu.",
  },
});
