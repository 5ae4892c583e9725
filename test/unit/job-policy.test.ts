import { describe, expect, it } from "vitest";
import { UserError } from "../../common/user-error";
import { bulkRowRules } from "../../main/bulk/send-row";
import { HandlerError } from "../../main/handler-error";
import {
  decide,
  type JobDecision,
  type JobKindRules,
  type JobOutcome,
  outcomeOfError,
} from "../../main/jobs/job-policy";
import { outboxKindRules } from "../../main/outbox/outbox-kinds";
import { failureKindOf } from "../../main/service/failure-kind";
import { ServiceError, type ServiceErrorCategory } from "../../main/service/service-error";

const categories: ServiceErrorCategory[] = [
  "network",
  "timeout",
  "rate_limited",
  "auth",
  "forbidden",
  "moved",
  "not_found",
  "validation",
  "server",
  "protocol",
  "outcome_unknown",
];

/** Every outcome a request can come to: an answer, each service failure, main's refusal, a fault. */
const outcomes: [string, JobOutcome][] = [
  ["answered", { kind: "answered" }],
  ...categories.map((category): [string, JobOutcome] => [
    category,
    {
      kind: "service",
      failure: failureKindOf(new ServiceError({ category, message: "x", retryAfterSeconds: 7 })),
    },
  ]),
  ["refused here", { kind: "refused_here" }],
  ["unexpected", { kind: "unexpected" }],
];

/** Every combination of rules a kind may have. */
const everyRules: JobKindRules[] = [false, true].flatMap((repeatable) =>
  [false, true].flatMap((checkable) =>
    (["done", "failed", "pause"] as const).map((onNotFound) => ({ repeatable, checkable, onNotFound })),
  ),
);

/** Whether the service may have acted on the request (the answer did not say it did not). */
const mayHaveActed = (name: string) => ["server", "protocol", "outcome_unknown", "unexpected"].includes(name);

describe("one policy for every job (main/jobs/job-policy.ts), over every outcome and every kind's rules", () => {
  for (const rules of everyRules)
    for (const [name, outcome] of outcomes)
      it(`${JSON.stringify(rules)} × ${name}`, () => {
        const decision = decide(rules, outcome);
        // Never a state of its own making: `sending` and `cancelled` are the runner's and the person's.
        expect(["queued", "sent", "unknown", "failed"]).toContain(decision.state);
        // Never twice: what the service may have made goes again only when repeating it is harmless.
        if (mayHaveActed(name) && !rules.repeatable) expect(decision.state).not.toBe("queued");
        if (mayHaveActed(name) && !rules.repeatable) expect(decision.state).toBe("unknown");
        // Sent only on an answer, or when what it removes is gone already.
        expect(decision.state === "sent").toBe(
          name === "answered" || (name === "not_found" && rules.onNotFound === "done"),
        );
        // A request that did not leave, or that the service asked to wait with, is kept to go again.
        if (name === "network" || name === "timeout")
          expect(decision).toEqual({ state: "queued", effect: "wait_for_service" });
        if (name === "rate_limited") expect(decision).toEqual({ state: "queued", effect: "hold", holdMs: 7_000 });
        // A key or an address to fix, or main's refusal, stops the queue for the person, the job kept.
        if (["auth", "forbidden", "moved", "refused here"].includes(name))
          expect(decision).toEqual({ state: "queued", effect: "pause" });
        // The same request gets the same refusal: failed, for the person to change.
        if (name === "validation") expect(decision).toEqual({ state: "failed", effect: "none" });
        // A fault of Signdesk's stops the queue rather than repeat it for ever.
        if (name === "unexpected") expect(decision.effect).toBe("pause");
        // A lost answer: checked with the listing when it can be, sent again when harmless, else the person's call.
        if (["server", "protocol", "outcome_unknown"].includes(name)) {
          const expected: JobDecision = rules.repeatable
            ? { state: "queued", effect: "retry_later" }
            : rules.checkable
              ? { state: "unknown", effect: "check" }
              : { state: "unknown", effect: "ask_person" };
          expect(decision).toEqual(expected);
        }
        if (name === "not_found")
          expect(decision).toEqual(
            {
              done: { state: "sent", effect: "none" },
              failed: { state: "failed", effect: "none" },
              pause: { state: "queued", effect: "pause" },
            }[rules.onNotFound],
          );
      });

  it("reads what was thrown: the service's errors, main's own refusals, anything else", () => {
    const refusal = new ServiceError({ category: "validation", message: "x" });
    expect(outcomeOfError(refusal)).toEqual({ kind: "service", failure: { kind: "refused" } });
    expect(outcomeOfError(new HandlerError("no_key", "x"))).toEqual({ kind: "refused_here" });
    expect(outcomeOfError(new UserError("outbox_file", "x"))).toEqual({ kind: "refused_here" });
    expect(outcomeOfError(new TypeError("x"))).toEqual({ kind: "unexpected" });
    expect(outcomeOfError("thrown text")).toEqual({ kind: "unexpected" });
  });

  it("gives the outbox's kinds and bulk rows the rules they keep", () => {
    const lost = { kind: "service", failure: { kind: "in_doubt" } } as const;
    const gone = { kind: "service", failure: { kind: "not_found" } } as const;
    expect(decide(outboxKindRules.sendFromTemplate, lost).effect).toBe("check");
    expect(decide(outboxKindRules.createAndSend, lost).effect).toBe("check");
    expect(decide(outboxKindRules.createTemplate, lost).effect).toBe("ask_person");
    expect(decide(outboxKindRules.registerWebhook, lost)).toEqual({ state: "queued", effect: "retry_later" });
    expect(decide(outboxKindRules.deleteWebhook, gone).state).toBe("sent");
    expect(decide(outboxKindRules.sendFromTemplate, gone).state).toBe("failed");
    // Every row of a batch sends the same template: one that is gone stops the batch rather than fail every row.
    expect(decide(bulkRowRules, gone)).toEqual({ state: "queued", effect: "pause" });
    expect(decide(bulkRowRules, lost)).toEqual({ state: "unknown", effect: "check" });
  });
});
