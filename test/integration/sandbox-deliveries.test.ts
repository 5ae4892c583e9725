import { afterEach, describe, expect, it } from "vitest";
import { shiftedClock } from "../support/manual-clock";
import { makePdf } from "../support/pdf-fixtures";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const fields = [[{ id: "note", x: 72, y: 72, page: 1, type: "Text", recipient: 1 }]];

async function sendOne(running: RunningSandbox, name: string) {
  const created = await callApi(running.url, "POST", "/createNewTemplate", {
    key: running.key,
    form: templateForm({
      file: await makePdf(),
      templateName: name,
      fields,
      recipients: [{ name: "Ada", email: "ada@example.com" }],
    }),
  });
  const pdfId = (created.body as { pdf_id: string }).pdf_id;
  const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
  const link = (outbox.body as { messages: { pdf_id: string; signingUrl: string }[] }).messages.find(
    (m) => m.pdf_id === pdfId,
  )?.signingUrl;
  return { pdfId, link: link ?? "" };
}

describe("webhook deliveries", () => {
  let running: RunningSandbox | undefined;
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => {
    await running?.close();
    await receiver?.close();
  });

  it("retries a failing receiver with back-off (1 s, then 2 s) and delivers on the third attempt, in order", async () => {
    receiver = await startWebhookReceiver();
    running = await startSandbox();
    let failuresLeft = 2;
    receiver.respond = () => (failuresLeft-- > 0 ? 500 : 200);
    for (const eventType of ["document.signed", "document.finalized"]) {
      await callApi(running.url, "POST", "/registerWebhook", {
        key: running.key,
        json: { url: receiver.url, eventType },
      });
    }
    const { pdfId, link } = await sendOne(running, "Retry me");
    expect((await callApi(link, "POST", "", { json: { fields: { note: "done" } } })).status).toBe(200);

    const got = await receiver.waitFor(
      (received) => received.filter((event) => event.answeredWith === 200).length >= 2,
    );
    const signedAttempts = got.filter((event) => event.body.event === "document.signed");
    expect(signedAttempts.map((event) => event.answeredWith)).toEqual([500, 500, 200]);
    // Same event (same id, same bytes) on every attempt.
    expect(new Set(signedAttempts.map((event) => event.rawBody)).size).toBe(1);
    const [first, second, third] = signedAttempts.map((event) => event.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(950);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(1950);
    // document.finalized waited for document.signed: order per document holds.
    const finalizedAt = got.find((event) => event.body.event === "document.finalized")?.at ?? 0;
    expect(finalizedAt).toBeGreaterThanOrEqual(third ?? Number.POSITIVE_INFINITY);

    const log = await callApi(running.url, "GET", "/_sandbox/deliveries", { key: running.key });
    const deliveries = (
      log.body as {
        deliveries: { pdf_id: string; eventType: string; state: string; attempts: { ok: boolean; status: number }[] }[];
      }
    ).deliveries.filter((delivery) => delivery.pdf_id === pdfId);
    expect(deliveries.map((delivery) => [delivery.eventType, delivery.state])).toEqual([
      ["document.signed", "delivered"],
      ["document.finalized", "delivered"],
    ]);
    expect(deliveries[0]?.attempts.map((attempt) => [attempt.ok, attempt.status])).toEqual([
      [false, 500],
      [false, 500],
      [true, 200],
    ]);
    expect(JSON.stringify(log.body)).not.toContain("secret");
  });

  it("gives up after five retries and records every attempt", async () => {
    receiver = await startWebhookReceiver();
    receiver.respond = () => 503;
    running = await startSandbox({ webhookRetryDelaysMs: [10, 10, 10, 10, 10] });
    await callApi(running.url, "POST", "/registerWebhook", {
      key: running.key,
      json: { url: receiver.url, eventType: "document.signed" },
    });
    const { link } = await sendOne(running, "Never delivered");
    await callApi(link, "POST", "", { json: { fields: { note: "x" } } });
    await receiver.waitFor((received) => received.length >= 6);
    const { url, key } = running;
    const delivery = async () => {
      const log = await callApi(url, "GET", "/_sandbox/deliveries", { key });
      return (log.body as { deliveries: { state: string; attempts: unknown[] }[] }).deliveries[0];
    };
    // Given up: a failed delivery is tried no more, so the receiver's count is final.
    await expect.poll(async () => (await delivery())?.state).toBe("failed");
    expect(receiver.received).toHaveLength(6);
    expect((await delivery())?.attempts).toHaveLength(6);
  });

  it("resumes deliveries that were still due after a restart", async () => {
    receiver = await startWebhookReceiver();
    receiver.respond = () => 500;
    // The retry is due a minute after the first attempt: the restart comes long before it, however busy the machine.
    running = await startSandbox({ webhookRetryDelaysMs: Array(5).fill(60_000) });
    await callApi(running.url, "POST", "/registerWebhook", {
      key: running.key,
      json: { url: receiver.url, eventType: "document.signed" },
    });
    const { link } = await sendOne(running, "Survives a restart");
    await callApi(link, "POST", "", { json: { fields: { note: "x" } } });
    await receiver.waitFor((received) => received.length >= 1);
    receiver.respond = () => 200;
    // Started again with its clock past the retry's time: the delivery still due goes at once.
    await running.restart({ clock: shiftedClock(() => 60_000) });
    const got = await receiver.waitFor((received) => received.some((event) => event.answeredWith === 200));
    expect(got.map((event) => event.answeredWith)).toEqual([500, 200]);
    expect(new Set(got.map((event) => event.body.id)).size).toBe(1);
  });
});

describe("persistence", () => {
  it("keeps 20 concurrent sends from one template, with keys, outbox and webhooks, across a restart", async () => {
    const running = await startSandbox();
    try {
      const created = await callApi(running.url, "POST", "/createNewTemplate", {
        key: running.key,
        form: templateForm({ file: await makePdf(), templateName: "Bulk", fields }),
      });
      const templateId = (created.body as { template_id: string }).template_id;
      await callApi(running.url, "POST", "/registerWebhook", {
        key: running.key,
        json: { url: "https://hooks.example.com/x", eventType: "document.signed" },
      });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          callApi(running.url, "POST", "/createFromTemplate", {
            key: running.key,
            json: { templateId, recipients: [{ name: `Signer ${index}`, email: `signer${index}@example.com` }] },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const ids = answers.map((answer) => (answer.body as { pdf_id: string }).pdf_id);
      expect(new Set(ids).size).toBe(20);

      await running.restart();
      const all = await callApi(running.url, "GET", "/getAllDocuments", { key: running.key });
      expect(all.status).toBe(200);
      const listed = (all.body as { documents: { id: string }[] }).documents.map((document) => document.id);
      expect(listed.sort()).toEqual([...ids].sort());
      const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
      expect((outbox.body as { messages: unknown[] }).messages).toHaveLength(20);
      const again = await callApi(running.url, "POST", "/registerWebhook", {
        key: running.key,
        json: { url: "https://hooks.example.com/x", eventType: "document.signed" },
      });
      expect((again.body as { message: string }).message).toBe("Webhook already registered");
      const state = await import("node:fs/promises").then((fs) => fs.readFile(`${running.dataDir}/state.json`, "utf8"));
      expect(state).not.toContain(running.key);
    } finally {
      await running.close();
    }
  });
});
