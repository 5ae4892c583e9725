import type { DatabaseSync } from "node:sqlite";
import { TemplateRecordSchema, WebhookRecordSchema } from "../../common/records";
import { BulkJournal } from "../bulk/bulk-journal";
import { OutboxJournal } from "../outbox/outbox-journal";
import { DocumentRecords } from "./document-records";
import { ListRecords } from "./list-records";
import { ServiceListings } from "./service-listings";

/** Everything Signdesk records about each account's documents, templates and webhooks: one SQLite database. */
export class Records {
  readonly documents: DocumentRecords;
  readonly templates: ListRecords<typeof TemplateRecordSchema>;
  readonly webhooks: ListRecords<typeof WebhookRecordSchema>;
  /** Bulk send's batches and the journal of their rows. */
  readonly bulk: BulkJournal;
  /** Every other outgoing action, journalled before its request (the outbox). */
  readonly outbox: OutboxJournal;
  /** The documents each account's service listed that Signdesk had not recorded (what sends are compared with). */
  readonly listings: ServiceListings;

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
    this.bulk = new BulkJournal(db);
    this.outbox = new OutboxJournal(db);
    this.listings = new ServiceListings(db);
  }

  /** Forgets everything recorded for an account (it was removed). */
  removeAccount(accountId: string): void {
    this.documents.transaction(() => {
      this.documents.removeAccount(accountId);
      this.templates.removeAccount(accountId);
      this.webhooks.removeAccount(accountId);
      this.bulk.removeAccount(accountId);
      this.outbox.removeAccount(accountId);
      this.listings.removeAccount(accountId);
    });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
