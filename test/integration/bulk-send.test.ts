import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { BulkBatch, BulkRowInput } from "../../common/bulk-batches";
import type { EventPayload } from "../../common/contract";
import { inEnglish } from "../../common/i18n/english";
import type { PhraseOrText } from "../../common/i18n/phrase";
import { osKeychain, type SecretStore } from "../../main/accounts/keychain";
import { startTestCore, type TestCore } from "../support/core-harness";
import { type FaultServer, startFaultServer } from "../support/fault-server";
import { createHold } from "../support/hold";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { startVariantServer, type VariantServer } from "../support/variant-server";

/** Words main keeps as a phrase (stored, rendered where shown), in English. */
const english = (words: PhraseOrText | null | undefined) =>
  words === null || words === undefined || typeof words === "string" ? words : inEnglish(words);

/*
 * Bulk send against the variant server (a service written from the documentation) behind a fault server: every row
 * is sent once, whatever happens to the answers, and a batch stopped mid-way resumes where it stopped.
 */

const scheduleMs = [0, 150, 400];

const rowsOf = (count: number, from = 0): BulkRowInput[] =>
  Array.from({ length: count }, (_, index) => ({
    line: index + 2,
    recipients: [{ name: `Person ${from + index}`, email: `person.${from + index}@example.com` }],
    documentName: `Offer letter ${from + index}`,
    emailSubject: index % 2 === 0 ? "Your offer letter" : null,
  }));

