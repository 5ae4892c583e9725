import { describe, expect, it } from "vitest";
import {
  type FailureKind,
  failureKindOf,
  isReadWorthRetrying,
  isUnreachableError,
} from "../../main/service/failure-kind";
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

  it("the service is down when not reached or its gateway says so; a read may also retry a plain 500", () => {
    const error = (category: ServiceErrorCategory, status: number | null = null) =>
      new ServiceError({ category, message: "x", status });
    const cases: [ServiceError, boolean, boolean][] = [
      [error("network"), true, true],
      [error("timeout"), true, true],
      [error("server", 502), true, true],
      [error("server", 503), true, true],
      [error("server", 504), true, true],
      [error("server", 500), false, true],
      [error("outcome_unknown"), false, false],
      [error("protocol", 200), false, false],
      [error("rate_limited", 429), false, false],
      [error("validation", 400), false, false],
    ];
    for (const [e, down, retryRead] of cases) {
      expect(isUnreachableError(e), `${e.category} ${e.status}`).toBe(down);
      expect(isReadWorthRetrying(e), `${e.category} ${e.status}`).toBe(retryRead);
    }
    expect(isUnreachableError(new Error("not the service's"))).toBe(false);
  });
});
