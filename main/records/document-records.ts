import type { SQLInputValue } from "node:sqlite";
import type { DocumentRecord } from "../../common/records";
import { statusRank } from "../../common/statuses";
import {
  type DocumentBrief,
  type DocumentPatch,
  type DocumentRow,
  documentColumns,
  type TrackedDocument,
  type TrackedRow,
  trackedOf,
} from "./document-rows";
import { sortKey } from "./sort-key";
import { SqliteTable } from "./sqlite-table";

const timeOf = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : time;
};

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** The words the search index holds for a document's people: each recipient's name and e-mail address. */
const peopleText = (recipients: DocumentRecord["recipients"]) =>
  recipients.map((recipient) => `${recipient.name} ${recipient.email}`).join("\n");

/**
 * The documents Signdesk sent or imported, per account, in the records database. Every write is a statement or a
 * transaction of a few rows: a status change costs the same with 10 documents as with 100,000. Reads of one document
 * use the (account, pdf_id) key; the tracker reads what is due from a partial index on the next check time.
 */
export class DocumentRecords extends SqliteTable {
  get(accountId: string, pdfId: string): DocumentRecord | undefined {
    const row = this.statement(`SELECT ${documentColumns} FROM documents WHERE account_id = ? AND pdf_id = ?`).get(
      accountId,
      pdfId,
    ) as DocumentRow | undefined;
    return row === undefined ? undefined : this.recordOf(row);
  }

  has(accountId: string, pdfId: string): boolean {
    return (
      this.statement("SELECT 1 FROM documents WHERE account_id = ? AND pdf_id = ?").get(accountId, pdfId) !== undefined
    );
  }

  /** Every document (of one account), in the order they were recorded. For small sets and tests; lists use pages. */
  all(accountId?: string): DocumentRecord[] {
    const rows = (accountId === undefined
      ? this.statement(`SELECT ${documentColumns} FROM documents ORDER BY id`).all()
      : this.statement(`SELECT ${documentColumns} FROM documents WHERE account_id = ? ORDER BY id`).all(
          accountId,
        )) as unknown as DocumentRow[];
    return rows.map((row) => this.recordOf(row));
  }

  count(accountId?: string): number {
    const row = (
      accountId === undefined
        ? this.statement("SELECT COUNT(*) AS n FROM documents").get()
        : this.statement("SELECT COUNT(*) AS n FROM documents WHERE account_id = ?").get(accountId)
    ) as { n: number };
    return row.n;
  }

  /** Records a document; false when the account already has one with its ID (then nothing changes). */
  add(record: DocumentRecord): boolean {
    return this.transaction(() => this.insert(record));
  }

  /** Records many documents in one transaction; answers how many were new. */
  addMany(records: readonly DocumentRecord[]): number {
    return this.transaction(() => records.reduce((added, record) => added + (this.insert(record) ? 1 : 0), 0));
  }

  /** Changes one document; false when there is no such document. */
  patch(accountId: string, pdfId: string, patch: DocumentPatch): boolean {
    const sets: string[] = [];
    const values: SQLInputValue[] = [];
    const set = (column: string, value: SQLInputValue) => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    if (patch.lastStatus !== undefined) {
      set("last_status", patch.lastStatus);
      set("status_rank", statusRank(patch.lastStatus));
    }
    if (patch.lastCheckedAt !== undefined) set("last_checked_at", patch.lastCheckedAt);
    if (patch.finished !== undefined) set("finished", patch.finished ? 1 : 0);
    if (patch.hasFinalPdf !== undefined) set("has_final_pdf", patch.hasFinalPdf ? 1 : 0);
    if (patch.statusProblem !== undefined) set("status_problem", json(patch.statusProblem));
    if (patch.unknownMembers !== undefined) set("unknown_members", json(patch.unknownMembers));
    if (patch.serviceName !== undefined) set("service_name", patch.serviceName);
    if (patch.schedule !== undefined) {
      set("next_check_at", patch.schedule.nextCheckAt);
      set("check_interval_ms", patch.schedule.intervalMs);
      set("polled_at", patch.schedule.polledAt);
    }
    const run = () => {
      const id = this.idOf(accountId, pdfId);
      if (id === undefined) return false;
      if (sets.length > 0) this.statement(`UPDATE documents SET ${sets.join(", ")} WHERE id = ?`).run(...values, id);
      if (patch.appendHistory !== undefined)
        this.statement(
          "INSERT INTO status_history (document_id, position, status, at) " +
            "SELECT ?, COALESCE(MAX(position), -1) + 1, ?, ? FROM status_history WHERE document_id = ?",
        ).run(id, patch.appendHistory.status, patch.appendHistory.at, id);
      return true;
    };
    return patch.appendHistory === undefined ? run() : this.transaction(run);
  }

