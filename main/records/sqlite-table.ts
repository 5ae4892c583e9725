import type { DatabaseSync, StatementSync } from "node:sqlite";

/**
 * What each kind of record in the records database starts from: its statements prepared once, and transactions that
 * join the one already open (SQLite has no nested BEGIN), so that a bulk row and its document commit together.
 */
export abstract class SqliteTable {
  private readonly statements = new Map<string, StatementSync>();

  constructor(protected readonly db: DatabaseSync) {}

  protected statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs `work` in one transaction (inside an open one, as part of it). */
  transaction<T>(work: () => T): T {
    if (this.db.isTransaction) return work();
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec("ROLLBACK");
      throw error;
    }
  }
}
