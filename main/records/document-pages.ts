import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { DocumentListQuery, TemplateUse } from "../../common/document-list";
import type { DocumentRecord } from "../../common/records";
import { DocumentRecords } from "./document-records";
import { type DocumentRow, documentColumns } from "./document-rows";
import { ftsQuery } from "./fts-query";

export interface DocumentPage {
  documents: DocumentRecord[];
  offset: number;
  /** Documents matching the query. */
  total: number;
  /** The account's documents. */
  all: number;
  /** The account's documents per status. */
  counts: Record<string, number>;
  /** The bulk send each document of the page came from, by pdfId (absent: sent or imported alone). */
  batches: Record<string, { batchId: string; fileName: string }>;
}

/** Each sort reads its own index (migrations.ts); ties go to the newest sent. */
const orders: Record<DocumentListQuery["sort"], string> = {
  newest: "sent_ms DESC, id DESC",
  name: "sort_name, sent_ms DESC, id DESC",
  status: "status_rank, last_status, sent_ms DESC, id DESC",
};

/** Documents of all accounts, from the counts triggers keep. */
function everyAccountsDocuments(db: DatabaseSync): number {
  return (db.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM status_counts").get() as { n: number }).n;
}

/**
 * One page of an account's documents, filtered, searched (FTS5) and sorted by SQLite, with the counts the list shows.
 * Counts per status come from the table triggers keep, so they never scan.
 */
export function documentPage(db: DatabaseSync, accountId: string, query: DocumentListQuery): DocumentPage {
  const counts: Record<string, number> = {};
  let all = 0;
  for (const row of db.prepare("SELECT status, count FROM status_counts WHERE account_id = ?").iterate(accountId)) {
    const { status, count } = row as { status: string; count: number };
    counts[status] = count;
    all += count;
  }
  const where = ["account_id = ?"];
  const values: SQLInputValue[] = [accountId];
  if (query.status !== null) {
    where.push("last_status = ?");
    values.push(query.status);
  }
  if (query.batchId !== null) {
    where.push("pdf_id IN (SELECT pdf_id FROM jobs WHERE batch_id = ? AND pdf_id IS NOT NULL)");
    values.push(query.batchId);
  }
  const match = ftsQuery(query.search);
  if (query.search.trim() !== "" && match === null)
    return { documents: [], offset: query.offset, total: 0, all, counts, batches: {} };
  if (match !== null) {
    where.push("id IN (SELECT rowid FROM documents_search WHERE documents_search MATCH ?)");
    values.push(match);
  }
  const condition = where.join(" AND ");
  const count = (sql: string, ...parameters: SQLInputValue[]) =>
    (db.prepare(sql).get(...parameters) as { n: number }).n;
  let total: number;
  if (match === null && query.batchId === null) total = query.status === null ? all : (counts[query.status] ?? 0);
  // The only account with documents: the search index alone counts the matches (2 ms, not 20, at 50,000).
  else if (match !== null && query.status === null && query.batchId === null && all === everyAccountsDocuments(db))
    total = count("SELECT COUNT(*) AS n FROM documents_search WHERE documents_search MATCH ?", match);
  else total = count(`SELECT COUNT(*) AS n FROM documents WHERE ${condition}`, ...values);
  const rows = db
    .prepare(
      `SELECT ${documentColumns} FROM documents WHERE ${condition} ORDER BY ${orders[query.sort]} LIMIT ? OFFSET ?`,
    )
    .all(...values, query.limit, query.offset) as unknown as DocumentRow[];
  const reader = new DocumentRecords(db);
  const documents = rows.map((row) => reader.recordOf(row));
  return { documents, offset: query.offset, total, all, counts, batches: batchesOf(db, accountId, documents) };
}

/** The bulk send each of these documents came from: one query for the page, none for an account without bulk sends. */
function batchesOf(
  db: DatabaseSync,
  accountId: string,
  documents: readonly DocumentRecord[],
): Record<string, { batchId: string; fileName: string }> {
  const found: Record<string, { batchId: string; fileName: string }> = {};
  if (documents.length === 0) return found;
  if (db.prepare("SELECT 1 FROM bulk_batches WHERE account_id = ? LIMIT 1").get(accountId) === undefined) return found;
  const ids = documents.map((document) => document.pdfId);
  const rows = db
    .prepare(
      "SELECT r.pdf_id AS pdfId, b.batch_id AS batchId, b.file_name AS fileName FROM jobs r " +
        `JOIN bulk_batches b ON b.batch_id = r.batch_id WHERE b.account_id = ? AND r.pdf_id IN (${ids.map(() => "?").join(", ")})`,
    )
    .all(accountId, ...ids) as { pdfId: string; batchId: string; fileName: string }[];
  for (const row of rows) found[row.pdfId] ??= { batchId: row.batchId, fileName: row.fileName };
  return found;
}

/**
 * Each template the account's documents name: how many, and the newest one's time and name (newest first). The name
 * is the service's when known (the template's own name there, the best guess for adding the template by its ID),
 * else Signdesk's.
 */
export function templateUse(db: DatabaseSync, accountId: string): TemplateUse[] {
  const rows = db
    .prepare(
      "SELECT template_id, COUNT(*) AS n, MAX(sent_ms) AS latest_ms FROM documents " +
        "WHERE account_id = ? AND template_id IS NOT NULL GROUP BY template_id ORDER BY latest_ms DESC",
    )
    .all(accountId) as { template_id: string; n: number; latest_ms: number }[];
  const newest = db.prepare(
    "SELECT COALESCE(service_name, name) AS name, sent_at FROM documents WHERE account_id = ? AND template_id = ? " +
      "ORDER BY sent_ms DESC, id DESC LIMIT 1",
  );
  return rows.map((row) => {
    const latest = newest.get(accountId, row.template_id) as { name: string; sent_at: string };
    return { templateId: row.template_id, documentCount: row.n, latestAt: latest.sent_at, latestName: latest.name };
  });
}
