import { defineMessages } from "../../../common/i18n/define-messages";

/** The words of BulkSendScreen.tsx, apart from its code. */
export const bulkSendScreenMessages = defineMessages({
  unnamedGroup: {
    id: "bulk.send.unnamedGroup",
    defaultMessage: "Recipient {number, number}",
    description: "A template's recipient group that has no label, by its number (1 for the first).",
  },
  titleNew: { id: "bulk.send.title", defaultMessage: "Send to many", description: "Heading of the bulk send screen." },
  titleBatch: {
    id: "bulk.send.titleBatch",
    defaultMessage: "Bulk send: {fileName}",
    description: "Heading of the bulk send screen showing one bulk send, named by its CSV file.",
  },
  backToDocuments: { id: "bulk.send.backToDocuments", defaultMessage: "Back to Documents" },
  batchSummary: {
    id: "bulk.send.batchSummary",
    defaultMessage: "{templateName} · {total, plural, other {# rows}} from {fileName}",
    description: "Under the heading: the template sent, and how many rows of which CSV file.",
  },
  intro: {
    id: "bulk.send.intro",
    defaultMessage:
      "One document per row of a CSV file (from Excel, Google Sheets, LibreOffice…): each row names the recipients, and may name the document and the e-mail subject. Nothing is sent until you have checked the rows.",
  },
  loadingTemplates: { id: "bulk.send.loadingTemplates", defaultMessage: "Loading templates…" },
  templatesFailed: {
    id: "bulk.send.templatesFailed",
    defaultMessage: "Templates could not be read: {reason}",
    description: "The reason is an error message.",
  },
  noTemplates: {
    id: "bulk.send.noTemplates",
    defaultMessage: "No templates yet: create one on the Templates screen, then send it to many here.",
  },
  template: { id: "bulk.send.template", defaultMessage: "Template", description: "Label of the template's choice." },
  templateOption: {
    id: "bulk.send.templateOption",
    defaultMessage: "{name} ({count, plural, one {# recipient} other {# recipients}})",
    description: "A template in the list to choose from: its name, and how many recipient groups it has.",
  },
  csvFile: { id: "bulk.send.csvFile", defaultMessage: "CSV file" },
  fileHint: {
    id: "bulk.send.fileHint",
    defaultMessage:
      "A header row, then one row per document; comma, semicolon or tab separated; up to {maxRows, number} rows. Recipient groups: {groups}.",
    description: "Under the CSV file's field; the groups are the chosen template's recipient groups, listed.",
  },
  reading: { id: "bulk.send.reading", defaultMessage: "Reading the file…" },
  fileTooBig: {
    id: "bulk.send.fileTooBig",
    defaultMessage:
      "{fileName} is {size, number, ::.0} MB; a bulk send file can be at most {max, number} MB. Split it into smaller files.",
    description: "The chosen CSV file is too big; sizes in megabytes.",
  },
  columnsTitle: {
    id: "bulk.send.columnsTitle",
    defaultMessage: "Columns of {fileName}",
    description: "Heading: which column of the CSV file holds what.",
  },
  fileRead: {
    id: "bulk.send.fileRead",
    defaultMessage:
      "{rows, plural, other {# rows}} · read as {encoding}, separated by {separator, select, tab {tabs} semicolon {semicolons} other {commas}}. Columns were matched by their headers; change any that is wrong.",
    description: "How the CSV file was read: its rows, its text encoding (e.g. UTF-8), what separates its columns.",
  },
  missingColumns: {
    id: "bulk.send.missingColumns",
    defaultMessage: "Choose the name and e-mail columns of: {groups}.",
    description: "The recipient groups (listed) whose columns are not chosen yet.",
  },
  checkRows: {
    id: "bulk.send.checkRows",
    defaultMessage: "Check the rows",
    description: "Button, and the heading of the next step: review each row of the CSV file before sending.",
  },
  summary: {
    id: "bulk.send.summary",
    defaultMessage:
      "{ready, plural, other {# ready to send}} · {needFixing, plural, other {# to fix or leave out}} · {leftOut, plural, other {# left out}}",
    description: "How many rows of the CSV file are ready, need fixing, are left out.",
  },
  backToColumns: { id: "bulk.send.backToColumns", defaultMessage: "Back to the columns" },
  starting: { id: "bulk.send.starting", defaultMessage: "Starting…", description: "The send button while it starts." },
  sendDocuments: {
    id: "bulk.send.sendDocuments",
    defaultMessage: "Send {count, plural, one {# document} other {# documents}}",
    description: "Button: sends one document per row ready to send.",
  },
  fixFirst: {
    id: "bulk.send.fixFirst",
    defaultMessage: "Fix or leave out every row that needs it to send the others.",
  },
});
