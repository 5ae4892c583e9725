import { type PhraseOrText, readStoredWords, storedWords } from "../../common/i18n/phrase";
import {
  type OutboxItem,
  type OutboxKind,
  OutboxKindSchema,
  type OutboxState,
  OutboxStateSchema,
} from "../../common/outbox";
import { SqliteTable } from "../records/sqlite-table";
import {
  type KindAndRequest,
  type OutboxResult,
  OutboxResultSchema,
  parseRequest,
  recipientsOf,
} from "./outbox-request";

export interface NewOutboxItem {
  itemId: string;
  accountId: string;
  title: string;
  item: KindAndRequest;
  filePath: string | null;
  at: string;
}

/** An item as the sender works with it: the view plus what only main needs. */
export interface JournalledItem extends OutboxItem {
  seq: number;
  request: KindAndRequest;
  filePath: string | null;
  /** The service's listing its send was compared with (documents/send-baseline.ts), once it was sent. */
  listingId: number | null;
}

interface ItemRow {
  seq: number;
  item_id: string;
  account_id: string;
  kind: string;
  state: string;
  title: string;
  request: string;
  file_path: string | null;
  listing_id: number | null;
  result: string | null;
  message: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
}

/** The outbox's jobs: those of no batch (main/jobs/). */
const outboxJobs = "batch_id IS NULL";
const columns =
  "seq, job_id AS item_id, account_id, kind, state, title, request, file_path, listing_id, result, message, attempts, " +
  "created_at, updated_at";

export interface MoveDetails {
  at: string;
  message?: PhraseOrText | null;
  result?: OutboxResult;
  attempt?: boolean;
  listingId?: number | null;
}

/**
 * The outbox's journal: its items are the jobs of no batch in the records database's `jobs` table. Each item is written, with its request, before anything is sent; each
 * change of state is committed before the request it stands for leaves and as soon as its answer is read (with the
 * records it makes, in the same transaction), so that after a crash the journal is what happened.
 */
export class OutboxJournal extends SqliteTable {
  add(item: NewOutboxItem): void {
    this.statement(
      "INSERT INTO jobs (job_id, account_id, kind, state, title, request, file_path, created_at, updated_at) " +
        "VALUES (?, ?, ?, 'queued', ?, ?, ?, ?, ?)",
    ).run(
      item.itemId,
      item.accountId,
      item.item.kind,
      item.title,
      JSON.stringify(item.item.request),
      item.filePath,
      item.at,
      item.at,
    );
  }

  get(itemId: string): JournalledItem | undefined {
    const row = this.statement(`SELECT ${columns} FROM jobs WHERE job_id = ? AND ${outboxJobs}`).get(itemId) as
      | ItemRow
      | undefined;
    return row === undefined ? undefined : itemOf(row);
  }

  /** An account's items in these states, in the order they go out. */
  inStates(accountId: string, states: readonly OutboxState[], limit = -1): JournalledItem[] {
    const placeholders = states.map(() => "?").join(", ");
    const rows = this.statement(
      `SELECT ${columns} FROM jobs WHERE account_id = ? AND ${outboxJobs} AND state IN (${placeholders}) ORDER BY seq LIMIT ?`,
    ).all(accountId, ...states, limit) as unknown as ItemRow[];
    return rows.map(itemOf);
  }

  /** Every account's items in these states (the start's look at what a crash left). */
  everyInState(state: OutboxState): JournalledItem[] {
    const rows = this.statement(`SELECT ${columns} FROM jobs WHERE state = ? AND ${outboxJobs} ORDER BY seq`).all(
      state,
    ) as unknown as ItemRow[];
    return rows.map(itemOf);
  }

  /** The accounts with items queued or in doubt. */
  accountsWithWork(): string[] {
    const rows = this.statement(
      `SELECT DISTINCT account_id FROM jobs WHERE state IN ('queued', 'unknown') AND ${outboxJobs}`,
    ).all() as { account_id: string }[];
    return rows.map((row) => row.account_id);
  }

  /** The last items delivered or cancelled, newest first. */
  done(accountId: string, limit: number): JournalledItem[] {
    const rows = this.statement(
      `SELECT ${columns} FROM jobs WHERE account_id = ? AND ${outboxJobs} AND state IN ('sent', 'cancelled') ` +
        "ORDER BY updated_at DESC, seq DESC LIMIT ?",
    ).all(accountId, limit) as unknown as ItemRow[];
    return rows.map(itemOf);
  }

