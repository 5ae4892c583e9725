import { afterAll, beforeAll, expect, it } from "vitest";
import type { Account } from "../../common/accounts";
import { startTestCore, type TestCore } from "../support/core-harness";
import { type FaultServer, startFaultServer } from "../support/fault-server";
import { type ManualClock, manualClock } from "../support/manual-clock";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, makeOfferTemplate, type RunningSandbox, startSandbox } from "../support/sandbox";

/*
 * The core on a clock of the test's own (issue 30): a 429's wait ends when the test moves the clock on, not when a
 * real timer happens to fire, so the test says exactly when the item may go, whatever the machine's speed.
 */

describeWith("secret-service", "the outbox's waits on the core's clock and the account's gate", () => {
  let running: RunningSandbox;
  let fault: FaultServer;
  let app: TestCore;
  let clock: ManualClock;
  let account: Account;
  let templateId: string;

  beforeAll(async () => {
    running = await startSandbox();
    fault = await startFaultServer({ upstream: running.url });
    clock = manualClock(Date.parse("2026-11-26T12:00:00Z"));
    app = await startTestCore({
      embeddedSandbox: false,
      clock,
      outbox: { retryDelayMs: 1_000, maxRetryDelayMs: 4_000 },
      sendCheck: { scheduleMs: [0], listTimeoutMs: 60_000 },
    });
    account = await app.call("accountsAdd", { name: "Limited", baseUrl: fault.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: account.id });
    templateId = await makeOfferTemplate(running.url, running.key, await makePdf());
  });
  afterAll(async () => {
    await app?.close();
    await fault?.close();
    await running?.close();
  });

  const sendsMade = () => fault.requests.filter((request) => request.path === "/createFromTemplate").length;
  const documentsTo = async (email: string) =>
    (
      (await callApi(running.url, "GET", "/getAllDocuments", { key: running.key })).body as {
        documents: { recipients: { email: string }[] }[];
      }
    ).documents.filter((document) => document.recipients.some((recipient) => recipient.email === email));

  /** Queues a send of the offer to one person, and starts the account's drain. */
  const queueOffer = async (title: string, recipient: { name: string; email: string }) => {
    const item = await app.core.outbox.enqueue({
      account,
      title,
      item: {
        kind: "sendFromTemplate",
        request: { templateId, documentName: "Offer", serviceName: "Offer", recipients: [recipient] },
      },
    });
    app.core.outbox.kick(account.id);
    return item;
  };

  it("a 429 holds the account's queue exactly as long as the service asked, then the item goes once", async () => {
    fault.plan("/createFromTemplate", { kind: "rate-limited", retryAfter: "30" });
    const email = "held@example.com";
    const item = await queueOffer("Offer", { name: "Held", email });
    await expect.poll(sendsMade).toBe(1);
    // The drain ended on the 429 and armed one wait: the service's 30 s, longer than the outbox's own 1 s.
    await expect.poll(() => clock.pending().includes(30_000)).toBe(true);
    expect(app.core.records.outbox.get(item.itemId)?.state).toBe("queued");

    clock.advance(29_999);
    // Whatever else the clock ended (the tracker's first pass), nothing was sent a millisecond early.
    await app.call("outboxList");
    expect(sendsMade()).toBe(1);
    expect(app.core.records.outbox.get(item.itemId)?.state).toBe("queued");

    clock.advance(1);
    await expect.poll(() => app.core.records.outbox.get(item.itemId)?.state).toBe("sent");
    expect(sendsMade()).toBe(2);
    expect(await documentsTo(email)).toHaveLength(1);
  });

  it("a 429 answered to a status check holds the outbox's sends to that service too: one gate per account", async () => {
    const [tracked] = app.core.records.documents.all();
    if (tracked === undefined) throw new Error("no document from the first test");
    // Longer than any Retry-After the client waits for itself: the tracker hears the 429.
    fault.plan("/getDocumentDetails", { kind: "rate-limited", retryAfter: "120" });
    // The next check of the document meets it: the one made after the first test's send may still be out, and then
    // answers this check in its stead.
    await expect
      .poll(async () => {
        await app.core.tracker.refreshNow([tracked.pdfId]);
        return app.core.gates.heldFor(account.id);
      })
      .toBe(120_000);

    const email = "gated@example.com";
    const before = sendsMade();
    const item = await queueOffer("Gated offer", { name: "Gated", email });
    // The drain stopped at the closed gate and armed the outbox's own wait (1 s), which ends long before the hold.
    await expect.poll(() => clock.pending()).toContain(1_000);
    clock.advance(119_999);
    await app.call("outboxList");
    expect(sendsMade()).toBe(before);
    expect(app.core.records.outbox.get(item.itemId)?.state).toBe("queued");

    clock.advance(1);
    await expect.poll(() => app.core.records.outbox.get(item.itemId)?.state).toBe("sent");
    expect(sendsMade()).toBe(before + 1);
    expect(await documentsTo(email)).toHaveLength(1);
  });
});
