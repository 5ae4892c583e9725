import type { RefreshOutcome } from "../../../common/records";
import { formatWhen } from "../../format/when";

export type Feedback = { kind: "notice" | "problem"; text: string } | null;

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: "medium" });

/** When the service last answered, to the second today ("at 14:03:12"), else as "3 days ago". */
function answeredAt(iso: string, now: number): string {
  const then = Date.parse(iso);
  return new Date(then).toDateString() === new Date(now).toDateString()
    ? `at ${clock.format(then)}`
    : formatWhen(iso, now);
}

const documents = (count: number) => `${count} ${count === 1 ? "document" : "documents"}`;

/** What a "Refresh now" (or "Check status now") found, said only as far as the service really answered. */
export function refreshFeedback(outcome: RefreshOutcome, now: number): Feedback {
  if (!outcome.reachable) {
    const last = outcome.lastSuccessAt === null ? "" : ` It last answered ${answeredAt(outcome.lastSuccessAt, now)}.`;
    return {
      kind: "problem",
      text: `The service could not be reached: the statuses shown are the last ones known.${last}`,
    };
  }
  if (outcome.total === 0) {
    return outcome.reason === null
      ? { kind: "notice", text: "Every document is finished, so none needed checking. The service answered just now." }
      : {
          kind: "problem",
          text: `Every document is finished, so none needed checking, but the service refused the check: ${outcome.reason}`,
        };
  }
  if (outcome.failed > 0) {
    return {
      kind: "problem",
      text: `Checked ${outcome.checked} of ${documents(outcome.total)}; ${outcome.failed} could not be read (each says why).`,
    };
  }
  if (outcome.checked < outcome.total) {
    return {
      kind: "notice",
      text: `Checked ${outcome.checked} of ${documents(outcome.total)} just now; the others wait. ${outcome.reason ?? ""}`.trim(),
    };
  }
  return { kind: "notice", text: "Statuses checked with the service just now." };
}

/**
 * What "Refresh now" says while it runs: the count once the service has answered; before that, that it is reaching
 * the service, or trying it again once an attempt has failed (the offline banner says why). Never "0 of 0".
 */
export function refreshProgressLabel(
  progress: { done: number; total: number } | null,
  serviceName: string | null,
  unreachable: boolean,
): string {
  if (progress !== null && progress.total > 0) return `Checking ${progress.done} of ${progress.total}…`;
  const service = serviceName ?? "the service";
  return unreachable ? `Trying ${service} again…` : `Reaching ${service}…`;
}

/** When a document is checked next, as "now", "in under a minute", or "in 5 minutes". */
export function formatNextCheck(iso: string, now: number): string {
  const left = Date.parse(iso) - now;
  if (Number.isNaN(left) || left <= 2_000) return "now";
  if (left < 60_000) return "in under a minute";
  return formatWhen(iso, now);
}