  /** Removes every record of an account. */
  removeAccount(accountId: string): void {
    this.transaction(() => this.statement("DELETE FROM documents WHERE account_id = ?").run(accountId));
  }

  /** The account's most recently sent document's ID, or null. */
  newestId(accountId: string): string | null {
    const row = this.statement(
      "SELECT pdf_id FROM documents WHERE account_id = ? ORDER BY sent_ms DESC, id DESC LIMIT 1",
    ).get(accountId) as { pdf_id: string } | undefined;
    return row?.pdf_id ?? null;
  }

  /** The unfinished documents' IDs (of one account; sent after `sentAfter` ms), in the order they were recorded. */
  unfinishedIds(accountId?: string, sentAfter?: number): { accountId: string; pdfId: string }[] {
    const rows = (
      sentAfter !== undefined
        ? this.statement(
            "SELECT account_id, pdf_id FROM documents WHERE finished = 0 AND sent_ms > ? AND (? IS NULL OR account_id = ?) " +
              "ORDER BY id",
          ).all(sentAfter, accountId ?? null, accountId ?? null)
        : accountId === undefined
          ? this.statement("SELECT account_id, pdf_id FROM documents WHERE finished = 0 ORDER BY id").all()
          : this.statement(
              "SELECT account_id, pdf_id FROM documents WHERE finished = 0 AND account_id = ? ORDER BY id",
            ).all(accountId)
    ) as { account_id: string; pdf_id: string }[];
    return rows.map((row) => ({ accountId: row.account_id, pdfId: row.pdf_id }));
  }

  /** What a check compares an answer with; undefined when there is no such document. */
  brief(accountId: string, pdfId: string): DocumentBrief | undefined {
    const row = this.statement(
      "SELECT name, service_name, last_status, finished, has_final_pdf, status_problem FROM documents " +
        "WHERE account_id = ? AND pdf_id = ?",
    ).get(accountId, pdfId) as
      | {
          name: string;
          service_name: string | null;
          last_status: string;
          finished: number;
          has_final_pdf: number;
          status_problem: string | null;
        }
      | undefined;
    if (row === undefined) return undefined;
    return {
      name: row.name,
      serviceName: row.service_name,
      lastStatus: row.last_status,
      finished: row.finished === 1,
      hasFinalPdf: row.has_final_pdf === 1,
      statusProblem: row.status_problem === null ? null : JSON.parse(row.status_problem),
    };
  }

  /** An unfinished document, for the tracker; undefined when it is finished or unknown. */
  tracked(accountId: string, pdfId: string): TrackedDocument | undefined {
    const row = this.statement(
      "SELECT account_id, pdf_id, sent_at, sent_ms, next_check_at, check_interval_ms, polled_at FROM documents " +
        "WHERE account_id = ? AND pdf_id = ? AND finished = 0",
    ).get(accountId, pdfId) as TrackedRow | undefined;
    return row === undefined ? undefined : trackedOf(row);
  }

  /**
   * Unfinished documents due by `now`, soonest first, at most `limit`: those whose next check time has come, and,
   * while watched, those sent since `recentSince` whose last check is `watchedIntervalMs` old. Reads only due rows.
   */
  due(now: number, limit: number, watched: { recentSince: number; intervalMs: number } | null): TrackedDocument[] {
    const columns = "account_id, pdf_id, sent_at, sent_ms, next_check_at, check_interval_ms, polled_at";
    const scheduled = this.statement(
      `SELECT ${columns} FROM documents WHERE finished = 0 AND next_check_at <= ? ORDER BY next_check_at LIMIT ?`,
    ).all(now, limit) as unknown as TrackedRow[];
    if (watched === null) return scheduled.map(trackedOf);
    const recent = this.statement(
      `SELECT ${columns} FROM documents WHERE finished = 0 AND sent_ms > ? AND COALESCE(polled_at, 0) + ? <= ? ` +
        "ORDER BY sent_ms DESC LIMIT ?",
    ).all(watched.recentSince, watched.intervalMs, now, limit) as unknown as TrackedRow[];
    const seen = new Set<string>();
    const merged: TrackedDocument[] = [];
    for (const row of [...scheduled, ...recent]) {
      const key = `${row.account_id}/${row.pdf_id}`;
      if (seen.has(key) || merged.length >= limit) continue;
      seen.add(key);
      merged.push(trackedOf(row));
    }
    return merged;
  }