describeWith("secret-service", "bulk send: one template to many, every row once", () => {
  let server: VariantServer;
  let fault: FaultServer;
  let app: TestCore;
  let templateId: string;
  let accountId: string;
  // The real keychain, whose key can be made to go missing (deleted by another tool, a new keyring).
  const real = osKeychain(`signdesk-test-${randomUUID()}`);
  let keyMissing = false;
  const keychain: SecretStore = {
    get: async (id) => (keyMissing ? null : real.get(id)),
    set: (id, key) => real.set(id, key),
    delete: (id) => real.delete(id),
  };

  beforeAll(async () => {
    server = await startVariantServer();
    fault = await startFaultServer({ upstream: server.url });
    app = await startTestCore({
      embeddedSandbox: false,
      client: { backoffBaseMs: 10, maxGetAttempts: 2 },
      tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
      sendCheck: { scheduleMs, listTimeoutMs: 60_000 },
      bulk: { retryDelayMs: 50, maxRetryDelayMs: 200 },
      keychain,
    });
    const account = await app.call("accountsAdd", { name: "Service", baseUrl: fault.url, apiKey: server.key });
    await app.call("accountsSetActive", { id: account.id });
    accountId = account.id;
    const draft = await app.call("draftsCreateFromFile", { fileName: "Offer.pdf", bytes: await makePdf() });
    await app.call("draftsSave", {
      draft: {
        ...draft,
        fields: [{ id: "n", type: "Signature", groupId: draft.groups[0]?.id ?? "", page: 1, x: 72, y: 72 }],
      },
    });
    templateId = (await app.call("templatesCreate", { draftId: draft.id, transferId: "upload" })).template.templateId;
  });
  beforeEach(() => {
    fault.reset();
    app.events.length = 0;
  });
  afterAll(async () => {
    await real.delete(accountId).catch(() => {});
    await app?.close();
    await fault?.close();
    await server?.close();
  });

  /** The batch once it is no longer sending (its last progress event says so); the limit only bounds a hang. */
  async function finished(batchId: string): Promise<BulkBatch> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const batch = (await app.call("bulkList")).find((entry) => entry.batchId === batchId);
      if (batch !== undefined && batch.state !== "sending" && !app.core.bulk.isRunning(batchId)) return batch;
      if (Date.now() > deadline) throw new Error(`batch still ${batch?.state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** How many documents the service holds for each address. */
  const perAddress = () => {
    const counts = new Map<string, number>();
    for (const document of server.documents.values())
      for (const recipient of document.recipients) counts.set(recipient.email, (counts.get(recipient.email) ?? 0) + 1);
    return counts;
  };

  it("sends 30 rows at most 4 at once, records each document, and tells the progress", async () => {
    const rows = rowsOf(30);
    const batch = await app.call("bulkCreate", { templateId, fileName: "offers.csv", rows });
    expect(batch).toMatchObject({ state: "ready", total: 30, counts: { queued: 30 } });
    await app.call("bulkStart", { batchId: batch.batchId });
    const done = await finished(batch.batchId);
    expect(done).toMatchObject({ state: "done", counts: { sent: 30, queued: 0, unknown: 0, failed: 0 } });
    expect(fault.count("/createFromTemplate")).toBe(30);
    const counts = perAddress();
    for (const row of rows) expect(counts.get(row.recipients[0]?.email ?? "")).toBe(1);

    const { rows: results } = await app.call("bulkRows", { batchId: batch.batchId, offset: 0, limit: 100 });
    expect(results.map((row) => row.line)).toEqual(rows.map((row) => row.line));
    for (const result of results) {
      const document = result.pdfId === null ? undefined : server.documents.get(result.pdfId);
      expect(document?.recipients, `line ${result.line}`).toEqual(rows[result.line - 2]?.recipients);
      const recorded = app.core.records.documents.get(app.core.activeAccount().id, result.pdfId ?? "");
      expect(recorded?.name).toBe(`Offer letter ${result.line - 2}`);
    }
    const progress = app.events
      .filter((event) => event.event === "bulk:progress")
      .map((event) => event.payload as EventPayload<"bulk:progress">);
    expect(progress.length).toBeGreaterThanOrEqual(30);
    expect(progress.at(-1)?.batch.counts.sent).toBe(30);
    // Never more than four requests out at once.
    const inFlight = progress.map((event) => event.batch.counts.sending);
    expect(Math.max(...inFlight)).toBeLessThanOrEqual(4);
    expect(await app.call("bulkSentKeys", { templateId })).toHaveLength(30);
    // Documents lists the batch's documents alone when filtered by it.
    const listed = await app.call("documentsList", { batchId: batch.batchId, limit: 100 });
    expect(listed.total).toBe(30);
    expect(new Set(listed.documents.map((document) => document.pdfId))).toEqual(
      new Set(results.map((result) => result.pdfId)),
    );
    expect((await app.call("documentsList", { batchId: batch.batchId, search: "letter 7" })).total).toBe(1);
  });

  it("lost answers are checked, never sent twice; a 429 waits; a request that never arrived is sent again", async () => {
    const rows = rowsOf(12, 100);
    fault.plan(
      "/createFromTemplate",
      { kind: "proxy-then-status", status: 504 },
      { kind: "proxy-then-reset" },
      { kind: "rate-limited", retryAfter: "1" },
      { kind: "reset" },
      { kind: "status", status: 500 },
    );
    const batch = await app.call("bulkCreate", { templateId, fileName: "faults.csv", rows });
    await app.call("bulkStart", { batchId: batch.batchId });
    const done = await finished(batch.batchId);
    expect(done).toMatchObject({ state: "done", counts: { sent: 12, failed: 0, unknown: 0 } });
    const counts = perAddress();
    for (const row of rows) expect(counts.get(row.recipients[0]?.email ?? ""), row.documentName ?? "").toBe(1);
    // 12 rows, plus the three whose requests reached nothing that made a document (429, reset, 500).
    expect(fault.count("/createFromTemplate")).toBe(15);
  });

  it("resumes a batch stopped mid-way (rows left 'sending'), finding what the service made", async () => {
    const rows = rowsOf(8, 200);
    const batch = await app.call("bulkCreate", { templateId, fileName: "crash.csv", rows });
    const journal = app.core.records.bulk;
    const at = new Date().toISOString();
    // What the batch's first start lists before its first row leaves.
    journal.saveSnapshot(batch.batchId, server.documents.keys());
    // As a crash leaves it: rows 0–2 sent; rows 3 and 4 'sending', of which the service made row 3's.
    for (const position of [0, 1, 2, 3, 4])
      journal.move(batch.batchId, position, ["queued"], "sending", { attempt: true, at });
    const client = app.core.clientFor(app.core.activeAccount());
    for (const position of [0, 1, 2, 3]) {
      const row = rows[position];
      if (row === undefined) throw new Error("no row");
      const sent = await client.createFromTemplate({ templateId, recipients: row.recipients });
      if (position < 3) journal.move(batch.batchId, position, ["sending"], "sent", { pdfId: sent.pdf_id, at });
    }
    journal.setState(batch.batchId, "sending");
    expect(journal.interruptSending()).toBe(1);
    expect((await app.call("bulkList")).find((entry) => entry.batchId === batch.batchId)?.state).toBe("interrupted");

    await app.call("bulkStart", { batchId: batch.batchId });
    const done = await finished(batch.batchId);
    expect(done).toMatchObject({ state: "done", counts: { sent: 8 } });
    const counts = perAddress();
    for (const row of rows) expect(counts.get(row.recipients[0]?.email ?? "")).toBe(1);
    // Four sends were the stopped run's (rows 0 to 3); row 3 was found, and rows 4 to 7 were sent now.
    expect(fault.count("/createFromTemplate")).toBe(8);
  });

  it("pauses, resumes and cancels; a cancelled batch's rows not sent stay unsent", async () => {
    const rows = rowsOf(40, 300);
    const batch = await app.call("bulkCreate", { templateId, fileName: "pause.csv", rows });
    // Every request waits at the fault server until the person has paused.
    const first = createHold();
    fault.plan("/createFromTemplate", ...rows.map(() => ({ kind: "hold" as const, hold: first })));
    await app.call("bulkStart", { batchId: batch.batchId });
    await first.arrived();
    await app.call("bulkPause", { batchId: batch.batchId });
    first.release();
    const paused = await finished(batch.batchId);
    fault.unplan("/createFromTemplate");
    expect(paused.state).toBe("paused");
    const sentAtPause = paused.counts.sent;
    expect(sentAtPause).toBeGreaterThanOrEqual(1);
    expect(sentAtPause).toBeLessThanOrEqual(4);
    // Its run has ended (finished() waits for that): nothing more leaves until it is resumed.
    expect(fault.count("/createFromTemplate")).toBe(sentAtPause);

    // Resumed, then cancelled while a request is out (held at the fault server): that row is sent, the rest is not.
    const resumed = createHold();
    fault.plan("/createFromTemplate", { kind: "hold", hold: resumed });
    await app.call("bulkStart", { batchId: batch.batchId });
    await resumed.arrived();
    // The core's own cancel takes effect before it first waits (the handler only wraps it), so the row is still out.
    const cancelling = app.core.bulk.cancel(batch.batchId);
    resumed.release();
    const cancelled = await cancelling;
    expect(cancelled.state).toBe("cancelled");
    expect(cancelled.counts.sent + cancelled.counts.cancelled).toBe(40);
    const { rows: results } = await app.call("bulkRows", { batchId: batch.batchId, offset: 0, limit: 100 });
    const sentEmails = new Set(
      results.filter((row) => row.state === "sent").map((row) => row.recipients[0]?.email ?? ""),
    );
    const counts = perAddress();
    for (const row of rows) {
      const email = row.recipients[0]?.email ?? "";
      expect(counts.get(email) ?? 0).toBe(sentEmails.has(email) ? 1 : 0);
    }
    await expect(app.invoke("bulkStart", { batchId: batch.batchId })).resolves.toMatchObject({
      ok: false,
      error: { code: "invalid_state" },
    });
  });

  it("waits while the service cannot be reached at all, and goes on from where it stopped once it is back", async () => {
    const rows = rowsOf(20, 500);
    const batch = await app.call("bulkCreate", { templateId, fileName: "offline.csv", rows });
    const port = Number(new URL(fault.url).port);
    await app.call("bulkStart", { batchId: batch.batchId });
    await expect.poll(() => perAddress().get("person.505@example.com") ?? 0, { timeout: 60_000 }).toBe(1);
    await fault.close();
    await expect
      .poll(
        async () => english((await app.call("bulkList")).find((entry) => entry.batchId === batch.batchId)?.stateReason),
        {
          timeout: 60_000,
        },
      )
      .toMatch(/^Waiting for the service: /);
    fault = await startFaultServer({ upstream: server.url, port });
    const done = await finished(batch.batchId);
    expect(done).toMatchObject({ state: "done", counts: { sent: 20, failed: 0, unknown: 0 } });
    const counts = perAddress();
    for (const row of rows) expect(counts.get(row.recipients[0]?.email ?? ""), row.documentName ?? "").toBe(1);
  });

  it("stops with the reason when the account's key is missing, sending nothing, and goes on once it is back", async () => {
    const rows = rowsOf(3, 600);
    const batch = await app.call("bulkCreate", { templateId, fileName: "nokey.csv", rows });
    keyMissing = true;
    await app.call("bulkStart", { batchId: batch.batchId });
    const stopped = await finished(batch.batchId);
    expect(stopped).toMatchObject({ state: "paused", counts: { queued: 3, sent: 0, unknown: 0 } });
    // Met by the first row's send (the service's listing was read earlier in the session), or by that listing.
    expect(english(stopped.stateReason)).toMatch(/^(Sending stopped: )?No API key is stored for "Service"/);
    expect(fault.count("/createFromTemplate")).toBe(0);
    keyMissing = false;
    await app.call("bulkStart", { batchId: batch.batchId });
    expect(await finished(batch.batchId)).toMatchObject({ state: "done", counts: { sent: 3 } });
    expect(fault.count("/createFromTemplate")).toBe(3);
  });

  it("refuses rows that break the Send screen's rules, naming their lines", async () => {
    const rows: BulkRowInput[] = [
      ...rowsOf(2, 400),
      { line: 4, recipients: [{ name: "", email: "nobody@example.com" }], documentName: null, emailSubject: null },
      { line: 5, recipients: [{ name: "Bad", email: "not-an-address" }], documentName: null, emailSubject: null },
    ];
    const answer = await app.invoke("bulkCreate", { templateId, fileName: "bad.csv", rows });
    expect(answer).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
    if (answer.ok) throw new Error("accepted");
    expect(answer.error.message).toMatch(/2 rows need fixing.*line 4.*line 5/);
    // Rows already sent in an earlier batch are flagged too.
    const again = await app.invoke("bulkCreate", { templateId, fileName: "again.csv", rows: rowsOf(1, 0) });
    expect(again).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
  });
});
