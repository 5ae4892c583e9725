import type { Clock } from "../../common/clock";
import type { PhraseOrText } from "../../common/i18n/phrase";
import type { AccountGates } from "../jobs/account-gates";
import type { DocumentRecords } from "../records/document-records";
import type { DocumentPatch } from "../records/document-rows";

/* The status tracker's public shapes (tracker.ts): what it asks, tells and is given. */

/** A getDocumentDetails `document`: status and final URL when given; other members are kept for diagnosis. */
export interface DetailsAnswer {
  /** The service's name for it: kept as `serviceName`, never as the document's own name in Signdesk. */
  name?: string | null | undefined;
  status?: string | null | undefined;
  finalUrl?: string | null | undefined;
  [member: string]: unknown;
}

export interface StatusChange {
  accountId: string;
  pdfId: string;
  name: string;
  from: string;
  to: string;
  /** The final PDF became available (finalUrl appeared). */
  finalPdfReady: boolean;
  finished: boolean;
  at: string;
}

export interface TrackerOptions {
  /** The records database's documents: what is due is read from its index on the next check time. */
  documents: DocumentRecords;
  /** `signal` aborts when the tracker stops (the app quits): the document stays due and is asked at the next start. */
  fetchDetails: (accountId: string, pdfId: string, signal: AbortSignal) => Promise<DetailsAnswer>;
  /** Whether an error means the service cannot be reached (then polling pauses). */
  isUnreachable: (error: unknown) => boolean;
  onChange: (change: StatusChange) => void;
  /** Failed polls in a row after which a document shows that its status cannot be read. 3. */
  failuresBeforeProblem?: number;
  /** Whether an error means the answer cannot be read at all (shown at once). `protocol` ServiceErrors. */
  isUnreadable?: (error: unknown) => boolean;
  maxInFlight?: number;
  minIntervalMs?: number;
  maxIntervalMs?: number;
  /** While watched, the longest wait between checks of a recent unfinished document (the issue asks ≤ 30 s). 10 s. */
  watchedIntervalMs?: number;
  /** How recently a document must have been sent to be checked that often. 24 h. */
  recentMs?: number;
  /** How long a watch lasts without being renewed. 2 min. */
  watchTtlMs?: number;
  /** The most documents one pass checks (and writes in one transaction). 100. */
  passLimit?: number;
  /**
   * The pause before the next pass when one found more due than it may ask. 1 s: a backlog (some 31,000 due after a
   * break, with 100,000 documents) is asked at about `passLimit` a second, not as fast as the service answers, so
   * neither the service nor main (its memory, the window's start) is flooded. "Refresh now" is not paused.
   */
  backlogPauseMs?: number;
  /** How long the first pass after `start` waits (documents added or watched meanwhile are asked at once). 0. */
  firstPassDelayMs?: number;
  /** The time, and the waits between passes; the system's unless given. */
  clock?: Clock;
  /** Each account's gate, shared with the outbox and bulk send: a 429's hold, and the news that the service answered. */
  gates?: AccountGates;
}

/** What a "Refresh now" did: of `total` unfinished documents, how many were read, failed, or not asked. */
export interface RefreshSummary {
  total: number;
  checked: number;
  failed: number;
  /** The service could not be reached (the rest were not asked). */
  unreachable: boolean;
  /** Why some were not asked: the service's unreachability or its rate limit; null when all were. */
  reason: PhraseOrText | null;
}

/** The tracker's own bookkeeping: failed polls in a row (not counting an unreachable service), and since when. */
export interface Failing {
  failures: number;
  since: number;
}

/** A pass's writes, committed together at its end; the changes are told once they are stored. */
export interface PendingWrite {
  accountId: string;
  pdfId: string;
  patch: DocumentPatch;
  change: StatusChange | null;
}
