import type { DatabaseSync } from "node:sqlite";
import type { z } from "zod";

/**
 * A short per-account list kept as validated JSON rows in order (templates, webhooks: tens or hundreds, read
 * whole by their screens). A row that no longer matches its schema is skipped and counted, never fatal.
 */
export class ListRecords<S extends z.ZodType<{ accountId: string }>> {
  constructor(
    private readonly db: DatabaseSync,
    private readonly table: "templates" | "webhooks",
    private readonly idColumn: "template_id" | "webhook_id",
    private readonly schema: S,
    private readonly idOf: (record: z.output<S>) => string,
  ) {}

  /** Every record (of one account), in the order they were added; with how many rows could not be read. */
  read(accountId?: string): { records: z.output<S>[]; unreadable: number } {
    const rows = (
      accountId === undefined
        ? this.db.prepare(`SELECT record FROM ${this.table} ORDER BY position`).all()
        : this.db.prepare(`SELECT record FROM ${this.table} WHERE account_id = ? ORDER BY position`).all(accountId)
    ) as { record: string }[];
    const records: z.output<S>[] = [];
    let unreadable = 0;
    for (const row of rows) {
      let value: unknown;
      try {
        value = JSON.parse(row.record);
      } catch {
        unreadable += 1;
        continue;
      }
      const parsed = this.schema.safeParse(value);
      if (parsed.success) records.push(parsed.data);
      else unreadable += 1;
    }
    return { records, unreadable };
  }

  all(accountId?: string): z.output<S>[] {
    return this.read(accountId).records;
  }

  /** Replaces the whole list with `records` (validated), in one transaction. */
  setAll(records: readonly z.output<S>[]): void {
    const checked = records.map((record) => this.schema.parse(record));
    this.db.exec("SAVEPOINT list_records");
    try {
      this.db.prepare(`DELETE FROM ${this.table}`).run();
      const insert = this.db.prepare(
        `INSERT INTO ${this.table} (account_id, ${this.idColumn}, position, record) VALUES (?, ?, ?, ?) ` +
          `ON CONFLICT (account_id, ${this.idColumn}) DO UPDATE SET position = excluded.position, record = excluded.record`,
      );
      for (const [position, record] of checked.entries())
        insert.run(record.accountId, this.idOf(record), position, JSON.stringify(record));
      this.db.exec("RELEASE list_records");
    } catch (error) {
      this.db.exec("ROLLBACK TO list_records");
      this.db.exec("RELEASE list_records");
      throw error;
    }
  }

  /** Adds (or replaces, by ID) records at the end of the list, keeping the rest. */
  addAll(records: readonly z.output<S>[]): void {
    const current = this.all();
    const incoming = new Set(records.map((record) => `${record.accountId} ${this.idOf(record)}`));
    this.setAll([...current.filter((record) => !incoming.has(`${record.accountId} ${this.idOf(record)}`)), ...records]);
  }

  removeAccount(accountId: string): void {
    this.db.prepare(`DELETE FROM ${this.table} WHERE account_id = ?`).run(accountId);
  }
}
