import { isFinished } from "../../common/statuses";
import { unknownMembers } from "../../common/wire";
import type { DocumentBrief, DocumentPatch, TrackedDocument } from "../records/document-rows";
import type { DetailsAnswer, PendingWrite, StatusChange } from "./tracker-types";

export interface StatusWriteTiming {
  /** The document's back-off before this answer. */
  intervalMs: number;
  now: number;
  minIntervalMs: number;
  maxIntervalMs: number;
}

/**
 * What an answer of getDocumentDetails changes in a tracked document's record (its status, history, final PDF and
 * next check), and the change to tell; null when the record is gone or finished meanwhile.
 */
export function statusWrite(
  current: DocumentBrief | undefined,
  tracked: TrackedDocument,
  answer: DetailsAnswer,
  timing: StatusWriteTiming,
): PendingWrite | null {
  if (current === undefined || current.finished) return null;
  const { now } = timing;
  const at = new Date(now).toISOString();
  // An answer without a status leaves the last one known; only its final URL can still finish it.
  const status = typeof answer.status === "string" && answer.status !== "" ? answer.status : current.lastStatus;
  const finished = isFinished(status, answer.finalUrl);
  const finalPdfReady = typeof answer.finalUrl === "string" && answer.finalUrl !== "" && !current.hasFinalPdf;
  const changed = status !== current.lastStatus || finalPdfReady;
  const extras = unknownMembers(answer);
  const serviceName = typeof answer.name === "string" && answer.name !== "" ? answer.name : current.serviceName;
  const nextInterval = changed ? timing.minIntervalMs : Math.min(timing.intervalMs * 2, timing.maxIntervalMs);
  const patch: DocumentPatch = {
    lastStatus: status,
    lastCheckedAt: at,
    finished,
    hasFinalPdf: current.hasFinalPdf || finalPdfReady,
    unknownMembers: Object.keys(extras).length === 0 ? null : extras,
    schedule: { nextCheckAt: now + nextInterval, intervalMs: nextInterval, polledAt: now },
    ...(current.statusProblem === null ? {} : { statusProblem: null }),
    ...(serviceName !== null && serviceName !== current.serviceName ? { serviceName } : {}),
    ...(status !== current.lastStatus ? { appendHistory: { status, at } } : {}),
  };
  const change: StatusChange | null = changed
    ? {
        accountId: tracked.accountId,
        pdfId: tracked.pdfId,
        name: current.name,
        from: current.lastStatus,
        to: status,
        finalPdfReady,
        finished,
        at,
      }
    : null;
  return { accountId: tracked.accountId, pdfId: tracked.pdfId, patch, change };
}
