import { DatabaseSync } from "node:sqlite";
import { DocumentRecordSchema, TemplateRecordSchema, WebhookRecordSchema } from "../../common/records";
import { countOf } from "../../common/salvage";
import { DocumentRecords, type DocumentRow, documentColumns } from "./document-records";
import type { Records } from "./records";

/**
 * Copies every record still readable from a damaged database into `records`, row by row, stopping a table at the
 * first page SQLite cannot read; answers what was saved, in words. A file that is not a database saves nothing.
 */
export function salvageDatabase(damagedFile: string, records: Records): string {
  let source: DatabaseSync;
  try {
    source = new DatabaseSync(damagedFile, { readOnly: true });
  } catch {
    return "Nothing in it could be read.";
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
    const saved = [countOf(documents, "document"), countOf(templates, "template"), countOf(webhooks, "webhook")].join(
      ", ",
    );
    return `What could still be read was kept (${saved}).`;
  } finally {
    source.close();
  }
}

function salvageDocuments(source: DatabaseSync, records: Records): number {
  let saved = 0;
  try {
    const reader = new DocumentRecords(source);
    for (const row of source.prepare(`SELECT ${documentColumns} FROM documents ORDER BY id`).iterate()) {
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
