import { describe, expect, it } from "vitest";
import type { DetailsAnswer } from "../../main/documents/tracker";
import { AccountGates } from "../../main/jobs/account-gates";
import { ServiceError } from "../../main/service/service-error";
import { pendingDocument } from "../support/document-record";
import { manualClock } from "../support/manual-clock";
import { pendingTracker } from "../support/pending-tracker";

const start = Date.parse("2026-11-27T09:00:00Z");

describe("the status tracker behind each account's gate", () => {
  it("holds only the account whose service answered 429, for as long as it asked, shared with the other senders", async () => {
    const clock = manualClock(start);
    const gates = new AccountGates(clock);
    const documents = ["a-1", "a-2", "b-1", "b-2"].map((pdfId) =>
      pendingDocument(pdfId, { accountId: pdfId.startsWith("a") ? "a" : "b" }),
    );
    const asked: string[] = [];
    let limited = true;
    const { tracker } = pendingTracker(documents, clock.now, {
      clock,
      gates,
      maxInFlight: 1,
      fetchDetails: async (accountId, pdfId): Promise<DetailsAnswer> => {
        asked.push(pdfId);
        if (accountId === "a" && limited) {
          limited = false;
          throw new ServiceError({ category: "rate_limited", message: "Slow down.", retryAfterSeconds: 120 });
        }
        return { status: "pending" };
      },
    });

    await tracker.refreshNow();
    // One of account a's documents met the 429; the other waits; account b's are both asked.
    expect(asked.filter((pdfId) => pdfId.startsWith("a"))).toHaveLength(1);
    expect(asked.filter((pdfId) => pdfId.startsWith("b")).sort()).toEqual(["b-1", "b-2"]);
    expect(gates.heldFor("a")).toBe(120_000);
    expect(gates.heldFor("b")).toBe(0);
    const waiting = ["a-1", "a-2"].find((pdfId) => !asked.includes(pdfId)) ?? "";
    expect(tracker.nextCheckAt("a", waiting)).toBe(start + 120_000);

    // A pass inside the hold asks nothing of account a.
    clock.advance(119_999);
    await tracker.pass();
    expect(asked.filter((pdfId) => pdfId.startsWith("a"))).toHaveLength(1);

    clock.advance(1);
    expect(gates.heldFor("a")).toBe(0);
    await tracker.pass();
    expect(asked).toContain(waiting);
    tracker.stop();
  });
});
