import { afterAll, beforeAll, expect, it } from "vitest";
import type { Account } from "../../common/accounts";
import { startTestCore, type TestCore } from "../support/core-harness";
import { type FaultServer, startFaultServer } from "../support/fault-server";
import { createHold } from "../support/hold";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, makeOfferTemplate, type RunningSandbox, startSandbox } from "../support/sandbox";

/*
 * The outbox's background delivery against what happens meanwhile: a service that fails a webhook call again and
 * again, a send made elsewhere, the person cancelling an item, the app quitting. Each account reaches the sandbox
 * through a fault server of its own: "Slow" and "Quitting" hold the listing taken before a send until the item is
 * cancelled, or the app quits.
 */

describeWith("secret-service", "the outbox's background delivery", () => {
  let running: RunningSandbox;
  let fault: FaultServer;
  let slowFault: FaultServer;
  let quittingFault: FaultServer;
  let app: TestCore;
  let flaky: Account;
  let slow: Account;
  let quitting: Account;
  let templateId: string;

  beforeAll(async () => {
    running = await startSandbox();
    fault = await startFaultServer({ upstream: running.url });
    slowFault = await startFaultServer({ upstream: running.url });
    quittingFault = await startFaultServer({ upstream: running.url });
    app = await startTestCore({
      embeddedSandbox: false,
      tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
      outbox: { retryDelayMs: 100, maxRetryDelayMs: 400 },
      // Only bounds a listing that hangs; the held ones are let go within the test.
      sendCheck: { scheduleMs: [0, 100, 200], listTimeoutMs: 60_000 },
    });
    flaky = await app.call("accountsAdd", { name: "Flaky", baseUrl: fault.url, apiKey: running.key });
    slow = await app.call("accountsAdd", { name: "Slow", baseUrl: slowFault.url, apiKey: running.key });
    quitting = await app.call("accountsAdd", { name: "Quitting", baseUrl: quittingFault.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: flaky.id });
    templateId = await makeOfferTemplate(running.url, running.key, await makePdf());
  });
  afterAll(async () => {
    await app?.close();
    await quittingFault?.close();
    await slowFault?.close();
    await fault?.close();
    await running?.close();
  });

  const documentsTo = async (email: string) =>
    (
      (await callApi(running.url, "GET", "/getAllDocuments", { key: running.key })).body as {
        documents: { recipients: { email: string }[] }[];
      }
    ).documents.filter((document) => document.recipients.some((recipient) => recipient.email === email));

  /** Queues a send on `account` and leaves it to the background, as a send queued while offline. */
  async function queueSend(account: Account, email: string) {
    const item = await app.core.outbox.enqueue({
      account,
      title: "Offer",
      item: {
        kind: "sendFromTemplate",
        request: {
          templateId,
          documentName: "Offer",
          serviceName: "Offer",
          recipients: [{ name: "Signer", email }],
        },
      },
    });
    app.core.outbox.kick(account.id);
    return item;
  }
  const stateOf = (itemId: string) => app.core.records.outbox.get(itemId)?.state;

  it("a webhook call the service keeps failing goes again after growing waits, not at once in a loop", async () => {
    const url = "http://localhost:9/hooks/flaky";
    fault.plan("/registerWebhook", ...Array.from({ length: 4 }, () => ({ kind: "status" as const, status: 500 })), {
      kind: "proxy",
    });
    const answer = await app.call("webhooksRegister", { url, eventType: "document.signed" });
    expect(answer.queued).toBeDefined();
    await expect
      .poll(async () => (await app.call("webhooksList")).map((webhook) => webhook.url), { timeout: 60_000 })
      .toEqual([url]);
    const calls = fault.requests.filter((request) => request.path === "/registerWebhook");
    expect(calls.map((call) => call.action)).toEqual(["status", "status", "status", "status", "proxy"]);
    // The background takes over at once from the person's call; after that, each try waits for the retry.
    const gaps = calls.slice(1).map((call, index) => call.at - (calls[index]?.at ?? 0));
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(80);
  });

  it("a lost send is compared with the newest listing read before it, not with an older one", async () => {
    await app.call("templatesAddById", { templateId, name: "Offer", groups: [{ label: "Signer" }] });
    const ada = { name: "Ada", email: "ada@example.com" };
    // A first send reads the service's listing (once a session: main/documents/send-baseline.ts).
    await app.call("documentsSend", { templateId, recipients: [ada] });
    // Then the same template is sent to the same person elsewhere (the service's web app, another computer).
    const elsewhere = await callApi(running.url, "POST", "/createFromTemplate", {
      key: running.key,
      json: { templateId, recipients: [ada] },
    });
    const elsewhereId = (elsewhere.body as { pdf_id: string }).pdf_id;
    // Another send's answer is lost; its check reads the listing again, which shows that document.
    fault.plan("/createFromTemplate", { kind: "status", status: 504 });
    const other = await app.invoke("documentsSend", {
      templateId,
      recipients: [{ name: "Bea", email: "bea@example.com" }],
    });
    expect(other.ok ? "sent" : other.error.code).toBe("not_sent");
    // A gateway gives up before the service sees the next send: nothing is made, and the answer is lost.
    fault.plan("/createFromTemplate", { kind: "status", status: 504 });
    const answer = await app.invoke("documentsSend", { templateId, recipients: [ada] });
    expect(answer.ok ? "sent" : answer.error.code).toBe("not_sent");
    expect((await app.call("documentsList")).documents.map((document) => document.pdfId)).not.toContain(elsewhereId);
  });

  it("an item cancelled while the service is listed before it is sent stays cancelled, and the rest goes", async () => {
    const listing = createHold();
    slowFault.plan("/getAllDocuments", { kind: "hold", hold: listing });
    const cancelled = await queueSend(slow, "cancelled@example.com");
    // The listing taken before the send is out (held at the fault server) when the person cancels the item.
    await listing.arrived();
    expect(stateOf(cancelled.itemId)).toBe("queued");
    await app.core.outbox.cancel(cancelled.itemId);
    listing.release();
    // Queued after it, the next item goes once the drain has passed the cancelled one.
    const next = await queueSend(slow, "after-cancel@example.com");
    await expect.poll(() => stateOf(next.itemId), { timeout: 60_000 }).toBe("sent");
    expect(app.core.outbox.summary(slow.id).paused).toBeNull();
    expect(stateOf(cancelled.itemId)).toBe("cancelled");
    expect(slowFault.count("/createFromTemplate")).toBe(1);
    expect(await documentsTo("cancelled@example.com")).toEqual([]);
  });

  it("an item whose listing is out when the app quits is not sent: it stays queued for the next start", async () => {
    const listing = createHold();
    quittingFault.plan("/getAllDocuments", { kind: "hold", hold: listing });
    // Told when the outbox has the listing's answer: what it does next follows at once, without waiting for anything.
    const client = app.core.clientFor(quitting);
    const list = client.getAllDocumentsInBatches;
    const listed = new Promise<void>((resolve) => {
      client.getAllDocumentsInBatches = (...args) => list(...args).finally(resolve);
    });
    const item = await queueSend(quitting, "quitting@example.com");
    await listing.arrived();
    await app.core.outbox.settle(0);
    listing.release();
    await listed;
    // Whatever the outbox does with the answer it does before this turn of the event loop ends.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stateOf(item.itemId)).toBe("queued");
    expect(quittingFault.count("/createFromTemplate")).toBe(0);
    expect(await documentsTo("quitting@example.com")).toEqual([]);
  });
});