  /** When the soonest unfinished document is due (ms), or null when none is unfinished. Reads one index entry. */
  nextDueAt(watched: { recentSince: number; intervalMs: number } | null): number | null {
    const scheduled = this.statement(
      "SELECT MIN(next_check_at) AS at FROM documents WHERE finished = 0 AND next_check_at IS NOT NULL",
    ).get() as { at: number | null };
    let soonest = scheduled.at;
    if (watched !== null) {
      const recent = this.statement(
        "SELECT MIN(COALESCE(polled_at, 0)) AS polled FROM documents WHERE finished = 0 AND sent_ms > ?",
      ).get(watched.recentSince) as { polled: number | null };
      if (recent.polled !== null) {
        const at = recent.polled + watched.intervalMs;
        soonest = soonest === null ? at : Math.min(soonest, at);
      }
    }
    return soonest;
  }

  /** Makes these unfinished documents (or all of an account's, or all) due at once; answers how many. */
  makeDue(target: { accountId?: string; pdfIds?: readonly string[] }): number {
    return this.transaction(() => {
      if (target.pdfIds !== undefined) {
        let changed = 0;
        const statement = this.statement(
          "UPDATE documents SET next_check_at = 0 WHERE finished = 0 AND pdf_id = ? AND (? IS NULL OR account_id = ?)",
        );
        for (const pdfId of target.pdfIds) {
          const accountId = target.accountId ?? null;
          changed += Number(statement.run(pdfId, accountId, accountId).changes);
        }
        return changed;
      }
      const accountId = target.accountId ?? null;
      return Number(
        this.statement(
          "UPDATE documents SET next_check_at = 0 WHERE finished = 0 AND (? IS NULL OR account_id = ?)",
        ).run(accountId, accountId).changes,
      );
    });
  }

  private idOf(accountId: string, pdfId: string): number | undefined {
    const row = this.statement("SELECT id FROM documents WHERE account_id = ? AND pdf_id = ?").get(accountId, pdfId) as
      | { id: number }
      | undefined;
    return row?.id;
  }

  private insert(record: DocumentRecord): boolean {
    const result = this.statement(
      "INSERT INTO documents (account_id, pdf_id, name, service_name, sort_name, template_id, sent_at, sent_ms, " +
        "last_status, status_rank, last_checked_at, finished, has_final_pdf, imported, status_problem, unknown_members, " +
        "next_check_at, check_interval_ms, polled_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL) " +
        "ON CONFLICT (account_id, pdf_id) DO NOTHING",
    ).run(
      record.accountId,
      record.pdfId,
      record.name,
      record.serviceName ?? null,
      sortKey(record.name),
      record.templateId,
      record.sentAt,
      timeOf(record.sentAt),
      record.lastStatus,
      statusRank(record.lastStatus),
      record.lastCheckedAt,
      record.finished ? 1 : 0,
      record.hasFinalPdf ? 1 : 0,
      record.imported ? 1 : 0,
      json(record.statusProblem),
      json(record.unknownMembers),
      record.finished ? null : 0,
    );
    if (result.changes === 0) return false;
    const id = Number(result.lastInsertRowid);
    const recipient = this.statement(
      "INSERT INTO document_recipients (document_id, position, name, email) VALUES (?, ?, ?, ?)",
    );
    for (const [position, entry] of record.recipients.entries()) recipient.run(id, position, entry.name, entry.email);
    const history = this.statement(
      "INSERT INTO status_history (document_id, position, status, at) VALUES (?, ?, ?, ?)",
    );
    for (const [position, entry] of record.statusHistory.entries()) history.run(id, position, entry.status, entry.at);
    this.statement("INSERT INTO documents_search (rowid, name, people) VALUES (?, ?, ?)").run(
      id,
      record.name,
      peopleText(record.recipients),
    );
    return true;
  }

  /** A full record from its row: recipients and history come from their tables. */
  recordOf(row: DocumentRow): DocumentRecord {
    const recipients = this.statement(
      "SELECT name, email FROM document_recipients WHERE document_id = ? ORDER BY position",
    ).all(row.id) as { name: string; email: string }[];
    const history = this.statement("SELECT status, at FROM status_history WHERE document_id = ? ORDER BY position").all(
      row.id,
    ) as { status: string; at: string }[];
    const record: DocumentRecord = {
      accountId: row.account_id,
      pdfId: row.pdf_id,
      name: row.name,
      templateId: row.template_id,
      recipients: recipients.map(({ name, email }) => ({ name, email })),
      sentAt: row.sent_at,
      lastStatus: row.last_status,
      lastCheckedAt: row.last_checked_at,
      finished: row.finished === 1,
      hasFinalPdf: row.has_final_pdf === 1,
      statusHistory: history.map(({ status, at }) => ({ status, at })),
      imported: row.imported === 1,
    };
    if (row.service_name !== undefined && row.service_name !== null) record.serviceName = row.service_name;
    if (row.status_problem !== null) record.statusProblem = JSON.parse(row.status_problem);
    if (row.unknown_members !== null) record.unknownMembers = JSON.parse(row.unknown_members);
    return record;
  }
}
