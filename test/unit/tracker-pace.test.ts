import { afterEach, describe, expect, it, vi } from "vitest";
import type { TrackerOptions } from "../../main/documents/tracker";
import { pendingDocument } from "../support/document-record";
import { pendingTracker } from "../support/pending-tracker";

const start = Date.parse("2026-11-23T12:00:00Z");
const hour = 3_600_000;

/** A tracker on `count` due documents sent `sentAgoMs` ago (and `old` more sent 30 h ago), on the test's clock. */
function setUp(count: number, options: Partial<TrackerOptions> = {}, old = 0) {
  const sent = (agoMs: number) => new Date(start - agoMs).toISOString();
  const documents = [
    ...Array.from({ length: count }, (_, n) => pendingDocument(`recent-${n}`, { sentAt: sent(hour) })),
    ...Array.from({ length: old }, (_, n) => pendingDocument(`old-${n}`, { sentAt: sent(30 * hour) })),
  ];
  const { tracker, asked } = pendingTracker(documents, () => start, options);
  return { tracker, asked };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the status tracker's pace", () => {
  it("asks a backlog a pass at a time, pausing after each full pass rather than flooding the service", async () => {
    vi.useFakeTimers();
    const { tracker, asked } = setUp(250, { passLimit: 100, backlogPauseMs: 1_000 });
    tracker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(100);
    await vi.advanceTimersByTimeAsync(999);
    expect(asked).toHaveLength(100);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(200);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toHaveLength(250);
    expect(new Set(asked).size).toBe(250);
    tracker.stop();
  });

  it("makes its first pass after start wait firstPassDelayMs; documents added meanwhile are asked at once", async () => {
    vi.useFakeTimers();
    const { tracker, asked } = setUp(3, { firstPassDelayMs: 3_000 });
    tracker.start();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(3);
    tracker.stop();

    const woken = setUp(2, { firstPassDelayMs: 3_000 });
    woken.tracker.start();
    woken.tracker.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(woken.asked).toHaveLength(2);
    woken.tracker.stop();
  });

  it("asks only the recent unfinished documents when the window comes back; older ones keep their back-off", async () => {
    const { tracker, asked } = setUp(2, {}, 3);
    // Each asked once: none is due now.
    await tracker.refreshNow();
    expect(asked).toHaveLength(5);
    asked.length = 0;
    expect(tracker.refreshRecent()).toBe(true);
    await tracker.pass();
    expect(asked.sort()).toEqual(["recent-0", "recent-1"]);
    expect(tracker.nextCheckAt("acct", "old-0")).toBe(start + 30_000);

    const none = setUp(0, {}, 3);
    expect(none.tracker.refreshRecent()).toBe(false);
    expect(none.asked).toEqual([]);
  });
});
