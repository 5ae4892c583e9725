import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { EventPayload } from "../../common/contract";
import { draftOf, scheduleMs, startBehindFault } from "../support/behind-fault";
import type { TestCore } from "../support/core-harness";
import { english } from "../support/english";
import type { FaultServer } from "../support/fault-server";
import { createHold } from "../support/hold";
import { manualClock } from "../support/manual-clock";
import { describeWith } from "../support/requirements";
import { eachListed, type VariantServer } from "../support/variant-server";

/*
 * A send is never made twice: a POST whose answer is lost (a gateway's 502/503/504, a time-out, a reset)
 * has an unknown outcome, checked with getAllDocuments on a schedule; a redirect is followed only by a GET on
 * the account's own host, and a POST is never sent again. The fault server stands between the app and the
 * variant server (a service written from the documentation), which acts on what reaches it.
 */

const ada = { name: "Ada Buyer", email: "ada@example.com" };
const bo = { name: "Bo Seller", email: "bo@example.com" };
describeWith("secret-service", "a send is made once, whatever happens to its answer", () => {
  let server: VariantServer;
  let fault: FaultServer;
  let app: TestCore;
  let accountId: string;
  let templateId: string;
  const templateName = "Offer";
  const timers = manualClock();

  beforeAll(async () => {
    ({ server, fault, app, accountId } = await startBehindFault("Service", timers));
    templateId = (await makeDraftTemplate(`${templateName}.pdf`)).template.templateId;
  });
  beforeEach(() => {
    server.reset();
    fault.reset();
    app.events.length = 0;
  });
  afterAll(async () => {
    await app?.close();
    await fault?.close();
    await server?.close();
  });

  async function makeDraftTemplate(fileName: string) {
    return app.call("templatesCreate", { draftId: await draftOf(app, fileName), transferId: "upload" });
  }
  const recorded = async (pdfId: string) =>
    (await app.call("documentsList")).documents.filter((document) => document.pdfId === pdfId);
  const checking = (transferId: string) =>
    app.events
      .filter((entry) => entry.event === "transfer:progress")
      .map((entry) => entry.payload as EventPayload<"transfer:progress">)
      .filter((payload) => payload.transferId === transferId && payload.kind === "checking");
  const newDocuments = (before: Set<string>) => [...server.documents.values()].filter((d) => !before.has(d.id));

  it("a 504 from a gateway after the service created the document: found, recorded once, never sent again", async () => {
    const before = new Set(server.documents.keys());
    fault.plan("/createFromTemplate", { kind: "proxy-then-status", status: 504 });
    const record = await app.call("documentsSend", { templateId, recipients: [ada], transferId: "send-504" });
    expect(fault.count("/createFromTemplate")).toBe(1);
    const created = newDocuments(before);
    expect(created.map((document) => document.id)).toEqual([record.pdfId]);
    // Named, as every send, after its template and first recipient.
    expect(record).toMatchObject({ name: `${templateName} – ${ada.name}`, templateId, recipients: [ada] });
    expect(await recorded(record.pdfId)).toHaveLength(1);
    // The person was told it was being checked.
    expect(checking("send-504")[0]).toMatchObject({ done: 1, total: scheduleMs.length });
  });

  it.each([502, 503])("a %i after the send is an unknown outcome too, not a failure", async (status) => {
    fault.plan("/createFromTemplate", { kind: "proxy-then-status", status });
    const record = await app.call("documentsSend", { templateId, recipients: [bo] });
    expect(server.documents.get(record.pdfId)?.recipients).toEqual([bo]);
    expect(fault.count("/createFromTemplate")).toBe(1);
  });

  it("a reset after the service created the document: found, and the person sees the check", async () => {
    const before = new Set(server.documents.keys());
    fault.plan("/createFromTemplate", { kind: "proxy-then-reset" });
    const record = await app.call("documentsSend", { templateId, recipients: [ada], transferId: "send-reset" });
    expect(newDocuments(before).map((document) => document.id)).toEqual([record.pdfId]);
    expect(await recorded(record.pdfId)).toHaveLength(1);
    expect(checking("send-reset").map((event) => event.done)).toEqual([1]);
    expect(fault.count("/createFromTemplate")).toBe(1);
  });

  it("a service that names documents otherwise (and drops recipients' names) has it found by the addresses", async () => {
    server.vary("getAllDocuments", {
      answer: eachListed((document) => ({
        ...document,
        name: `Envelope ${String(document.id).slice(0, 8)}`,
        recipients: (document.recipients as { email: string }[]).map(({ email }) => ({ email: email.toUpperCase() })),
      })),
    });
    const before = new Set(server.documents.keys());
    fault.plan("/createFromTemplate", { kind: "proxy-then-reset" });
    const record = await app.call("documentsSend", { templateId, recipients: [ada, bo].slice(0, 1) });
    expect(newDocuments(before).map((document) => document.id)).toEqual([record.pdfId]);
    expect(record).toMatchObject({ name: `${templateName} – ${ada.name}`, recipients: [ada] });
  });

  it("a service that acts slowly, after the app gave up waiting, has its document found on a later look", async () => {
    const before = new Set(server.documents.keys());
    const send = createHold();
    fault.plan("/createFromTemplate", { kind: "hold", hold: send });
    const sending = app.call("documentsSend", { templateId, recipients: [bo], transferId: "slow" });
    const [request] = await send.arrived();
    // The request has reached the service, which has not acted yet; the app stops waiting for the answer.
    expect(timers.fireAll()).toBeGreaterThanOrEqual(1);
    // The first look finds nothing; the second waits until the service has acted.
    const secondLook = createHold();
    fault.plan("/getAllDocuments", { kind: "proxy" }, { kind: "hold", hold: secondLook });
    await secondLook.arrived();
    await request?.forward();
    secondLook.release();
    const record = await sending;
    expect(newDocuments(before).map((document) => document.id)).toEqual([record.pdfId]);
    expect(checking("slow").map((event) => event.done)).toEqual([1, 2]);
    expect(fault.count("/createFromTemplate")).toBe(1);
  });

  it("an older document with the same name and recipients, unknown to the app, is never taken for the new one", async () => {
    const older = server.addDocument({ name: templateName, templateId, recipients: [ada] });
    // The app reads the service's listing once a session and to check lost answers, not before each send
    // (main/documents/send-baseline.ts): here another send's check reads it after the older document was made.
    fault.plan("/createFromTemplate", { kind: "reset" });
    const other = await app.invoke("documentsSend", {
      templateId,
      recipients: [{ name: "Cy", email: "cy@example.com" }],
    });
    expect(other).toMatchObject({ ok: false, error: { code: "not_sent" } });
    // Not acted on: the request is read, then the connection reset.
    fault.plan("/createFromTemplate", { kind: "reset" });
    const answer = await app.invoke("documentsSend", { templateId, recipients: [ada] });
    expect(answer).toMatchObject({ ok: false, error: { code: "not_sent" } });
    expect(await recorded(older.id)).toEqual([]);

    // Acted on, with the older one still listed: the new one is recorded, not the older.
    const before = new Set(server.documents.keys());
    fault.plan("/createFromTemplate", { kind: "proxy-then-reset" });
    const record = await app.call("documentsSend", { templateId, recipients: [ada] });
    expect(record.pdfId).not.toBe(older.id);
    expect(newDocuments(before).map((document) => document.id)).toEqual([record.pdfId]);
    expect(await recorded(older.id)).toEqual([]);
  });

  it("without the listing before the send: documents unknown to the app, and not of another template", async () => {
    const other = (await makeDraftTemplate("Other.pdf")).template.templateId;
    server.vary("getAllDocuments", {
      answer: eachListed((document) => ({
        ...document,
        templateId: server.documents.get(String(document.id))?.templateId,
      })),
    });
    // Sent through another template from elsewhere (the service's web app), to the same person, same name.
    server.addDocument({ name: templateName, templateId: other, recipients: [bo] });
    // The first look fails (both attempts); the send is not acted on.
    fault.plan("/getAllDocuments", { kind: "status", status: 500 }, { kind: "status", status: 500 });
    fault.plan("/createFromTemplate", { kind: "reset" });
    expect(await app.invoke("documentsSend", { templateId, recipients: [bo] })).toMatchObject({
      ok: false,
      error: { code: "not_sent" },
    });
  });

  it("a named send of a renamed template: told apart by the name the service gives, kept under its own", async () => {
    const own = (await makeDraftTemplate("Renamed.pdf")).template.templateId;
    await app.call("templatesRename", { templateId: own, name: "Offer 2031" });
    // Unknown to the app: an earlier document of this template to the same person, under another name.
    server.addDocument({ name: "Sent from the web app", templateId: own, recipients: [bo] });
    // Made after the last listing was read, so both are candidates; the service names the new one "Renamed".
    fault.plan("/getAllDocuments", { kind: "status", status: 500 }, { kind: "status", status: 500 });
    fault.plan("/createFromTemplate", { kind: "proxy-then-reset" });
    const before = new Set(server.documents.keys());
    const record = await app.call("documentsSend", {
      templateId: own,
      recipients: [bo],
      documentName: "Offer for Bo",
    });
    expect(newDocuments(before).map((document) => document.id)).toEqual([record.pdfId]);
    expect(server.documents.get(record.pdfId)?.name).toBe("Renamed");
    expect(record).toMatchObject({ name: "Offer for Bo", templateId: own });
  });

  it("nothing created within the checking time: 'nothing was sent, you can send again', after every look", async () => {
    const before = new Set(server.documents.keys());
    fault.plan("/createFromTemplate", { kind: "reset" });
    const started = Date.now();
    const answer = await app.invoke("documentsSend", { templateId, recipients: [bo], transferId: "none" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(scheduleMs.at(-1) ?? 0);
    expect(answer).toEqual({
      ok: false,
      error: {
        code: "not_sent",
        message: expect.stringMatching(
          /answer was lost \(connection reset\)\. Signdesk checked with the service for 1\.5 s and no such document appeared: nothing was sent\. You can send again\.$/,
        ),
      },
    });
    // No listing before the send (this session's was read at its first send), then one look per step of the schedule.
    expect(fault.count("/getAllDocuments")).toBe(scheduleMs.length);
    expect(checking("none").map((event) => event.done)).toEqual(scheduleMs.map((_, index) => index + 1));
    expect(newDocuments(before)).toEqual([]);
    expect(fault.count("/createFromTemplate")).toBe(1);
  });

  it("when the service cannot be asked, the outcome stays unknown and nothing is sent again", async () => {
    fault.plan("/createFromTemplate", { kind: "reset" });
    fault.plan("/getAllDocuments", { kind: "proxy" }, ...Array(20).fill({ kind: "status", status: 500 }));
    const answer = await app.invoke("documentsSend", { templateId, recipients: [bo] });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: "outcome_unknown", message: expect.stringContaining("could not check whether it was sent") },
    });
    expect(fault.count("/createFromTemplate")).toBe(1);

    // The Outbox goes on checking it in the background. Settled here, once the service can be listed again, so that
    // no check or send of it runs into the next tests (it would take their place in the queue, or their document).
    fault.unplan("/getAllDocuments");
    app.core.outbox.kick(accountId);
    const inDoubt = async () =>
      (await app.call("outboxList")).waiting.filter(
        (item) => item.recipients[0]?.email === bo.email && ["queued", "sending", "unknown"].includes(item.state),
      );
    await expect.poll(inDoubt, { timeout: 60_000 }).toEqual([]);
  });

  it("a second press of Send while the first is under way is refused, and only one document is made", async () => {
    const before = new Set(server.documents.keys());
    const send = createHold();
    fault.plan("/createFromTemplate", { kind: "hold", hold: send });
    const first = app.invoke("documentsSend", { templateId, recipients: [ada] });
    // The first is under way: its request waits at the fault server until the second press has been answered.
    await send.arrived();
    const second = await app.invoke("documentsSend", {
      templateId,
      recipients: [{ ...ada, email: "ADA@example.com" }],
    });
    expect(second).toMatchObject({ ok: false, error: { code: "in_progress" } });
    send.release();
    const firstAnswer = await first;
    expect(firstAnswer.ok).toBe(true);
    expect(newDocuments(before)).toHaveLength(1);
    expect(fault.count("/createFromTemplate")).toBe(1);
  });

  it("creating a template whose answer is lost: 'unknown whether the template was created', never uploaded again", async () => {
    const templatesBefore = server.templates.size;
    const listed = (await app.call("templatesList")).length;
    fault.plan("/createNewTemplate", { kind: "proxy-then-status", status: 504 });
    const answer = await app.invoke("templatesCreate", { draftId: await draftOf(app, "Lost.pdf"), transferId: "lost" });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: "outcome_unknown",
        message: expect.stringMatching(
          /^Unknown whether the template was created: .*HTTP 504.*did not upload it again/,
        ),
      },
    });
    expect(fault.count("/createNewTemplate")).toBe(1);
    expect(server.templates.size).toBe(templatesBefore + 1);
    expect(await app.call("templatesList")).toHaveLength(listed);
  });

  it("creating and sending whose answer is lost: the document is found, and the template when the listing names it", async () => {
    server.vary("getAllDocuments", {
      answer: eachListed((document) => ({
        ...document,
        template_id: server.documents.get(String(document.id))?.templateId,
      })),
    });
    const before = new Set(server.documents.keys());
    fault.plan("/createNewTemplate", { kind: "proxy-then-reset" });
    const { template, document, notice } = await app.call("templatesCreate", {
      draftId: await draftOf(app, "Lease.pdf"),
      transferId: "lease",
      send: { recipients: [bo] },
    });
    const [created] = newDocuments(before);
    expect(document?.pdfId).toBe(created?.id);
    expect(template.templateId).toBe(created?.templateId);
    expect(notice).toBeUndefined();
    expect((await app.call("templatesList")).map((entry) => entry.templateId)).toContain(created?.templateId);
    expect(fault.count("/createNewTemplate")).toBe(1);
    expect(checking("lease")).not.toEqual([]);

    // Without a template ID in the listing: the document is found, the template's ID is said to be unknown.
    server.reset();
    fault.plan("/createNewTemplate", { kind: "proxy-then-status", status: 502 });
    const again = await app.call("templatesCreate", {
      draftId: await draftOf(app, "Lease 2.pdf"),
      transferId: "lease-2",
      send: { recipients: [bo] },
    });
    expect(again.document).not.toBeNull();
    expect(server.documents.has(again.document?.pdfId ?? "")).toBe(true);
    expect(english(again.notice ?? "")).toMatch(/does not know the new template's ID/);
  });
});
