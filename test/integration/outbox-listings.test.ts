import { afterAll, beforeAll, expect, it } from "vitest";
import type { Account } from "../../common/accounts";
import type { BulkRowInput } from "../../common/bulk-batches";
import type { OutboxItem } from "../../common/outbox";
import { startTestCore, type TestCore } from "../support/core-harness";
import { type FaultServer, startFaultServer } from "../support/fault-server";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, makeOfferTemplate, type RunningSandbox, startSandbox } from "../support/sandbox";

/*
 * Issue 28, item 5: a send costs what a send costs, whatever the account's size. The service's listing (the whole
 * account) is read once per session and account, before its first send, not before every send or drain; after a
 * lost answer it is read for the check. The account reaches a real sandbox through a fault server, which counts the
 * listings and loses answers when told.
 */

const patience = { timeout: 20_000, interval: 25 };

describeWith("secret-service", "the service's listing: once a session, then only to check a lost answer", () => {
  let running: RunningSandbox;
  let fault: FaultServer;
  let app: TestCore;
  let account: Account;
  let templateId: string;

  beforeAll(async () => {
    running = await startSandbox();
    fault = await startFaultServer({ upstream: running.url });
    app = await startTestCore({
      embeddedSandbox: false,
      // Long enough that no answer is ever taken for lost on a busy machine: only the fault server loses them.
      client: { timeoutMs: 120_000, backoffBaseMs: 10, maxGetAttempts: 2 },
      tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
      outbox: { retryDelayMs: 50, maxRetryDelayMs: 200 },
      bulk: { retryDelayMs: 50, maxRetryDelayMs: 200 },
      sendCheck: { scheduleMs: [0, 100, 200], listTimeoutMs: 120_000 },
    });
    account = await app.call("accountsAdd", { name: "Service", baseUrl: fault.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: account.id });
    templateId = await makeOfferTemplate(running.url, running.key, await makePdf());
    await app.call("templatesAddById", { templateId, name: "Offer", groups: [{ label: "Signer" }] });
  });
  afterAll(async () => {
    await app?.close();
    await fault?.close();
    await running?.close();
  });

  const listings = () => fault.count("/getAllDocuments");
  const person = (email: string) => ({ name: "Signer", email });
  const documentsTo = async (email: string) =>
    (
      (await callApi(running.url, "GET", "/getAllDocuments", { key: running.key })).body as {
        documents: { id: string; recipients: { email: string }[] }[];
      }
    ).documents
      .filter((document) => document.recipients.some((recipient) => recipient.email === email))
      .map((document) => document.id);
  const madeElsewhere = async (email: string) =>
    (
      (
        await callApi(running.url, "POST", "/createFromTemplate", {
          key: running.key,
          json: { templateId, recipients: [person(email)] },
        })
      ).body as { pdf_id: string }
    ).pdf_id;
  const stateOf = (itemId: string) => app.core.records.outbox.get(itemId)?.state;
  /** Sends left to the background, as sends queued while offline are; answers once all are sent. */
  async function drain(emails: string[]) {
    const items: OutboxItem[] = [];
    for (const email of emails)
      items.push(
        await app.core.outbox.enqueue({
          account,
          title: "Offer",
          item: {
            kind: "sendFromTemplate",
            request: { templateId, documentName: "Offer", serviceName: "Offer", recipients: [person(email)] },
          },
        }),
      );
    app.core.outbox.kick(account.id);
    await expect.poll(() => items.map((item) => stateOf(item.itemId)), patience).toEqual(emails.map(() => "sent"));
  }

  it("many sends, drains and a bulk batch read the listing once in the session", async () => {
    // Sends the person waits for: each is followed by a drain of its own.
    for (const index of [1, 2, 3, 4])
      await app.call("documentsSend", { templateId, recipients: [person(`waited-${index}@example.com`)] });
    for (const round of [1, 2, 3]) await drain([1, 2, 3].map((index) => `drained-${round}-${index}@example.com`));
    const rows: BulkRowInput[] = [1, 2, 3].map((index) => ({
      line: index + 1,
      recipients: [person(`bulk-${index}@example.com`)],
      documentName: `Offer ${index}`,
      emailSubject: null,
    }));
    const batch = await app.call("bulkCreate", { templateId, fileName: "few.csv", rows });
    await app.call("bulkStart", { batchId: batch.batchId });
    await expect.poll(() => app.core.records.bulk.batch(batch.batchId)?.state, patience).toBe("done");
    expect(fault.count("/createFromTemplate")).toBe(16);
    expect(listings()).toBe(1);
  });

  it("a lost answer the person waits for is found, with listings for the check only", async () => {
    const before = listings();
    fault.plan("/createFromTemplate", { kind: "proxy-then-reset" });
    const record = await app.call("documentsSend", { templateId, recipients: [person("lost@example.com")] });
    expect(await documentsTo("lost@example.com")).toEqual([record.pdfId]);
    // The check's first look found it.
    expect(listings()).toBe(before + 1);
  });

  it("in the background: found when made, sent again when not, each once; no listing but the check's", async () => {
    const before = listings();
    const sends = fault.count("/createFromTemplate");
    fault.plan("/createFromTemplate", { kind: "proxy-then-status", status: 504 }, { kind: "status", status: 504 });
    await drain(["made@example.com", "not-made@example.com"]);
    expect(await documentsTo("made@example.com")).toHaveLength(1);
    expect(await documentsTo("not-made@example.com")).toHaveLength(1);
    // Both checked together once both answers were lost: the made one found at the first look; the other after the
    // whole schedule, then sent again, with no listing before it.
    expect(fault.count("/createFromTemplate")).toBe(sends + 3);
    expect(listings()).toBe(before + app.core.sendCheck.scheduleMs.length);
  });

  it("a document made elsewhere before the account's listing was read is never taken for a lost send", async () => {
    const elsewhere = await madeElsewhere("eve@example.com");
    // Another account on the same service: its own listing, read at its first send, shows that document.
    const second = await app.call("accountsAdd", { name: "Second", baseUrl: fault.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: second.id });
    await app.call("templatesAddById", { templateId, name: "Offer", groups: [{ label: "Signer" }] });
    try {
      const before = listings();
      await app.call("documentsSend", { templateId, recipients: [person("first-of-second@example.com")] });
      expect(listings()).toBe(before + 1);
      // A gateway gives up before the service sees the send: nothing is made, and the answer is lost.
      fault.plan("/createFromTemplate", { kind: "status", status: 504 });
      const answer = await app.invoke("documentsSend", { templateId, recipients: [person("eve@example.com")] });
      expect(answer.ok ? "sent" : answer.error.code).toBe("not_sent");
      expect((await app.call("documentsList")).documents.map((document) => document.pdfId)).not.toContain(elsewhere);
      expect(await documentsTo("eve@example.com")).toEqual([elsewhere]);
    } finally {
      await app.call("accountsSetActive", { id: account.id });
    }
  });

  it("a document made elsewhere and shown since by a check's look is never taken for a later lost send", async () => {
    const elsewhere = await madeElsewhere("gina@example.com");
    // Another send's answer is lost and checked: its looks read the listing, which shows that document.
    fault.plan("/createFromTemplate", { kind: "status", status: 504 });
    const other = await app.invoke("documentsSend", { templateId, recipients: [person("hal@example.com")] });
    expect(other.ok ? "sent" : other.error.code).toBe("not_sent");
    fault.plan("/createFromTemplate", { kind: "status", status: 504 });
    const answer = await app.invoke("documentsSend", { templateId, recipients: [person("gina@example.com")] });
    expect(answer.ok ? "sent" : answer.error.code).toBe("not_sent");
    expect(await documentsTo("gina@example.com")).toEqual([elsewhere]);
  });

  it("one made elsewhere after the last listing, when the lost send was made too: 'probably sent', never twice", async () => {
    // Since the last listing was read (the previous test's looks), the same template to the same person elsewhere.
    const elsewhere = await madeElsewhere("frank@example.com");
    const sends = fault.count("/createFromTemplate");
    fault.plan("/createFromTemplate", { kind: "proxy-then-reset" });
    const answer = await app.invoke("documentsSend", { templateId, recipients: [person("frank@example.com")] });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: "outcome_unknown", message: expect.stringContaining("it was probably sent") },
    });
    expect(fault.count("/createFromTemplate")).toBe(sends + 1);
    const toFrank = await documentsTo("frank@example.com");
    expect(toFrank).toHaveLength(2);
    expect(toFrank).toContain(elsewhere);
  });
});
