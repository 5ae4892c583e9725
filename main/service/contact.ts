import { isUnreachableError } from "./failure-kind";
import { ServiceError } from "./service-error";

/**
 * What a failed call says about the connection: "failed" when the service was not reached or its answer was
 * lost, "answered" when the service answered (a refusal, a rejected key, a 4xx or 500: it is there), "none" when
 * no request was made (no key stored, a local problem).
 */
export function contactOf(error: unknown): "failed" | "answered" | "none" {
  if (!(error instanceof ServiceError)) return "none";
  if (isUnreachableError(error) || error.category === "outcome_unknown") return "failed";
  return "answered";
}
