import { afterEach, describe, expect, it } from "vitest";
import { shiftedClock } from "../support/manual-clock";
import { callApi, type RunningSandbox, startSandbox } from "../support/sandbox";
import { noteField, sendForSigning } from "../support/send-for-signing";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/** The sandbox's deleteWebhook: what it does to the deliveries already queued for the address. */

describe("deleteWebhook", () => {
  let hooked: RunningSandbox | undefined;
  let failing: WebhookReceiver | undefined;
  let working: WebhookReceiver | undefined;
  afterEach(async () => {
    await hooked?.close();
    await failing?.close();
    await working?.close();
  });

  /**
   * A sandbox whose `document.signed` webhook answers 500 (and `document.finalized`, when given, goes to
   * `finalizedUrl`), with one document signed and its first delivery failed: a retry is queued for a minute later, far
   * beyond anything the test waits for, so that nothing the test does races it.
   */
  async function oneRetryQueued(finalizedUrl?: string) {
    const receiver = await startWebhookReceiver();
    failing = receiver;
    receiver.respond = () => 500;
    const sandbox = await startSandbox({ webhookRetryDelaysMs: Array(5).fill(60_000) });
    hooked = sandbox;
    const hooks = [{ url: receiver.url, eventType: "document.signed" }];
    if (finalizedUrl !== undefined) hooks.push({ url: finalizedUrl, eventType: "document.finalized" });
    for (const json of hooks) await callApi(sandbox.url, "POST", "/registerWebhook", { key: sandbox.key, json });
    const { pdfId, link } = await sendForSigning(sandbox, noteField);
    expect((await callApi(link, "POST", "", { json: { fields: { note: "done" } } })).status).toBe(200);
    await receiver.waitFor((received) => received.length >= 1);
    const deleteFailing = () =>
      callApi(sandbox.url, "POST", "/deleteWebhook", { key: sandbox.key, json: { url: receiver.url } });
    /** Each delivery of the document: its event, state and how many attempts were made. */
    const deliveries = async () => {
      const log = await callApi(sandbox.url, "GET", "/_sandbox/deliveries", { key: sandbox.key });
      return (
        log.body as { deliveries: { pdf_id: string; eventType: string; state: string; attempts: unknown[] }[] }
      ).deliveries
        .filter((delivery) => delivery.pdf_id === pdfId)
        .map((delivery) => [delivery.eventType, delivery.state, delivery.attempts.length]);
    };
    return { sandbox, deleteFailing, receiver, deliveries };
  }

  it("cancels the deleted webhook's queued retries; other deliveries of the document go on at once", async () => {
    working = await startWebhookReceiver();
    // document.finalized waits behind the retry (one document's deliveries go in order): a minute, unless the deletion
    // lets it go at once.
    const { deleteFailing, receiver, deliveries } = await oneRetryQueued(working.url);
    expect((await deleteFailing()).status).toBe(200);
    const [finalized] = await working.waitFor((received) => received.length >= 1, 30_000);
    expect(finalized?.body.event).toBe("document.finalized");
    // Cancelled, not waiting: the failing receiver is never called again.
    expect(await deliveries()).toEqual([
      ["document.signed", "failed", 1],
      ["document.finalized", "delivered", 1],
    ]);
    expect(receiver.received).toHaveLength(1);
  });

  it("cancels them across a restart too", async () => {
    const { sandbox, deleteFailing, receiver, deliveries } = await oneRetryQueued();
    await deleteFailing();
    // Started again with its clock past the retry's time: a delivery still pending would be due at once.
    await sandbox.restart({ clock: shiftedClock(() => 120_000) });
    expect(await deliveries()).toEqual([["document.signed", "failed", 1]]);
    expect(receiver.received).toHaveLength(1);
  });
});
