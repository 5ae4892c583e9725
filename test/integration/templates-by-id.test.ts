import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestCore, type TestCore } from "../support/core-harness";
import { type FaultServer, startFaultServer } from "../support/fault-server";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

/**
 * Templates made outside Signdesk (as the service's quick start has people do, in its web app), added to an
 * account by their ID and sent like the app's own, against a real sandbox through the real core and handlers.
 */

interface Listing {
  message?: string;
  documents: Record<string, unknown>[];
}

describeWith("secret-service", "templates added by their ID", () => {
  let running: RunningSandbox;
  /** In front of the sandbox: passes everything on, except the getAllDocuments answers planned here. */
  let variant: FaultServer;
  let app: TestCore;
  /** Made with createNewTemplate directly over HTTP, with the account's key: unknown to the app. */
  let outsideId: string;
  let appMadeId: string;

  /** A template made over HTTP with the user's key, with one Signature field per recipient group. */
  async function templateMadeOutside(name: string, groups: number): Promise<string> {
    const fields = Array.from({ length: groups }, (_, index) => [
      { id: `sign-${index + 1}`, x: 72, y: 100 + 60 * index, page: 1, type: "Signature", recipient: index + 1 },
    ]);
    const answer = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({ file: await makePdf(), fileName: `${name}.pdf`, templateName: name, fields }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { template_id: string }).template_id;
  }

  const listing = async () =>
    (await callApi(running.url, "GET", "/getAllDocuments", { key: running.key })).body as Listing;

  beforeAll(async () => {
    running = await startSandbox();
    variant = await startFaultServer({ upstream: running.url });
    app = await startTestCore({ embeddedSandbox: false, tracker: { minIntervalMs: 60_000 } });
    const account = await app.call("accountsAdd", { name: "Service", baseUrl: variant.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: account.id });
    outsideId = await templateMadeOutside("Mutual NDA", 2);
    const draft = await app.call("draftsCreateFromFile", { fileName: "Offer.pdf", bytes: await makePdf() });
    await app.call("draftsSave", {
      draft: {
        ...draft,
        fields: [{ id: "n", type: "Text", groupId: draft.groups[0]?.id ?? "", page: 1, x: 72, y: 72 }],
      },
    });
    appMadeId = (await app.call("templatesCreate", { draftId: draft.id, transferId: "t" })).template.templateId;
  });
  afterAll(async () => {
    await app?.close();
    await variant?.close();
    await running?.close();
  });

  it("adds a template made in the service's web app by its ID, sends it, and tracks the document", async () => {
    // Unknown to the app, it cannot be sent yet.
    expect(await app.invoke("documentsSend", { templateId: outsideId, recipients: [] })).toMatchObject({
      ok: false,
    });

    const added = await app.call("templatesAddById", {
      templateId: `  ${outsideId}\n`,
      name: " Mutual NDA ",
      groups: [{ label: "Discloser" }, { label: " Receiver " }],
    });
    expect(added).toMatchObject({
      templateId: outsideId,
      name: "Mutual NDA",
      s3Url: "",
      draftId: null,
      groups: [{ label: "Discloser" }, { label: "Receiver" }],
      source: "by-id",
    });
    expect(await app.call("templatesList")).toContainEqual(added);
    // Kept in the records database, beside the app's own templates.
    expect(app.core.records.templates.all().map(({ templateId, source }) => ({ templateId, source }))).toEqual([
      { templateId: appMadeId, source: undefined },
      { templateId: outsideId, source: "by-id" },
    ]);

    // The groups decide how many recipients a send needs.
    expect(
      await app.invoke("documentsSend", {
        templateId: outsideId,
        recipients: [{ name: "Ada", email: "ada@example.com" }],
      }),
    ).toMatchObject({ ok: false, error: { code: "invalid_argument" } });

    const recipients = [
      { name: "Ada Discloser", email: "ada@example.com" },
      { name: "Bo Receiver", email: "bo@example.com" },
    ];
    const sent = await app.call("documentsSend", { templateId: outsideId, recipients, emailSubject: "NDA" });
    expect(sent).toMatchObject({
      name: "Mutual NDA – Ada Discloser",
      serviceName: "Mutual NDA",
      templateId: outsideId,
      recipients,
      imported: false,
    });
    // The service made it from that template and e-mailed both.
    const outbox = (await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key })).body as {
      messages: { to: string; pdf_id: string; subject: string }[];
    };
    expect(
      outbox.messages
        .filter((message) => message.pdf_id === sent.pdfId)
        .map((message) => message.to)
        .sort(),
    ).toEqual(["ada@example.com", "bo@example.com"]);
    // Tracked: listed, and its status read from the service.
    expect((await app.call("documentsList")).documents.map((document) => document.pdfId)).toContain(sent.pdfId);
    await app.call("documentsRefresh", { pdfIds: [sent.pdfId] });
    const tracked = (await app.call("documentsList")).documents.find((document) => document.pdfId === sent.pdfId);
    expect(tracked).toMatchObject({ lastStatus: "pending", finished: false });
    expect(tracked?.lastCheckedAt).not.toBeNull();
  });

  it("refuses an ID listed already, and removes a template from the list only", async () => {
    expect(
      await app.invoke("templatesAddById", { templateId: outsideId, name: "Again", groups: [{ label: "A" }] }),
    ).toEqual({
      ok: false,
      error: { code: "already_listed", message: "Service already lists this template, as “Mutual NDA”." },
    });
    expect(await app.invoke("templatesRemove", { templateId: "not-listed" })).toMatchObject({
      ok: false,
      error: { code: "not_found" },
    });
    expect(await app.call("templatesSeenIds")).toEqual([]);

    expect(await app.call("templatesRemove", { templateId: outsideId })).toBeNull();
    expect((await app.call("templatesList")).map((template) => template.templateId)).toEqual([appMadeId]);
    // Its document stays listed, and names the ID: offered to add again, under the service's name for its document
    // (the template's), not Signdesk's for the send.
    expect(await app.call("templatesSeenIds")).toEqual([
      { templateId: outsideId, documentCount: 1, latestName: "Mutual NDA", latestAt: expect.any(String) },
    ]);
    await app.call("templatesAddById", {
      templateId: outsideId,
      name: "Mutual NDA",
      groups: [{ label: "A" }, { label: "B" }],
    });
    expect(await app.call("templatesSeenIds")).toEqual([]);
  });

  it("offers the template IDs that imported documents name", async () => {
    // Documents sent outside the app, from a template the app does not list.
    const leaseId = await templateMadeOutside("Flat lease", 1);
    const sendOutside = async (name: string, email: string) => {
      const answer = await callApi(running.url, "POST", "/createFromTemplate", {
        key: running.key,
        json: { templateId: leaseId, recipients: [{ name, email }] },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as { pdf_id: string }).pdf_id;
    };
    const first = await sendOutside("Cy", "cy@example.com");
    const second = await sendOutside("Dee", "dee@example.com");
    const third = await sendOutside("Eve", "eve@example.com");
    // The documented listing names no template; a service that adds the ID (under either name) has it read,
    // and anything else there is ignored.
    const real = await listing();
    const named: Record<string, Record<string, unknown>> = {
      [first]: { template_id: leaseId },
      [second]: { templateId: leaseId },
      [third]: { templateId: 42, template_id: "  " },
    };
    variant.plan("/getAllDocuments", {
      kind: "status",
      status: 200,
      body: { ...real, documents: real.documents.map((document) => ({ ...document, ...named[String(document.id)] })) },
    });
    // The fourth listed document is the one the app sent.
    expect(await app.call("documentsImport")).toEqual({ imported: 3, read: 4, skipped: 0 });
    const documents = (await app.call("documentsList")).documents;
    expect(documents.find((document) => document.pdfId === first)?.templateId).toBe(leaseId);
    expect(documents.find((document) => document.pdfId === second)?.templateId).toBe(leaseId);
    expect(documents.find((document) => document.pdfId === third)?.templateId).toBeNull();

    const seen = await app.call("templatesSeenIds");
    expect(seen).toEqual([
      { templateId: leaseId, documentCount: 2, latestName: "Flat lease", latestAt: expect.any(String) },
    ]);
    // Added from what was offered, it is sent like the others.
    await app.call("templatesAddById", { templateId: leaseId, name: "Flat lease", groups: [{ label: "Tenant" }] });
    expect(await app.call("templatesSeenIds")).toEqual([]);
    const sent = await app.call("documentsSend", {
      templateId: leaseId,
      recipients: [{ name: "Fay Tenant", email: "fay@example.com" }],
    });
    expect((await listing()).documents.map((document) => document.id)).toContain(sent.pdfId);
  });

  it("refuses IDs and groups that break the rules, as invalid_argument, and stores nothing", async () => {
    const before = await app.call("templatesList");
    const valid = { templateId: "3f0c8d4e-1111-4222-8333-444455556666", name: "Lease", groups: [{ label: "Tenant" }] };
    const refused = [
      { ...valid, templateId: "" },
      { ...valid, templateId: " \t\n " },
      { ...valid, templateId: "x".repeat(201) },
      { ...valid, templateId: "two words" },
      { ...valid, name: "  " },
      { ...valid, groups: [] },
      { ...valid, groups: [{ label: "Tenant" }, { label: " " }] },
      { ...valid, groups: [{ label: "Tenant" }, { label: " tenant " }] },
      { ...valid, groups: Array.from({ length: 21 }, (_, index) => ({ label: `Group ${index + 1}` })) },
    ];
    for (const args of refused) {
      const answer = await app.invoke("templatesAddById", args);
      expect(answer, JSON.stringify(args).slice(0, 120)).toMatchObject({
        ok: false,
        error: { code: "invalid_argument" },
      });
    }
    expect(await app.call("templatesList")).toEqual(before);
    // 200 characters is still an ID.
    const longest = await app.call("templatesAddById", { ...valid, templateId: "y".repeat(200) });
    expect(longest.templateId).toHaveLength(200);
  });
});
