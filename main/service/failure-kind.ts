import { ServiceError } from "./service-error";

/**
 * What a failed request means for whatever sent it, read once for the outbox and bulk send alike: whether the
 * service can have acted on it, and what it takes to try again.
 */
export type FailureKind =
  /** The request did not leave in full (describe-failure.ts): the service cannot have acted on it. */
  | { kind: "not_sent" }
  /** The service asked to be left alone for `holdMs` (429; 5 s when it did not say how long). */
  | { kind: "rate_limited"; holdMs: number }
  /** The key or the address is wrong (401, 403, a redirect not followed): nothing goes until the person fixes it. */
  | { kind: "needs_person" }
  /** What the request names is not on the service (404). */
  | { kind: "not_found" }
  /** The service refused the request itself (400, 413): sending it again gets the same answer. */
  | { kind: "refused" }
  /** A lost answer, a 500 or an unreadable answer: the service may have acted. */
  | { kind: "in_doubt" };

export function failureKindOf(error: ServiceError): FailureKind {
  switch (error.category) {
    case "network":
    case "timeout":
      return { kind: "not_sent" };
    case "rate_limited":
      return { kind: "rate_limited", holdMs: (error.retryAfterSeconds ?? 5) * 1000 };
    case "auth":
    case "forbidden":
    case "moved":
      return { kind: "needs_person" };
    case "not_found":
      return { kind: "not_found" };
    case "validation":
      return { kind: "refused" };
    case "server":
    case "protocol":
    case "outcome_unknown":
      return { kind: "in_doubt" };
  }
}

/**
 * No answer, or a gateway saying the service behind it is down (502–504): status polling pauses until it is back.
 * A plain 500 is not "down": the service answered, and a send that met it is in doubt (above).
 */
export function isUnreachableError(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return false;
  if (error.category === "network" || error.category === "timeout") return true;
  return error.category === "server" && (error.status === 502 || error.status === 503 || error.status === 504);
}

/**
 * A read (a listing, a lookup) may be asked again after a wait when the service was not reached or failed on its
 * side, any 5xx included: unlike a send, asking again changes nothing on the service.
 */
export function isReadWorthRetrying(error: ServiceError): boolean {
  return isUnreachableError(error) || error.category === "server";
}
