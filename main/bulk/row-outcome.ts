import { HandlerError } from "../handler-error";
import { failureKindOf } from "../service/failure-kind";
import { ServiceError } from "../service/service-error";

/** What a row's request came to. */
export type RowOutcome =
  | { kind: "sent"; pdfId: string }
  | { kind: "unknown"; message: string; stop?: boolean }
  | { kind: "failed"; message: string }
  | { kind: "again"; message: string; holdMs: number }
  | { kind: "stop"; message: string };

/** What a row's failed request means for it and for its batch. */
export function rowOutcomeOf(error: unknown): RowOutcome {
  // Main's own refusal before anything was sent (no API key stored): the batch stops with it, the row waits.
  if (error instanceof HandlerError) return { kind: "stop", message: error.message };
  // Anything else is unexpected: the row is in doubt (checked with the service on resuming) and the batch stops.
  if (!(error instanceof ServiceError))
    return { kind: "unknown", message: error instanceof Error ? error.message : String(error), stop: true };
  const failure = failureKindOf(error);
  switch (failure.kind) {
    case "rate_limited":
      return { kind: "again", message: error.message, holdMs: failure.holdMs };
    case "not_sent":
      return { kind: "again", message: `Waiting for the service: ${error.message}`, holdMs: 0 };
    case "refused":
      return { kind: "failed", message: error.message };
    case "needs_person":
      return { kind: "stop", message: error.message };
    case "not_found":
      // Unlike an outbox item, every row sends the same template: the batch stops with the first row that finds it
      // gone rather than failing every row after it.
      return { kind: "stop", message: error.message };
    case "in_doubt":
      return { kind: "unknown", message: error.message };
  }
}

/** The service was not reached, or its gateway says it is down: asked again after a wait. */
export function isUnreached(error: ServiceError): boolean {
  return error.category === "network" || error.category === "timeout" || error.category === "server";
}
