import { describe, expect, it } from "vitest";
import type { TrackerOptions } from "../../main/documents/tracker";
import { ServiceError } from "../../main/service/service-error";
import type { DocumentRecord } from "../../main/settings/settings-schema";
import { pendingDocument } from "../support/document-record";
import { english } from "../support/english";
import { pendingTracker } from "../support/pending-tracker";

const start = Date.parse("2026-11-23T12:00:00Z");
const hour = 3_600_000;

function record(pdfId: string, sentAgoMs: number): DocumentRecord {
  const sentAt = new Date(start - sentAgoMs).toISOString();
  return pendingDocument(pdfId, { name: pdfId, recipients: [], sentAt });
}

/** A tracker on an in-memory index with a clock the test moves; no timer runs (passes are made by the test). */
function setUp(records: DocumentRecord[], options: Partial<TrackerOptions> = {}) {
  const clock = { now: start };
  const { tracker, asked } = pendingTracker(records, () => clock.now, {
    minIntervalMs: 15_000,
    maxIntervalMs: 600_000,
    watchedIntervalMs: 10_000,
    watchTtlMs: 120_000,
    ...options,
  });
  const askedSince = (mark: number) => asked.slice(mark).sort();
  return { tracker, clock, asked, askedSince };
}

describe("the status tracker while Documents is watched", () => {
  it("checks a recent unfinished document every 10 s despite its back-off; an old one keeps its back-off", async () => {
    const { tracker, clock, asked, askedSince } = setUp([record("recent", hour), record("old", 30 * hour)]);
    // Unwatched, five unchanged answers grow the back-off to 15·2^5 s.
    for (let round = 0; round < 5; round += 1) await tracker.refreshNow();
    expect(tracker.nextCheckAt("acct", "recent")).toBe(start + 480_000);
    expect(tracker.nextCheckAt("acct", "old")).toBe(start + 480_000);

    // Watching checks the recent unfinished documents at once; an old one keeps its back-off.
    let mark = asked.length;
    tracker.watch(true);
    await tracker.pass();
    expect(askedSince(mark)).toEqual(["recent"]);
    expect(tracker.nextCheckAt("acct", "recent")).toBe(start + 10_000);
    expect(tracker.nextCheckAt("acct", "old")).toBe(start + 480_000);

    mark = asked.length;
    clock.now += 10_000;
    await tracker.pass();
    expect(askedSince(mark)).toEqual(["recent"]);
    // Renewed, the watch goes on; a second renewal does not check everything again.
    tracker.watch(true);
    clock.now += 10_000;
    await tracker.pass();
    expect(askedSince(mark)).toEqual(["recent", "recent"]);
  });

  it("lapses without renewal, and ends when the screen goes: the back-off applies again", async () => {
    const { tracker, clock, asked } = setUp([record("recent", hour)]);
    for (let round = 0; round < 3; round += 1) await tracker.refreshNow();
    tracker.watch(true);
    await tracker.pass();
    expect(tracker.nextCheckAt("acct", "recent")).toBe(start + 10_000);

    clock.now += 120_001;
    expect(tracker.watched).toBe(false);
    const mark = asked.length;
    expect(tracker.nextCheckAt("acct", "recent")).toBe(start + 240_000);
    await tracker.pass();
    expect(asked.length).toBe(mark);

    tracker.watch(true);
    await tracker.pass();
    tracker.watch(false);
    expect(tracker.nextCheckAt("acct", "recent")).toBe(clock.now + 480_000);
  });

  it("holds every poll for as long as a 429 asks, watched or not", async () => {
    let limited = true;
    const asked: string[] = [];
    const { tracker, clock } = setUp([record("a", hour), record("b", hour)], {
      maxInFlight: 1,
      fetchDetails: async (_account, pdfId) => {
        asked.push(pdfId);
        if (limited) throw new ServiceError({ category: "rate_limited", message: "Slow down.", retryAfterSeconds: 40 });
        return { status: "pending" };
      },
    });
    tracker.watch(true);
    const summary = await tracker.refreshNow();
    // The first answer was a 429: nothing more was asked, and the summary says why.
    expect(asked).toEqual(["a"]);
    expect(summary).toMatchObject({ total: 2, checked: 0, failed: 1, unreachable: false });
    expect(english(summary.reason ?? "")).toContain("asked Signdesk to wait");
    expect(tracker.nextCheckAt("acct", "b")).toBe(start + 40_000);

    clock.now += 20_000;
    await tracker.pass();
    expect(asked).toEqual(["a"]);
    limited = false;
    clock.now += 20_000;
    await tracker.pass();
    expect(asked.sort()).toEqual(["a", "a", "b"]);
  });

  it("keeps at most 4 requests in flight while watched", async () => {
    let inFlight = 0;
    let most = 0;
    // The first answers wait until four checks are out at once (after that none waits): the tracker's limit shows
    // however fast the machine is; a tracker that never has four out would leave them waiting.
    let fourOut = () => {};
    const four = new Promise<void>((resolve) => {
      fourOut = resolve;
    });
    const records = Array.from({ length: 12 }, (_, n) => record(`d${n}`, hour));
    const { tracker, clock } = setUp(records, {
      fetchDetails: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        if (inFlight === 4) fourOut();
        await four;
        inFlight -= 1;
        return { status: "pending" };
      },
    });
    tracker.watch(true);
    await tracker.pass();
    clock.now += 10_000;
    await tracker.pass();
    expect(most).toBe(4);
  });
});

describe("Refresh now", () => {
  it("counts each document it asked about, and says how many were read", async () => {
    const { tracker } = setUp([record("a", hour), record("b", hour), record("c", 40 * hour)]);
    const progress: string[] = [];
    const summary = await tracker.refreshNow(undefined, (done, total) => progress.push(`${done}/${total}`));
    expect(progress).toEqual(["0/3", "1/3", "2/3", "3/3"]);
    expect(summary).toEqual({ total: 3, checked: 3, failed: 0, unreachable: false, reason: null });
  });

  it("stops at an unreachable service and says why; the next refresh probes with one document and then asks the rest", async () => {
    let down = true;
    const asked: string[] = [];
    const { tracker } = setUp([record("a", hour), record("b", hour), record("c", hour)], {
      maxInFlight: 1,
      fetchDetails: async (_account, pdfId) => {
        asked.push(pdfId);
        if (down) throw new ServiceError({ category: "network", message: "Cannot reach the service: refused." });
        return { status: "pending" };
      },
    });
    expect(await tracker.refreshNow()).toEqual({
      total: 3,
      checked: 0,
      failed: 0,
      unreachable: true,
      reason: "Cannot reach the service: refused.",
    });
    expect(asked).toHaveLength(1);
    expect(tracker.reachable).toBe(false);

    down = false;
    expect(await tracker.refreshNow()).toEqual({ total: 3, checked: 3, failed: 0, unreachable: false, reason: null });
    expect(tracker.reachable).toBe(true);
  });

  it("has nothing to do when every document is finished", async () => {
    const { tracker, asked } = setUp([{ ...record("done", hour), finished: true }]);
    expect(await tracker.refreshNow()).toEqual({ total: 0, checked: 0, failed: 0, unreachable: false, reason: null });
    expect(asked).toEqual([]);
    expect(tracker.nextCheckAt("acct", "done")).toBeNull();
  });
});
