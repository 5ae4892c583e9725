import type { IntlShape } from "react-intl";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { RefreshOutcome } from "../../../common/records";
import { formatWhen } from "../../format/when";
import { formatPhrase } from "../../i18n/format-phrase";

export type Feedback = { kind: "notice" | "problem"; text: string } | null;

const messages = defineMessages({
  unreachable: {
    id: "documents.refresh.unreachable",
    defaultMessage:
      "The service could not be reached: the statuses shown are the last ones known.{answered, select, today { It last answered at {time}.} earlier { It last answered {when}.} other {}}",
    description:
      "After Refresh now. {time} is a time of day today (14:03:12); {when} is a moment in words ('3 days ago', 'yesterday').",
  },
  noneToCheck: {
    id: "documents.refresh.noneToCheck",
    defaultMessage: "Every document is finished, so none needed checking. The service answered just now.",
  },
  noneToCheckRefused: {
    id: "documents.refresh.noneToCheckRefused",
    defaultMessage: "Every document is finished, so none needed checking, but the service refused the check: {reason}",
    description: "{reason} is the service's own message, as it sent it.",
  },
  someFailed: {
    id: "documents.refresh.someFailed",
    defaultMessage:
      "Checked {checked, number} of {total, plural, one {# document} other {# documents}}; {failed, number} could not be read (each says why).",
  },
  someWait: {
    id: "documents.refresh.someWait",
    defaultMessage:
      "Checked {checked, number} of {total, plural, one {# document} other {# documents}} just now; the others wait.",
  },
  someWaitBecause: {
    id: "documents.refresh.someWaitBecause",
    defaultMessage:
      "Checked {checked, number} of {total, plural, one {# document} other {# documents}} just now; the others wait. {reason}",
    description: "{reason} says why the others wait, often the service's own message.",
  },
  allChecked: {
    id: "documents.refresh.allChecked",
    defaultMessage: "Statuses checked with the service just now.",
  },
  checkingCount: {
    id: "documents.refresh.checkingCount",
    defaultMessage: "Checking {done, number} of {total, number}…",
    description: "On the Refresh now button while it runs: documents checked so far of those to check.",
  },
  reaching: {
    id: "documents.refresh.reaching",
    defaultMessage: "Reaching the service…",
    description: "On the Refresh now button while it waits for the signature service's first answer.",
  },
  reachingNamed: {
    id: "documents.refresh.reachingNamed",
    defaultMessage: "Reaching {service}…",
    description: "On the Refresh now button while it waits for the first answer. {service} is the account's name.",
  },
  tryingAgain: {
    id: "documents.refresh.tryingAgain",
    defaultMessage: "Trying the service again…",
    description: "On the Refresh now button once an attempt to reach the signature service failed.",
  },
  tryingAgainNamed: {
    id: "documents.refresh.tryingAgainNamed",
    defaultMessage: "Trying {service} again…",
    description: "On the Refresh now button once an attempt failed. {service} is the account's name.",
  },
  nextCheckNow: {
    id: "documents.refresh.nextCheckNow",
    defaultMessage: "now",
    description: "When a document's status is checked next: right now ('next check now').",
  },
  nextCheckSoon: {
    id: "documents.refresh.nextCheckSoon",
    defaultMessage: "in under a minute",
    description: "When a document's status is checked next ('next check in under a minute').",
  },
});

/** What a "Refresh now" (or "Check status now") found, said only as far as the service really answered. */
export function refreshFeedback(intl: IntlShape, outcome: RefreshOutcome, now: number): Feedback {
  if (!outcome.reachable) {
    const last = outcome.lastSuccessAt;
    const then = last === null ? Number.NaN : Date.parse(last);
    // When the service last answered: to the second today ("at 14:03:12"), else as "3 days ago".
    const today = last !== null && new Date(then).toDateString() === new Date(now).toDateString();
    return {
      kind: "problem",
      text: intl.formatMessage(messages.unreachable, {
        answered: last === null ? "never" : today ? "today" : "earlier",
        time: today ? intl.formatTime(then, { timeStyle: "medium" }) : "",
        when: last !== null && !today ? formatWhen(intl, last, now) : "",
      }),
    };
  }
  if (outcome.total === 0) {
    return outcome.reason === null
      ? { kind: "notice", text: intl.formatMessage(messages.noneToCheck) }
      : {
          kind: "problem",
          text: intl.formatMessage(messages.noneToCheckRefused, { reason: formatPhrase(intl, outcome.reason) }),
        };
  }
  if (outcome.failed > 0) {
    return {
      kind: "problem",
      text: intl.formatMessage(messages.someFailed, {
        checked: outcome.checked,
        total: outcome.total,
        failed: outcome.failed,
      }),
    };
  }
  if (outcome.checked < outcome.total) {
    const reason = outcome.reason === null ? "" : formatPhrase(intl, outcome.reason).trimEnd();
    return {
      kind: "notice",
      text:
        reason === ""
          ? intl.formatMessage(messages.someWait, { checked: outcome.checked, total: outcome.total })
          : intl.formatMessage(messages.someWaitBecause, { checked: outcome.checked, total: outcome.total, reason }),
    };
  }
  return { kind: "notice", text: intl.formatMessage(messages.allChecked) };
}

/**
 * What "Refresh now" says while it runs: the count once the service has answered; before that, that it is reaching
 * the service, or trying it again once an attempt has failed (the offline banner says why). Never "0 of 0".
 */
export function refreshProgressLabel(
  intl: IntlShape,
  progress: { done: number; total: number } | null,
  serviceName: string | null,
  unreachable: boolean,
): string {
  if (progress !== null && progress.total > 0) return intl.formatMessage(messages.checkingCount, progress);
  if (serviceName === null) return intl.formatMessage(unreachable ? messages.tryingAgain : messages.reaching);
  return intl.formatMessage(unreachable ? messages.tryingAgainNamed : messages.reachingNamed, { service: serviceName });
}

/** When a document is checked next, as "now", "in under a minute", or "in 5 minutes". */
export function formatNextCheck(intl: IntlShape, iso: string, now: number): string {
  const left = Date.parse(iso) - now;
  if (Number.isNaN(left) || left <= 2_000) return intl.formatMessage(messages.nextCheckNow);
  if (left < 60_000) return intl.formatMessage(messages.nextCheckSoon);
  return formatWhen(intl, iso, now);
}
