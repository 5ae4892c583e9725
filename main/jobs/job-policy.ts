import { UserError } from "../../common/user-error";
import { type FailureKind, failureKindOf } from "../service/failure-kind";
import { ServiceError } from "../service/service-error";

/** The states every job goes through, the outbox's items and bulk send's rows alike. */
export type JobState = "queued" | "sending" | "sent" | "unknown" | "failed" | "cancelled";

/** What a job's request came to, as read from its answer or its error. */
export type JobOutcome =
  | { kind: "answered" }
  | { kind: "service"; failure: FailureKind }
  /** Main refused before anything left (no API key stored, a file gone): the service cannot have acted. */
  | { kind: "refused_here" }
  /** Anything else thrown: a fault of Signdesk's own, perhaps after the request left. */
  | { kind: "unexpected" };

/** How one kind of job reads its failures. */
export interface JobKindRules {
  /** Sending it twice does what sending it once does (a webhook's registration or deletion). */
  repeatable: boolean;
  /** Whether it was made can be read from the service's listing (a send, which makes a document). */
  checkable: boolean;
  /**
   * What a 404 means: what it removes is gone already (`done`), the job itself is wrong (`failed`), or nothing of its
   * queue can go on (`pause`: every row of a batch sends the same template).
   */
  onNotFound: "done" | "failed" | "pause";
}

/** What follows for the job's queue (an account's outbox, a batch), besides the job's own state. */
export type JobEffect =
  | "none"
  /** The account's gate closes for `holdMs`: the service asked (429). */
  | "hold"
  /** The service was not reached: the account's gate waits for it (a back-off, or an answer to another call). */
  | "wait_for_service"
  /** The queue waits for the person (a refused key, a moved service, a template gone, a fault of Signdesk's). */
  | "pause"
  /** The answer was lost: the service's listing says whether it was made, before it is sent again. */
  | "check"
  /** The answer was lost and sending again is harmless: it goes again after the back-off, not at once. */
  | "retry_later"
  /** The answer was lost and nothing can tell whether it was made: the person decides. */
  | "ask_person";

export interface JobDecision {
  state: JobState;
  effect: JobEffect;
  /** How long the gate stays closed, for `hold`. */
  holdMs?: number;
}

/** What an error thrown by a job's request was. */
export function outcomeOfError(error: unknown): JobOutcome {
  if (error instanceof ServiceError) return { kind: "service", failure: failureKindOf(error) };
  if (error instanceof UserError) return { kind: "refused_here" };
  return { kind: "unexpected" };
}

/** A lost answer: what the kind allows. */
function inDoubt(rules: JobKindRules): JobDecision {
  if (rules.repeatable) return { state: "queued", effect: "retry_later" };
  if (rules.checkable) return { state: "unknown", effect: "check" };
  return { state: "unknown", effect: "ask_person" };
}

/**
 * The one policy for a job whose request came back: its next state, and what its queue does next. Pure: the outbox and
 * bulk send journal the state and carry out the effect, each in its own words.
 */
export function decide(rules: JobKindRules, outcome: JobOutcome): JobDecision {
  switch (outcome.kind) {
    case "answered":
      return { state: "sent", effect: "none" };
    case "refused_here":
      return { state: "queued", effect: "pause" };
    case "unexpected":
      // Sending again might meet the same fault for ever: the queue stops with it, the job read as a lost answer.
      return { state: inDoubt(rules).state, effect: "pause" };
    case "service":
      break;
  }
  const { failure } = outcome;
  switch (failure.kind) {
    case "not_sent":
      return { state: "queued", effect: "wait_for_service" };
    case "rate_limited":
      return { state: "queued", effect: "hold", holdMs: failure.holdMs };
    case "needs_person":
      return { state: "queued", effect: "pause" };
    case "not_found":
      if (rules.onNotFound === "done") return { state: "sent", effect: "none" };
      if (rules.onNotFound === "pause") return { state: "queued", effect: "pause" };
      return { state: "failed", effect: "none" };
    case "refused":
      return { state: "failed", effect: "none" };
    case "in_doubt":
      return inDoubt(rules);
  }
}
