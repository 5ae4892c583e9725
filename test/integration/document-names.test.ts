import { afterAll, beforeAll, expect, it } from "vitest";
import type { EventPayload } from "../../common/contract";
import { inEnglish } from "../../common/i18n/english";
import { isolate } from "../../common/i18n/isolate";
import type { PhraseOrText } from "../../common/i18n/phrase";
import type { DocumentRecord, TemplateRecord } from "../../common/records";
import type { DesktopNotification } from "../../main/core-parts";
import { startTestCore, type TestCore } from "../support/core-harness";
import { type GateProxy, startGateProxy } from "../support/gate-proxy";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox } from "../support/sandbox";

/*
 * Every document sent from one template is named after it and its first recipient (unless the person names it), so
 * that copies are told apart in Documents, notifications, the Outbox and the recipients' inbox; the service keeps
 * calling it by the template's name, which Signdesk keeps beside its own and never lets overwrite it.
 */

/** How long a poll may wait for what the service and the outbox do on their own: a bound, never the outcome. */
const patience = { timeout: 60_000, interval: 50 };

interface SandboxMessage {
  to: string;
  subject: string;
  pdf_id: string;
  signingUrl: string;
}

describeWith("secret-service", "a sent document's own name, and the subject it is offered as", () => {
  let running: RunningSandbox;
  let gate: GateProxy;
  let app: TestCore;
  let template: TemplateRecord;
  const notifications: DesktopNotification[] = [];
  const landlord = { name: "Lou Landlord", email: "lou@example.com" };

  beforeAll(async () => {
    running = await startSandbox();
    gate = await startGateProxy(running.url);
    app = await startTestCore({
      embeddedSandbox: false,
      // The tracker checks only when asked ("Refresh now"), so that each check here is one the test made.
      tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
      outbox: { retryDelayMs: 50, maxRetryDelayMs: 200 },
      notify: (notification) => notifications.push(notification),
    });
    const account = await app.call("accountsAdd", { name: "Service", baseUrl: gate.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: account.id });
    const draft = await app.call("draftsCreateFromFile", { fileName: "Lease agreement.pdf", bytes: await makePdf() });
    const tenantGroup = draft.groups[0];
    if (tenantGroup === undefined) throw new Error("a new draft has one recipient group");
    await app.call("draftsSave", {
      draft: {
        ...draft,
        groups: [tenantGroup, { id: "landlord", label: "Landlord", color: "#e69f00" }],
        fields: [
          { id: "tenant-note", type: "Text", groupId: tenantGroup.id, page: 1, x: 72, y: 72 },
          { id: "landlord-note", type: "Text", groupId: "landlord", page: 1, x: 72, y: 200 },
        ],
      },
    });
    template = (await app.call("templatesCreate", { draftId: draft.id, transferId: "upload" })).template;
    expect(template.name).toBe("Lease agreement");
  });
  afterAll(async () => {
    await app?.close();
    await gate?.close();
    await running?.close();
  });

  const messages = async () =>
    (
      (await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key })).body as {
        messages: SandboxMessage[];
      }
    ).messages;
  const subjectsOf = async (pdfId: string) =>
    (await messages())
      .filter((message) => message.pdf_id === pdfId)
      .map((message) => [message.to, message.subject])
      .sort(([a = ""], [b = ""]) => a.localeCompare(b));
  const recorded = (pdfId: string) => app.core.records.documents.get(app.core.activeAccount().id, pdfId);
  const send = (tenant: { name: string; email: string }, more: { documentName?: string; emailSubject?: string } = {}) =>
    app.call("documentsSend", { templateId: template.templateId, recipients: [tenant, landlord], ...more });

  let ana: DocumentRecord;
  let bo: DocumentRecord;

  it("names two sends from one template after their first recipients, and offers that as their subject", async () => {
    ana = await send({ name: "Ana Silva", email: "ana@example.com" });
    bo = await send({ name: "Bo Chen", email: "bo@example.com" });
    expect([ana.name, bo.name]).toEqual(["Lease agreement – Ana Silva", "Lease agreement – Bo Chen"]);
    expect([ana.serviceName, bo.serviceName]).toEqual(["Lease agreement", "Lease agreement"]);
    expect(recorded(ana.pdfId)?.name).toBe("Lease agreement – Ana Silva");
    expect(recorded(bo.pdfId)?.name).toBe("Lease agreement – Bo Chen");

    // Each recipient's e-mail (the sandbox's outbox) has its document's own subject.
    expect(await subjectsOf(ana.pdfId)).toEqual([
      ["ana@example.com", "Please sign: Lease agreement – Ana Silva"],
      ["lou@example.com", "Please sign: Lease agreement – Ana Silva"],
    ]);
    expect(await subjectsOf(bo.pdfId)).toEqual([
      ["bo@example.com", "Please sign: Lease agreement – Bo Chen"],
      ["lou@example.com", "Please sign: Lease agreement – Bo Chen"],
    ]);

    // A name and a subject of the person's own are kept as given; a blank subject is the default one.
    const own = await send({ name: "Cy Diaz", email: "cy@example.com" }, { documentName: "Flat 4B, first floor" });
    expect(own.name).toBe("Flat 4B, first floor");
    expect(await subjectsOf(own.pdfId)).toContainEqual(["cy@example.com", "Please sign: Flat 4B, first floor"]);
    const subject = await send({ name: "Dee Ray", email: "dee@example.com" }, { emailSubject: "Your lease, Dee" });
    expect(subject.name).toBe("Lease agreement – Dee Ray");
    expect(await subjectsOf(subject.pdfId)).toContainEqual(["dee@example.com", "Your lease, Dee"]);
    const blank = await send({ name: "Eve Park", email: "eve@example.com" }, { emailSubject: "  " });
    expect(await subjectsOf(blank.pdfId)).toContainEqual([
      "eve@example.com",
      "Please sign: Lease agreement – Eve Park",
    ]);

    // The search index holds Signdesk's name: a word only the name has finds it.
    const found = await app.call("documentsList", { search: "flat 4b" });
    expect(found.documents.map((document) => document.pdfId)).toEqual([own.pdfId]);
  });

  it("keeps the names through a refresh, a status change and its notification, and an import", async () => {
    await app.call("documentsRefresh");
    expect(recorded(ana.pdfId)).toMatchObject({ name: "Lease agreement – Ana Silva", serviceName: "Lease agreement" });
    expect(recorded(bo.pdfId)).toMatchObject({ name: "Lease agreement – Bo Chen", serviceName: "Lease agreement" });

    // Ana signs; the next check tells of it by the document's own name, in the event and the notification.
    const link = (await messages()).find((message) => message.pdf_id === ana.pdfId && message.to === "ana@example.com");
    expect(
      (await callApi(link?.signingUrl ?? "", "POST", "", { json: { fields: { "tenant-note": "Yes" } } })).status,
    ).toBe(200);
    app.events.length = 0;
    await app.call("documentsRefresh", { pdfIds: [ana.pdfId] });
    const changes = app.events
      .filter((event) => event.event === "documents:changed")
      .map((event) => event.payload as EventPayload<"documents:changed">);
    expect(changes).toEqual([
      expect.objectContaining({ pdfId: ana.pdfId, name: "Lease agreement – Ana Silva", to: "partially_signed" }),
    ]);
    // A notification's words are a phrase, rendered when shown; the name is isolated in its plain text.
    const english = (words: PhraseOrText) => (typeof words === "string" ? words : inEnglish(words));
    expect(
      notifications.filter((notification) => notification.pdfId === ana.pdfId).map(({ body }) => english(body)),
    ).toEqual([expect.stringContaining(`"${isolate("Lease agreement – Ana Silva")}"`)]);
    expect(recorded(ana.pdfId)).toMatchObject({ name: "Lease agreement – Ana Silva", lastStatus: "partially_signed" });

    // Import from the service: what Signdesk sent keeps its name; a document made elsewhere has the service's.
    const elsewhere = await callApi(running.url, "POST", "/createFromTemplate", {
      key: running.key,
      json: { templateId: template.templateId, recipients: [{ name: "Fay", email: "fay@example.com" }, landlord] },
    });
    const elsewhereId = (elsewhere.body as { pdf_id: string }).pdf_id;
    expect(await app.call("documentsImport")).toMatchObject({ imported: 1 });
    expect(recorded(elsewhereId)).toMatchObject({ name: "Lease agreement", serviceName: "Lease agreement" });
    expect(recorded(ana.pdfId)?.name).toBe("Lease agreement – Ana Silva");
    expect(recorded(bo.pdfId)?.name).toBe("Lease agreement – Bo Chen");
  });

  it("names a queued send in the Outbox, and records it under that name once the service is back", async () => {
    await gate.down();
    const queued = await app.invoke("documentsSend", {
      templateId: template.templateId,
      recipients: [{ name: "Gil Moss", email: "gil@example.com" }, landlord],
    });
    expect(queued).toMatchObject({ ok: false, error: { code: "queued" } });
    if (!queued.ok) expect(queued.error.message).toContain("“Lease agreement – Gil Moss” is in the Outbox.");
    const waiting = (await app.call("outboxList")).waiting;
    expect(waiting.map((item) => item.title)).toEqual(["Lease agreement – Gil Moss"]);

    await gate.up();
    await app.call("outboxRetry", { itemId: waiting[0]?.itemId ?? "" });
    await expect.poll(async () => (await app.call("outboxList")).summary.waiting, patience).toBe(0);
    const { documents } = await app.call("documentsList", { search: "Gil" });
    expect(documents.map((document) => [document.name, document.serviceName])).toEqual([
      ["Lease agreement – Gil Moss", "Lease agreement"],
    ]);
    expect(await subjectsOf(documents[0]?.pdfId ?? "")).toContainEqual([
      "gil@example.com",
      "Please sign: Lease agreement – Gil Moss",
    ]);
  });

  it("names each row of a bulk send the same way, unless the file names it", async () => {
    const batch = await app.call("bulkCreate", {
      templateId: template.templateId,
      fileName: "tenants.csv",
      rows: [
        {
          line: 2,
          recipients: [{ name: "Hana Ito", email: "hana@example.com" }, landlord],
          documentName: null,
          emailSubject: null,
        },
        {
          line: 3,
          recipients: [{ name: "Ivo Roth", email: "ivo@example.com" }, landlord],
          documentName: "Ivo's flat",
          emailSubject: null,
        },
        {
          line: 4,
          recipients: [{ name: "Jo Kim", email: "jo@example.com" }, landlord],
          documentName: null,
          emailSubject: "Jo, your lease",
        },
      ],
    });
    const planned = await app.call("bulkRows", { batchId: batch.batchId, offset: 0, limit: 10 });
    expect(planned.rows.map((row) => [row.documentName, row.emailSubject])).toEqual([
      ["Lease agreement – Hana Ito", "Please sign: Lease agreement – Hana Ito"],
      ["Ivo's flat", "Please sign: Ivo's flat"],
      ["Lease agreement – Jo Kim", "Jo, your lease"],
    ]);
    await app.call("bulkStart", { batchId: batch.batchId });
    await expect
      .poll(async () => (await app.call("bulkList")).find((each) => each.batchId === batch.batchId)?.state, patience)
      .toBe("done");
    const { rows } = await app.call("bulkRows", { batchId: batch.batchId, offset: 0, limit: 10 });
    expect(rows.map((row) => recorded(row.pdfId ?? "")?.name)).toEqual([
      "Lease agreement – Hana Ito",
      "Ivo's flat",
      "Lease agreement – Jo Kim",
    ]);
    expect(await subjectsOf(rows[0]?.pdfId ?? "")).toContainEqual([
      "hana@example.com",
      "Please sign: Lease agreement – Hana Ito",
    ]);
    expect(await subjectsOf(rows[2]?.pdfId ?? "")).toContainEqual(["jo@example.com", "Jo, your lease"]);
  });

  it("keeps names in any script as written", async () => {
    for (const [tenant, expected] of [
      [{ name: "محمد الأحمد", email: "mohammed@example.com" }, "Lease agreement – محمد الأحمد"],
      [{ name: "山田 太郎", email: "yamada@example.com" }, "Lease agreement – 山田 太郎"],
      [{ name: "Zoë 👩🏽‍💻", email: "zoe@example.com" }, "Lease agreement – Zoë 👩🏽‍💻"],
    ] as const) {
      const document = await send(tenant);
      expect(document.name).toBe(expected);
      expect(recorded(document.pdfId)?.name).toBe(expected);
      expect(await subjectsOf(document.pdfId)).toContainEqual([tenant.email, `Please sign: ${expected}`]);
    }
  });
});
