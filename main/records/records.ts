import type { DatabaseSync } from "node:sqlite";
import { TemplateRecordSchema, WebhookRecordSchema } from "../../common/records";
import { DocumentRecords } from "./document-records";
import { ListRecords } from "./list-records";

/** Everything Signdesk records about each account's documents, templates and webhooks: one SQLite database. */
export class Records {
  readonly documents: DocumentRecords;
  readonly templates: ListRecords<typeof TemplateRecordSchema>;
  readonly webhooks: ListRecords<typeof WebhookRecordSchema>;

  constructor(
    readonly db: DatabaseSync,
    /** The database file. */
    readonly file: string,
  ) {
    this.documents = new DocumentRecords(db);
    this.templates = new ListRecords(
      db,
      "templates",
      "template_id",
      TemplateRecordSchema,
      (record) => record.templateId,
    );
    this.webhooks = new ListRecords(db, "webhooks", "webhook_id", WebhookRecordSchema, (record) => record.webhookId);
  }

  /** Forgets everything recorded for an account (it was removed). */
  removeAccount(accountId: string): void {
    this.documents.transaction(() => {
      this.documents.removeAccount(accountId);
      this.templates.removeAccount(accountId);
      this.webhooks.removeAccount(accountId);
    });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
