import { describe, expect, it } from "vitest";
import { type FailureKind, failureKindOf } from "../../main/service/failure-kind";
import { ServiceError, type ServiceErrorCategory } from "../../main/service/service-error";

const expected: Record<ServiceErrorCategory, FailureKind["kind"]> = {
  network: "not_sent",
  timeout: "not_sent",
  rate_limited: "rate_limited",
  auth: "needs_person",
  forbidden: "needs_person",
  moved: "needs_person",
  not_found: "not_found",
  validation: "refused",
  server: "in_doubt",
  protocol: "in_doubt",
  outcome_unknown: "in_doubt",
};

describe("one reading of the service's failures for the outbox and bulk send", () => {
  for (const [category, kind] of Object.entries(expected) as [ServiceErrorCategory, FailureKind["kind"]][])
    it(`${category} is ${kind}`, () => {
      expect(failureKindOf(new ServiceError({ category, message: "x" })).kind).toBe(kind);
    });

  it("a 429 holds as long as the service asked, or 5 s when it did not say", () => {
    expect(failureKindOf(new ServiceError({ category: "rate_limited", message: "x", retryAfterSeconds: 12 }))).toEqual({
      kind: "rate_limited",
      holdMs: 12_000,
    });
    expect(failureKindOf(new ServiceError({ category: "rate_limited", message: "x" }))).toEqual({
      kind: "rate_limited",
      holdMs: 5_000,
    });
  });
});
