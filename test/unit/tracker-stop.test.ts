import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type DetailsAnswer, DocumentTracker, type StatusChange } from "../../main/documents/tracker";
import { openRecords } from "../../main/records/open-records";
import { pendingDocument } from "../support/document-record";
import { setClock } from "../support/manual-clock";

const start = Date.parse("2026-11-23T12:00:00Z");

/** A request the test answers; like the service client, it rejects with the signal's reason once aborted. */
interface Asked {
  pdfId: string;
  answer(value: DetailsAnswer): void;
}

function setUp(count: number) {
  const index = openRecords(mkdtempSync(path.join(tmpdir(), "signdesk-tracker-stop-"))).records.documents;
  for (let n = 0; n < count; n += 1) index.add(pendingDocument(`doc-${n}`));
  const asked: Asked[] = [];
  let arrivals: { count: number; resolve: () => void }[] = [];
  const fetchDetails = (_account: string, pdfId: string, signal: AbortSignal) =>
    new Promise<DetailsAnswer>((resolve, reject) => {
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
      asked.push({ pdfId, answer: resolve });
      for (const waiter of arrivals.filter((each) => asked.length >= each.count)) waiter.resolve();
      arrivals = arrivals.filter((each) => asked.length < each.count);
    });
  /** Resolves once `count` requests in all were made: an order, not a delay. */
  const askedCount = (count: number) =>
    asked.length >= count ? Promise.resolve() : new Promise<void>((resolve) => arrivals.push({ count, resolve }));
  const changes: StatusChange[] = [];
  const tracker = (maxInFlight: number) =>
    new DocumentTracker({
      documents: index,
      maxInFlight,
      clock: setClock(start),
      fetchDetails,
      isUnreachable: () => false,
      onChange: (change) => changes.push(change),
    });
  return { index, asked, askedCount, changes, tracker };
}

describe("the status tracker stopping (the app quits)", () => {
  it("stops a pass mid-way: stores the answers it had, aborts the requests out, and leaves the rest due", async () => {
    const { index, asked, askedCount, changes, tracker } = setUp(10);
    const first = tracker(2);
    const passing = first.pass();
    await askedCount(2);
    asked[0]?.answer({ status: "signed", finalUrl: "https://example.com/final.pdf" });
    // The answered request's worker asks the next document; two are out when the app quits.
    await askedCount(3);
    // Resolves without the two answers, which never come.
    await first.settle();
    await passing;
    expect(asked.map((each) => each.pdfId)).toEqual(["doc-0", "doc-1", "doc-2"]);
    // What was answered is stored and told; the aborted requests stored nothing.
    expect(changes.map((change) => `${change.pdfId} ${change.to}`)).toEqual(["doc-0 signed"]);
    expect(index.brief("acct", "doc-0")?.finished).toBe(true);
    expect(index.brief("acct", "doc-1")?.lastStatus).toBe("pending");
    // Stopped, it asks nothing more: neither a refresh nor a pass.
    await first.refreshNow();
    await first.pass();
    expect(asked).toHaveLength(3);

    // The next start asks each document the stopped pass did not learn about, and not the one it did.
    const next = tracker(20);
    const resumed = next.pass();
    await askedCount(12);
    for (const each of asked.slice(3)) each.answer({ status: "pending" });
    await resumed;
    expect(
      asked
        .slice(3)
        .map((each) => each.pdfId)
        .sort(),
    ).toEqual(["doc-1", "doc-2", "doc-3", "doc-4", "doc-5", "doc-6", "doc-7", "doc-8", "doc-9"]);
  });

  it("ends a Refresh now over many documents after the pass under way, not after every document", async () => {
    const { asked, askedCount, tracker } = setUp(250);
    const first = tracker(1);
    const refreshing = first.refreshNow();
    // The first of three passes (100 documents each) is under way when the app quits: one answered, one out.
    await askedCount(1);
    asked[0]?.answer({ status: "pending" });
    await askedCount(2);
    await first.settle();
    const summary = await refreshing;
    expect(asked).toHaveLength(2);
    expect(summary).toMatchObject({ total: 250, checked: 1, failed: 0 });
  });
});
