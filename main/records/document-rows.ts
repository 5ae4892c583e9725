import type { PhraseOrText } from "../../common/i18n/phrase";
import type { DocumentRecord } from "../../common/records";

/** A document's place in the tracker's schedule, kept with it so that what is due is read from an index. */
export interface CheckSchedule {
  /** When it is next due (ms since the epoch); 0: at once. */
  nextCheckAt: number;
  /** Its current back-off. */
  intervalMs: number;
  /** When its last check ended (0: never). */
  polledAt: number;
}

/** What a check (or anything else) changes on a document; absent members stay as they are. */
export interface DocumentPatch {
  lastStatus?: string;
  lastCheckedAt?: string | null;
  finished?: boolean;
  hasFinalPdf?: boolean;
  /** null clears it. */
  statusProblem?: DocumentRecord["statusProblem"] | null;
  unknownMembers?: DocumentRecord["unknownMembers"] | null;
  /** The name the service gives the document now (Signdesk's own name, `name`, never changes with it). */
  serviceName?: string;
  /** A status change to add to the history. */
  appendHistory?: { status: string; at: string };
  schedule?: CheckSchedule;
}

/** What the tracker reads of a document before applying an answer. */
export interface DocumentBrief {
  name: string;
  serviceName: string | null;
  lastStatus: string;
  finished: boolean;
  hasFinalPdf: boolean;
  statusProblem: { since: string; reason: PhraseOrText } | null;
}

/** A document the tracker may check: what it needs to decide and to say what changed. */
export interface TrackedDocument {
  accountId: string;
  pdfId: string;
  sentAt: string;
  sentMs: number;
  schedule: CheckSchedule;
}

export interface DocumentRow {
  id: number;
  account_id: string;
  pdf_id: string;
  name: string;
  /** Absent in a row read from a database older than the column (a damaged one being salvaged). */
  service_name?: string | null;
  template_id: string | null;
  sent_at: string;
  sent_ms: number;
  last_status: string;
  last_checked_at: string | null;
  finished: number;
  has_final_pdf: number;
  imported: number;
  status_problem: string | null;
  unknown_members: string | null;
  next_check_at: number | null;
  check_interval_ms: number | null;
  polled_at: number | null;
}

export const documentColumns =
  "id, account_id, pdf_id, name, service_name, template_id, sent_at, sent_ms, last_status, last_checked_at, finished, " +
  "has_final_pdf, imported, status_problem, unknown_members, next_check_at, check_interval_ms, polled_at";

/** The columns a schedule is read from: what `trackedOf` reads. */
export interface TrackedRow {
  account_id: string;
  pdf_id: string;
  sent_at: string;
  sent_ms: number;
  next_check_at: number | null;
  check_interval_ms: number | null;
  polled_at: number | null;
}

export function trackedOf(row: TrackedRow): TrackedDocument {
  return {
    accountId: row.account_id,
    pdfId: row.pdf_id,
    sentAt: row.sent_at,
    sentMs: row.sent_ms,
    schedule: {
      nextCheckAt: row.next_check_at ?? 0,
      intervalMs: row.check_interval_ms ?? 0,
      polledAt: row.polled_at ?? 0,
    },
  };
}
