import { writeFile } from "node:fs/promises";
import path from "node:path";
import Papa from "papaparse";
import { safeFileName, splitExtension } from "../../common/file-names";
import { defineMessages } from "../../common/i18n/define-messages";
import type { Core } from "../core-types";
import { exists } from "../downloads/file-names";
import type { JournalledBatch } from "./bulk-journal";

/** What this uses of the core. */
export type ExportDeps = Pick<Core, "downloaded" | "downloadsDir" | "intl" | "records">;

const messages = defineMessages({
  line: { id: "main.bulk.csvLine", defaultMessage: "Line", description: "Bulk results CSV column: the row's line." },
  recipientName: {
    id: "main.bulk.csvRecipientName",
    defaultMessage: "Recipient {number, number} name",
    description: "Bulk results CSV column header.",
  },
  recipientEmail: {
    id: "main.bulk.csvRecipientEmail",
    defaultMessage: "Recipient {number, number} e-mail",
    description: "Bulk results CSV column header.",
  },
  documentName: { id: "main.bulk.csvDocumentName", defaultMessage: "Document name", description: "CSV column." },
  subject: { id: "main.bulk.csvSubject", defaultMessage: "E-mail subject", description: "CSV column." },
  outcome: { id: "main.bulk.csvOutcome", defaultMessage: "Outcome", description: "CSV column." },
  documentId: { id: "main.bulk.csvDocumentId", defaultMessage: "Document ID", description: "CSV column." },
  status: { id: "main.bulk.csvStatus", defaultMessage: "Status", description: "CSV column." },
  message: { id: "main.bulk.csvMessage", defaultMessage: "Message", description: "CSV column: why not sent." },
  rowOutcome: {
    id: "main.bulk.csvRowOutcome",
    defaultMessage:
      "{state, select, queued {not sent yet} sending {being sent} sent {sent} unknown {unknown: its answer was lost} failed {not sent} other {cancelled}}",
    description: "Bulk results CSV, Outcome column: what came of a row.",
  },
});

/** "<file> - results.csv", then "… - results (2).csv" when taken, in `directory`. */
async function uniqueResultsPath(directory: string, fileName: string): Promise<string> {
  const { stem } = splitExtension(fileName);
  for (let attempt = 1; attempt < 10_000; attempt += 1) {
    const suffix = attempt === 1 ? " - results.csv" : ` - results (${attempt}).csv`;
    const candidate = path.join(directory, safeFileName(stem, { suffix, fallback: "Bulk send" }));
    if (!(await exists(candidate))) return candidate;
  }
  throw new Error(`Too many results files for ${fileName} in ${directory}`);
}

/**
 * Writes a batch's results as CSV (UTF-8 with a BOM, so that Excel reads accents): each row's line in the file, its
 * recipients, document name, subject, what came of it, its document's ID and current status, and the reason when
 * it was not sent. Answers the file's path.
 */
export async function exportBatchResults(core: ExportDeps, batch: JournalledBatch): Promise<string> {
  const rows = core.records.bulk.rows(batch.batchId, 0, batch.total);
  const groups = Math.max(0, ...rows.map((row) => row.recipients.length));
  // In the language chosen when exporting.
  const intl = core.intl.intl;
  const words = (message: (typeof messages)[keyof typeof messages]) => intl.formatMessage(message);
  const header = [
    words(messages.line),
    ...Array.from({ length: groups }, (_, index) => [
      intl.formatMessage(messages.recipientName, { number: index + 1 }),
      intl.formatMessage(messages.recipientEmail, { number: index + 1 }),
    ]).flat(),
    words(messages.documentName),
    words(messages.subject),
    words(messages.outcome),
    words(messages.documentId),
    words(messages.status),
    words(messages.message),
  ];
  const body = rows.map((row) => {
    const record = row.pdfId === null ? undefined : core.records.documents.get(batch.accountId, row.pdfId);
    return [
      String(row.line),
      ...Array.from({ length: groups }, (_, index) => [
        row.recipients[index]?.name ?? "",
        row.recipients[index]?.email ?? "",
      ]).flat(),
      row.documentName,
      row.emailSubject ?? "",
      intl.formatMessage(messages.rowOutcome, { state: row.state }),
      row.pdfId ?? "",
      record?.lastStatus ?? "",
      row.message === null ? "" : typeof row.message === "string" ? row.message : core.intl.render(row.message),
    ];
  });
  // Cells starting with = + - @ are quoted as text by Papa's escapeFormulae: a spreadsheet never runs them.
  const text = Papa.unparse([header, ...body], { escapeFormulae: true, newline: "\r\n" });
  const file = await uniqueResultsPath(core.downloadsDir, batch.fileName);
  await writeFile(file, `\uFEFF${text}`, { flag: "wx" });
  core.downloaded.add(file);
  return file;
}
