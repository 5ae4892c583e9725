/** Statuses the sandbox uses (API-NOTES.md), in the order a document goes through them; any other string is shown verbatim. */
export const knownStatuses = ["pending", "partially_signed", "signed", "declined"] as const;

/** Known statuses in the order a document goes through them (for sorting), unknown ones after. */
export function statusRank(status: string): number {
  const rank = (knownStatuses as readonly string[]).indexOf(status);
  return rank === -1 ? knownStatuses.length : rank;
}

/**
 * Status words after which nothing more happens to a document (compared without regard to case).
 * The service documents no list (API-SPEC.md 3): these are the words e-signature services use for an
 * end without a final PDF, plus `completed`.
 */
export const terminalStatuses = [
  "declined",
  "voided",
  "void",
  "expired",
  "cancelled",
  "canceled",
  "rejected",
  "completed",
] as const;

/** Whether `status` is one of the terminal words, in any case (`VOIDED`, `Canceled`). */
export function isTerminalStatus(status: string | null | undefined): boolean {
  if (typeof status !== "string") return false;
  return (terminalStatuses as readonly string[]).includes(status.trim().toLowerCase());
}

/**
 * A document is finished once its final PDF exists (a final URL) or its status is terminal: nothing
 * more will happen to it, and it is no longer checked. Any other status, known or not, keeps being checked.
 */
export function isFinished(status: string | null | undefined, finalUrl: string | null | undefined): boolean {
  return (typeof finalUrl === "string" && finalUrl !== "") || isTerminalStatus(status);
}

/** The status recorded for a document the service listed without one (shown as "Status not reported"). */
export const statusNotReported = "";
