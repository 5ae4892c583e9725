import { DatabaseSync } from "node:sqlite";
import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { DocumentRecordSchema, TemplateRecordSchema, WebhookRecordSchema } from "../../common/records";
import { DocumentRecords } from "./document-records";
import type { DocumentRow } from "./document-rows";
import { bulkRowJobColumns, bulkRowsAsJobs } from "./migrations/bulk-rows-as-jobs";
import type { Records } from "./records";

const messages = defineMessages({
  nothing: { id: "main.records.nothingRead", defaultMessage: "Nothing in it could be read." },
  kept: {
    id: "main.records.kept",
    defaultMessage:
      "What could still be read was kept ({documents, plural, one {# document} other {# documents}}, {templates, plural, one {# template} other {# templates}}, {webhooks, plural, one {# webhook} other {# webhooks}}{batches, plural, =0 {} one {, # bulk send} other {, # bulk sends}}).",
  },
});

/**
 * Copies every record still readable from a damaged database into `records`, row by row, stopping a table at the
 * first page SQLite cannot read; answers what was saved, in words. A file that is not a database saves nothing.
 */
export function salvageDatabase(damagedFile: string, records: Records): Phrase {
  let source: DatabaseSync;
  try {
    source = new DatabaseSync(damagedFile, { readOnly: true });
  } catch {
    return phrase(messages.nothing);
  }
  try {
    const documents = salvageDocuments(source, records);
    const templates = salvageList(source, "templates", (value) => {
      const parsed = TemplateRecordSchema.safeParse(value);
      if (parsed.success) records.templates.addAll([parsed.data]);
      return parsed.success;
    });
    const webhooks = salvageList(source, "webhooks", (value) => {
      const parsed = WebhookRecordSchema.safeParse(value);
      if (parsed.success) records.webhooks.addAll([parsed.data]);
      return parsed.success;
    });
    const batches = salvageBulk(source, records);
    return phrase(messages.kept, { documents, templates, webhooks, batches });
  } finally {
    source.close();
  }
}

function salvageDocuments(source: DatabaseSync, records: Records): number {
  let saved = 0;
  try {
    const reader = new DocumentRecords(source);
    // Every column there is: a database older than a column (service_name) is salvaged too.
    for (const row of source.prepare("SELECT * FROM documents ORDER BY id").iterate()) {
      try {
        const parsed = DocumentRecordSchema.safeParse(reader.recordOf(row as unknown as DocumentRow));
        if (parsed.success && records.documents.add(parsed.data)) saved += 1;
      } catch {
        // This row's recipients or history cannot be read: the import from the service brings it back.
      }
    }
  } catch {
    // The table cannot be read further.
  }
  return saved;
}

function salvageList(source: DatabaseSync, table: string, keep: (value: unknown) => boolean): number {
  let saved = 0;
  try {
    for (const row of source.prepare(`SELECT record FROM ${table} ORDER BY position`).iterate()) {
      try {
        if (keep(JSON.parse((row as { record: string }).record))) saved += 1;
      } catch {
        // Not JSON: left out.
      }
    }
  } catch {
    // The table cannot be read further.
  }
  return saved;
}

const batchColumns =
  "batch_id, account_id, template_id, template_name, file_name, created_at, state, state_reason, snapshot_taken";
const jobColumns =
  "seq, job_id, account_id, kind, batch_id, position, state, title, request, file_path, listing_id, result, pdf_id, " +
  "dedupe_key, message, attempts, created_at, updated_at";
/** What is copied, in order: batches before the jobs that name them. Each query is tried; an older file lacks some. */
const journalCopies = [
  { table: "bulk_batches", columns: batchColumns, select: `SELECT ${batchColumns} FROM bulk_batches` },
  { table: "jobs", columns: jobColumns, select: `SELECT ${jobColumns} FROM jobs` },
  // A database older than the jobs table (version 7): its bulk rows become jobs as that migration makes them.
  { table: "jobs", columns: bulkRowJobColumns, select: bulkRowsAsJobs },
  { table: "bulk_snapshot", columns: "batch_id, pdf_id", select: "SELECT batch_id, pdf_id FROM bulk_snapshot" },
] as const;

/**
 * The journal of jobs and bulk sends, copied as it is: without it a batch in progress could not tell the rows it sent
 * from the others and would send them again, and the Outbox would forget what waits. A row whose batch was lost is
 * left out (its foreign key refuses it). Answers the batches saved; a database older than bulk send has none.
 */
function salvageBulk(source: DatabaseSync, records: Records): number {
  for (const { table, columns, select } of journalCopies) {
    try {
      const insert = records.db.prepare(
        `INSERT OR IGNORE INTO ${table} (${columns}) VALUES (${columns
          .split(",")
          .map(() => "?")
          .join(", ")})`,
      );
      for (const row of source.prepare(select).iterate()) {
        try {
          insert.run(...(Object.values(row) as (string | number | null)[]));
        } catch {
          // Its batch was not saved, or the row is damaged: left out.
        }
      }
    } catch {
      // The table cannot be read further (or does not exist in this version).
    }
  }
  return (records.db.prepare("SELECT COUNT(*) AS n FROM bulk_batches").get() as { n: number }).n;
}
