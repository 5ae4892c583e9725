import { afterAll, beforeAll, expect, it } from "vitest";
import { inEnglish } from "../../common/i18n/english";
import type { PhraseOrText } from "../../common/i18n/phrase";
import { startTestCore, type TestCore } from "../support/core-harness";
import { type FaultServer, startFaultServer } from "../support/fault-server";
import { createHold } from "../support/hold";
import { manualClock } from "../support/manual-clock";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox } from "../support/sandbox";

describeWith("secret-service", "the app when the service misbehaves", () => {
  let running: RunningSandbox;
  let fault: FaultServer;
  let app: TestCore;
  let templateId: string;
  /** The client's time-outs pass only when the test fires them: a busy machine never makes an answer late. */
  const timers = manualClock();

  beforeAll(async () => {
    running = await startSandbox();
    fault = await startFaultServer({ upstream: running.url });
    app = await startTestCore({
      embeddedSandbox: false,
      client: { timers, backoffBaseMs: 20 },
      tracker: { minIntervalMs: 60_000 },
      // Only bounds a look that hangs; the looks here answer.
      sendCheck: { scheduleMs: [0, 100, 300], listTimeoutMs: 60_000 },
    });
    const account = await app.call("accountsAdd", { name: "Flaky", baseUrl: fault.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: account.id });
    const draft = await app.call("draftsCreateFromFile", { fileName: "Offer.pdf", bytes: await makePdf() });
    await app.call("draftsSave", {
      draft: {
        ...draft,
        fields: [{ id: "n", type: "Text", groupId: draft.groups[0]?.id ?? "", page: 1, x: 72, y: 72 }],
      },
    });
    templateId = (await app.call("templatesCreate", { draftId: draft.id, transferId: "t" })).template.templateId;
  });
  afterAll(async () => {
    await app?.close();
    await fault?.close();
    await running?.close();
  });

  const serviceDocuments = async () =>
    (
      (await callApi(running.url, "GET", "/getAllDocuments", { key: running.key })).body as {
        documents: { id: string }[];
      }
    ).documents;

  it("a send whose answer is lost is checked with the service and recorded once, never sent twice", async () => {
    const before = (await serviceDocuments()).length;
    fault.plan("/createFromTemplate", { kind: "proxy-then-reset" });
    const sentBefore = fault.count("/createFromTemplate");
    const record = await app.call("documentsSend", {
      templateId,
      recipients: [{ name: "Ada", email: "ada@example.com" }],
    });
    expect(fault.count("/createFromTemplate")).toBe(sentBefore + 1);
    const after = await serviceDocuments();
    expect(after).toHaveLength(before + 1);
    expect(after.map((document) => document.id)).toContain(record.pdfId);
    expect(
      (await app.call("documentsList")).documents.filter((document) => document.pdfId === record.pdfId),
    ).toHaveLength(1);
  });

  it("a send cut off before the service acted says that nothing was sent", async () => {
    const before = (await serviceDocuments()).length;
    fault.plan("/createFromTemplate", { kind: "reset" });
    const sentBefore = fault.count("/createFromTemplate");
    const answer = await app.invoke("documentsSend", {
      templateId,
      recipients: [{ name: "Bo", email: "bo@example.com" }],
    });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: "not_sent",
        message: expect.stringMatching(/no such document appeared: nothing was sent\. You can send again\.$/),
      },
    });
    expect(fault.count("/createFromTemplate")).toBe(sentBefore + 1);
    expect(await serviceDocuments()).toHaveLength(before);
  });

  it("reads recover by themselves from 500s, a truncated body and a hang", async () => {
    const [record] = (await app.call("documentsList")).documents;
    const earlier = fault.requests.length;
    const stalled = createHold();
    fault.plan(
      "/getDocumentDetails",
      { kind: "status", status: 500 },
      { kind: "truncated" },
      { kind: "hold", hold: stalled },
    );
    const refreshing = app.call("documentsRefresh", {});
    // The third attempt reaches a service that never answers it: the client's time-out passes.
    await stalled.arrived();
    expect(timers.fireAll()).toBeGreaterThanOrEqual(1);
    await refreshing;
    const attempts = fault.requests.slice(earlier).filter((request) => request.path === "/getDocumentDetails");
    expect(attempts.map((request) => request.action)).toEqual(["status", "truncated", "hold", "proxy"]);
    const refreshed = (await app.call("documentsList")).documents.find((document) => document.pdfId === record?.pdfId);
    expect(refreshed?.lastCheckedAt).not.toBeNull();
    expect((await app.call("documentsList")).reachable).toBe(true);
  });

  it("gives a specific message for a body that is not JSON", async () => {
    // A 200 that is not JSON is not retried: the service answered, just not as the service would.
    fault.plan("/getAllDocuments", { kind: "not-json" });
    expect(await app.invoke("documentsImport")).toEqual({
      ok: false,
      error: { code: "protocol", message: expect.stringContaining("not JSON") },
    });
  });

  it("while the service is down: says so, drafting still works; afterwards it catches up without a restart", async () => {
    const { documents } = await app.call("documentsList");
    const pdfId = documents[0]?.pdfId ?? "";
    await running.sandbox.close();
    await app.call("documentsRefresh", {});
    expect((await app.call("documentsList")).reachable).toBe(false);
    const down = app.events.filter((entry) => entry.event === "service:reachability").at(-1)?.payload as {
      reachable: boolean;
      message: PhraseOrText;
    };
    expect(down.reachable).toBe(false);
    // The gateway in front of the stopped service answers 502: that is what the user reads, without how often the
    // refresh's reads tried (the words stay the same whichever call meets the failure).
    // A phrase, rendered in the window's language where it is shown: here in English.
    expect(typeof down.message === "string" ? down.message : inEnglish(down.message)).toBe(
      "The service failed (HTTP 502): Bad gateway (fault server).",
    );
    const offlineDraft = await app.call("draftsCreateFromFile", { fileName: "Offline.pdf", bytes: await makePdf() });
    expect(offlineDraft.name).toBe("Offline");

    await running.restart();
    const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
    const link = (outbox.body as { messages: { pdf_id: string; signingUrl: string }[] }).messages.find(
      (m) => m.pdf_id === pdfId,
    )?.signingUrl;
    await callApi(link ?? "", "POST", "", { json: { fields: { n: "Agreed" } } });
    await app.call("documentsRefresh", {});
    await expect
      .poll(async () => (await app.call("documentsList")).documents.find((d) => d.pdfId === pdfId)?.lastStatus, {
        timeout: 60_000,
      })
      .toBe("signed");
    expect((await app.call("documentsList")).reachable).toBe(true);
    expect(app.events.filter((entry) => entry.event === "service:reachability").at(-1)?.payload).toMatchObject({
      reachable: true,
    });
    // Nothing recorded was lost across the outage.
    expect((await app.call("documentsList")).documents.map((document) => document.pdfId).sort()).toEqual(
      documents.map((document) => document.pdfId).sort(),
    );
  });

  it("honours the service's rate limit on reads", async () => {
    fault.plan("/getAllDocuments", { kind: "rate-limited", retryAfter: "1" });
    const started = Date.now();
    expect(await app.call("documentsImport")).toMatchObject({ imported: 0, skipped: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});