  count(accountId: string | null, states: readonly OutboxState[]): number {
    const placeholders = states.map(() => "?").join(", ");
    const row = this.statement(
      `SELECT COUNT(*) AS n FROM jobs WHERE (? IS NULL OR account_id = ?) AND ${outboxJobs} AND state IN (${placeholders})`,
    ).get(accountId, accountId, ...states) as { n: number };
    return row.n;
  }

  /** Moves an item to `state`; answers whether it was in one of `from` (else nothing changes). */
  move(itemId: string, from: readonly OutboxState[], state: OutboxState, details: MoveDetails): boolean {
    const placeholders = from.map(() => "?").join(", ");
    const result = this.statement(
      "UPDATE jobs SET state = ?, message = ?, result = COALESCE(?, result), pdf_id = COALESCE(?, pdf_id), " +
        "attempts = attempts + ?, listing_id = CASE WHEN ? THEN ? ELSE listing_id END, updated_at = ? " +
        `WHERE job_id = ? AND ${outboxJobs} AND state IN (${placeholders})`,
    ).run(
      state,
      details.message === undefined || details.message === null ? null : storedWords(details.message),
      details.result === undefined ? null : JSON.stringify(details.result),
      details.result?.pdfId ?? null,
      details.attempt === true ? 1 : 0,
      details.listingId === undefined ? 0 : 1,
      details.listingId ?? null,
      details.at,
      itemId,
      ...from,
    );
    return result.changes > 0;
  }

  /** Forgets an item that was refused while the person waited (it is as if it was never queued). */
  remove(itemId: string): void {
    this.statement(`DELETE FROM jobs WHERE job_id = ? AND ${outboxJobs}`).run(itemId);
  }

  /** Replaces a failed item's request (its recipients were edited) and queues it again. */
  requeueWith(itemId: string, item: KindAndRequest, at: string): boolean {
    const result = this.statement(
      "UPDATE jobs SET request = ?, state = 'queued', message = NULL, updated_at = ? " +
        `WHERE job_id = ? AND ${outboxJobs} AND state = 'failed' AND kind = ?`,
    ).run(JSON.stringify(item.request), at, itemId, item.kind);
    return result.changes > 0;
  }

  /** The files the journal still needs (the others in the outbox folder are left over and can go). */
  filesInUse(): Set<string> {
    const rows = this.statement(
      `SELECT file_path FROM jobs WHERE file_path IS NOT NULL AND ${outboxJobs} AND state NOT IN ('sent', 'cancelled')`,
    ).all() as { file_path: string }[];
    return new Set(rows.map((row) => row.file_path));
  }

  /** Webhook registrations with a secret that were delivered or cancelled (their secret can go from the keychain). */
  endedWithSecret(): string[] {
    const rows = this.statement(
      "SELECT job_id AS item_id FROM jobs WHERE kind = 'registerWebhook' AND state IN ('sent', 'cancelled') " +
        `AND ${outboxJobs} AND json_extract(request, '$.hasSecret') = 1`,
    ).all() as { item_id: string }[];
    return rows.map((row) => row.item_id);
  }

  removeAccount(accountId: string): void {
    this.statement(`DELETE FROM jobs WHERE account_id = ? AND ${outboxJobs}`).run(accountId);
  }
}

function itemOf(row: ItemRow): JournalledItem {
  const kind: OutboxKind = OutboxKindSchema.parse(row.kind);
  const request = parseRequest(kind, row.request);
  const result = row.result === null ? null : OutboxResultSchema.parse(JSON.parse(row.result));
  return {
    seq: row.seq,
    itemId: row.item_id,
    accountId: row.account_id,
    kind,
    state: OutboxStateSchema.parse(row.state),
    title: row.title,
    recipients: recipientsOf(request),
    groups: request.kind === "createTemplate" || request.kind === "createAndSend" ? request.request.groups : [],
    eventType: request.kind === "registerWebhook" ? request.request.eventType : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    attempts: row.attempts,
    message: row.message === null ? null : readStoredWords(row.message),
    result,
    request,
    filePath: row.file_path,
    listingId: row.listing_id,
  };
}

/** The item as the renderer sees it. */
export function viewOfItem(item: JournalledItem): OutboxItem {
  const { seq: _seq, request: _request, filePath: _file, listingId: _listing, ...view } = item;
  return view;
}
