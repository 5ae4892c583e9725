import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { type DocumentRecord, DocumentRecordSchema } from "../../common/records";
import { DocumentTracker } from "../../main/documents/tracker";
import { DocumentRecords } from "../../main/records/document-records";
import { openRecords } from "../../main/records/open-records";
import { recordsFileName } from "../../main/records/records-database";
import { createServiceClient } from "../../main/service/client";
import { ServiceError } from "../../main/service/service-error";
import { startTestCore, type TestCore } from "../support/core-harness";
import { english } from "../support/english";
import { failure } from "../support/failure";
import { setClock } from "../support/manual-clock";
import { describeWith } from "../support/requirements";
import { variantAppSteps } from "../support/variant-app-steps";
import {
  type Encoding,
  eachListed,
  numbersAsStrings,
  only,
  startVariantServer,
  type VariantServer,
} from "../support/variant-server";

const ada = { name: "Ada Buyer", email: "ada@example.com" };
const bo = { name: "Bo Seller", email: "bo@example.com" };
const start = Date.parse("2025-03-01T10:00:00.000Z");

describeWith("secret-service", "the app against a service answering in every way its documentation allows", () => {
  let server: VariantServer;
  let app: TestCore;
  let accountId: string;
  const clock = setClock(start);

  beforeAll(async () => {
    server = await startVariantServer();
    app = await startTestCore({
      embeddedSandbox: false,
      clock,
      client: { backoffBaseMs: 10, maxGetAttempts: 1 },
      // Statuses are read when a test asks (documentsRefresh), never behind its back.
      tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
    });
    const account = await app.call("accountsAdd", { name: "Variant", baseUrl: server.url, apiKey: server.key });
    accountId = account.id;
    await app.call("accountsSetActive", { id: account.id });
  });
  beforeEach(() => server.reset());
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  /** A document's status problem with its reason in English (stored as a phrase, rendered where it is shown). */
  const problemInEnglish = (record: { statusProblem?: DocumentRecord["statusProblem"] } | null | undefined) =>
    record?.statusProblem === undefined
      ? undefined
      : { ...record.statusProblem, reason: english(record.statusProblem.reason) };
  const { recordOf, lastTwoCalls, importAll, makeTemplate } = variantAppSteps(() => ({ app, server }));

  it("takes listed documents with only id and recipients: Test connection is ok, import works", async () => {
    const document = server.addDocument({ name: "Lease", recipients: [ada] });
    server.vary("getAllDocuments", { answer: eachListed((listed) => only(listed, "id", "recipients")) });
    server.vary("getDocumentDetails", { answer: (body) => ({ document: only(body.document, "id") }) });
    const check = await app.call("accountsTestConnection", { id: accountId });
    expect({ ...check, message: english(check.message) }).toMatchObject({
      outcome: "ok",
      message: expect.stringContaining("answered with"),
    });
    expect(await importAll()).toBeGreaterThanOrEqual(1);
    const record = await recordOf(document.id);
    expect(record).toMatchObject({ name: "Untitled document", lastStatus: "", imported: true, recipients: [ada] });
    // Details without a status leave it as it was, and are no failure.
    expect(record?.lastCheckedAt).not.toBeNull();
    expect(record?.statusProblem).toBeUndefined();
  });

  it("imports documents with nulls and unknown members, and keeps those members for diagnosis", async () => {
    const document = server.addDocument({
      name: "NDA",
      recipients: [bo],
      extra: { createdAt: "2025-01-02T03:04:05Z", signingOrder: 2, meta: { source: "web" } },
    });
    server.vary("getAllDocuments", {
      answer: eachListed((listed) => ({
        ...listed,
        name: null,
        status: null,
        publicUrl: null,
        recipients: (listed.recipients as object[]).map((recipient) => ({ ...recipient, role: "signer" })),
      })),
    });
    // No details can be read yet: the members kept are the list's.
    server.vary("getDocumentDetails", { fail: { status: 500, message: "Busy" } });
    expect(await importAll()).toBeGreaterThanOrEqual(1);
    expect(await recordOf(document.id)).toMatchObject({
      name: "Untitled document",
      lastStatus: "",
      recipients: [bo],
      unknownMembers: { createdAt: '"2025-01-02T03:04:05Z"', signingOrder: "2", meta: '{"source":"web"}' },
    });
  });

  it("reads details with a null name, no recipients and unknown members; keeps the members", async () => {
    const document = server.addDocument({ name: "Loan", recipients: [ada] });
    await importAll();
    server.update(document.id, { status: "partially_signed" });
    server.vary("getDocumentDetails", {
      answer: (body) => {
        const { recipients: _left, ...rest } = body.document as Record<string, unknown>;
        return { ...body, document: { ...rest, name: null, finalUrl: null, reminderCount: "3", voidReason: null } };
      },
    });
    await app.call("documentsRefresh", { pdfIds: [document.id] });
    const record = await recordOf(document.id);
    expect(record).toMatchObject({
      name: "Loan",
      lastStatus: "partially_signed",
      finished: false,
      unknownMembers: { reminderCount: '"3"', voidReason: "null" },
    });
    expect(record?.statusProblem).toBeUndefined();
  });

  it("creates templates whose answers echo fields loosely (numbers as strings, no name) or leave them out", async () => {
    server.varyNext("createNewTemplate", {
      status: 201,
      answer: (body) => ({ template_id: body.template_id, fields: numbersAsStrings(body.fields), extra: true }),
    });
    const plain = await makeTemplate("Plain.pdf");
    expect(plain.template).toMatchObject({ name: "Plain", s3Url: "" });
    expect(server.templates.has(plain.template.templateId)).toBe(true);

    server.varyNext("createNewTemplate", {
      answer: (body) => ({
        ...body,
        s3_url: null,
        fields: (numbersAsStrings(body.fields) as object[]).map((field) => ({
          ...field,
          recipient: { email: ada.email },
        })),
        recipients: undefined,
      }),
    });
    const before = server.documents.size;
    const sent = await makeTemplate("Sent at once.pdf", { recipients: [ada] });
    expect(server.documents.size).toBe(before + 1);
    expect(server.count("createNewTemplate")).toBe(2);
    // Only the listing taken before sending (send-once.test.ts): no check with the service afterwards.
    expect(lastTwoCalls()).toEqual(["getAllDocuments", "createNewTemplate"]);
    expect(sent.document).toMatchObject({ name: "Sent at once", recipients: [ada], lastStatus: "pending" });
    expect(server.documents.get(sent.document?.pdfId ?? "")?.templateId).toBe(sent.template.templateId);
  });

  it("a send answered without `recipients` (201, only pdf_id) is a success, sent once", async () => {
    const { template } = await makeTemplate("Order.pdf");
    server.varyNext("createFromTemplate", { status: 201, answer: (body) => only(body, "pdf_id") });
    const before = server.documents.size;
    const listings = server.count("getAllDocuments");
    const record = await app.call("documentsSend", { templateId: template.templateId, recipients: [bo] });
    expect(server.count("createFromTemplate")).toBe(1);
    // Read from the answer itself: no check with the service was needed, and the listing this session read before
    // its first send (the test above) is not read again.
    expect(lastTwoCalls()).toEqual(["createNewTemplate", "createFromTemplate"]);
    expect(server.count("getAllDocuments")).toBe(listings);
    expect(server.documents.size).toBe(before + 1);
    expect(server.documents.get(record.pdfId)).toMatchObject({ name: "Order", recipients: [bo] });
    expect((await app.call("documentsList")).documents.filter((entry) => entry.pdfId === record.pdfId)).toHaveLength(1);
  });

  it("a 2xx whose body cannot be read after a send is an unknown outcome, never 'not sent', and is not sent again", async () => {
    const { template } = await makeTemplate("Quote.pdf");
    // The client alone: the service acted, so the outcome is unknown (a GET's unreadable 2xx stays `protocol`).
    const client = createServiceClient({ baseUrl: server.url, apiKey: async () => server.key });
    server.varyNext("createFromTemplate", { raw: { contentType: "text/html", body: "<p>Sent!</p>" } });
    const html = await failure(client.createFromTemplate({ templateId: template.templateId, recipients: [ada] }));
    expect(html).toBeInstanceOf(ServiceError);
    expect([(html as ServiceError).category, (html as ServiceError).status]).toEqual(["outcome_unknown", 200]);
    expect((html as ServiceError).message).toMatch(/HTTP 200.*could not be read \(not JSON\).*outcome is unknown/);
    server.varyNext("createFromTemplate", { answer: (body) => only(body, "message") });
    const shapeless = await failure(client.createFromTemplate({ templateId: template.templateId, recipients: [ada] }));
    expect([(shapeless as ServiceError).category, (shapeless as ServiceError).message]).toEqual([
      "outcome_unknown",
      expect.stringContaining("could not be read (pdf_id: "),
    ]);
    server.varyNext("getAllDocuments", { raw: { contentType: "text/html", body: "<p>hi</p>" } });
    expect(await failure(client.getAllDocuments())).toMatchObject({ category: "protocol", status: 200 });

    // Through the handler: reported as unknown or found by the check, never as a failure to send.
    server.reset();
    server.varyNext("createFromTemplate", { raw: { contentType: "text/html", body: "<p>Sent!</p>" } });
    const before = server.documents.size;
    const answer = await app.invoke("documentsSend", { templateId: template.templateId, recipients: [bo] });
    expect(server.count("createFromTemplate")).toBe(1);
    expect(server.documents.size).toBe(before + 1);
    if (answer.ok) {
      expect(server.documents.get(answer.value.pdfId)?.recipients).toEqual([bo]);
    } else {
      expect(answer.error.code).toBe("outcome_unknown");
    }
    expect(answer).not.toMatchObject({ ok: false, error: { code: expect.stringMatching(/^(not_sent|protocol)$/) } });
  });

  it.each<Encoding>(["gzip", "x-gzip", "deflate", "deflate-raw", "br"])(
    "reads answers compressed with %s although the request asked for none",
    async (encoding) => {
      const document = server.addDocument({ name: `Compressed ${encoding}`, recipients: [ada] });
      for (const endpoint of ["getAllDocuments", "getDocumentDetails", "createFromTemplate"] as const)
        server.vary(endpoint, { encoding });
      expect(await app.call("accountsTestConnection", { id: accountId })).toMatchObject({ outcome: "ok" });
      await importAll();
      expect(await recordOf(document.id)).toMatchObject({ name: `Compressed ${encoding}`, lastStatus: "pending" });
      expect((await recordOf(document.id))?.lastCheckedAt).not.toBeNull();
      const { template } = await makeTemplate(`Packed ${encoding}.pdf`);
      const sent = await app.call("documentsSend", { templateId: template.templateId, recipients: [ada] });
      expect(server.documents.has(sent.pdfId)).toBe(true);
      expect(server.requests.every((request) => request.headers["accept-encoding"] === undefined)).toBe(true);
    },
  );

  it("finishes a document on any terminal status in any case or a final URL; shows and keeps checking others", async () => {
    const terminal = ["VOIDED", "void", "Expired", "cancelled", "Canceled", "REJECTED", "completed", "declined"];
    const ended = terminal.map((status) => server.addDocument({ name: `Ended ${status}`, recipients: [ada] }));
    const unknown = server.addDocument({ name: "Odd", recipients: [ada] });
    const released = server.addDocument({ name: "Released", recipients: [ada] });
    await importAll();
    for (const [index, status] of terminal.entries()) server.update(ended[index]?.id ?? "", { status });
    server.update(unknown.id, { status: "Awaiting Countersignature" });
    server.update(released.id, { status: "archived", finalUrl: "https://files.example.com/final.pdf?sig=1" });
    await app.call("documentsRefresh", {});
    for (const [index, document] of ended.entries()) {
      expect(await recordOf(document.id), terminal[index]).toMatchObject({
        lastStatus: terminal[index],
        finished: true,
        hasFinalPdf: false,
      });
    }
    expect(await recordOf(released.id)).toMatchObject({ lastStatus: "archived", finished: true, hasFinalPdf: true });
    expect(await recordOf(unknown.id)).toMatchObject({ lastStatus: "Awaiting Countersignature", finished: false });

    // Finished documents are not asked about again; the unknown status is.
    server.reset();
    await app.call("documentsRefresh", {});
    for (const document of [...ended, released]) expect(server.count("getDocumentDetails", document.id)).toBe(0);
    expect(server.count("getDocumentDetails", unknown.id)).toBe(1);
  });

  it("keeps checking an unknown status with back-off, and never a terminal one again", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "signdesk-variants-"));
    try {
      const odd = server.addDocument({ name: "Odd", status: "in_review", recipients: [ada] });
      const voided = server.addDocument({ name: "Voided", status: "Voided", recipients: [ada] });
      const index = openRecords(folder).records.documents;
      for (const document of [odd, voided]) {
        index.add({
          accountId: "variant",
          pdfId: document.id,
          name: document.name,
          templateId: null,
          recipients: [ada],
          sentAt: new Date(start).toISOString(),
          lastStatus: "pending",
          lastCheckedAt: null,
          finished: false,
          hasFinalPdf: false,
          statusHistory: [{ status: "pending", at: new Date(start).toISOString() }],
          imported: false,
        });
      }
      const client = createServiceClient({ baseUrl: server.url, apiKey: async () => server.key });
      const passClock = setClock(start);
      const tracker = new DocumentTracker({
        documents: index,
        clock: passClock,
        minIntervalMs: 1000,
        maxIntervalMs: 8000,
        fetchDetails: async (_account, pdfId) => (await client.getDocumentDetails(pdfId)).document,
        isUnreachable: () => false,
        onChange: () => {},
      });
      server.reset();
      const polledAt: number[] = [];
      for (let second = 0; second <= 20; second += 1) {
        passClock.set(start + second * 1000);
        const before = server.count("getDocumentDetails", odd.id);
        await tracker.pass();
        if (server.count("getDocumentDetails", odd.id) > before) polledAt.push(second);
      }
      // First answer (a change), then intervals of 1 s (after the change), 2 s, 4 s, 8 s (the most).
      expect(polledAt).toEqual([0, 1, 3, 7, 15]);
      expect(server.count("getDocumentDetails", voided.id)).toBe(1);
      expect(index.get("variant", odd.id)).toMatchObject({ lastStatus: "in_review", finished: false });
      expect(index.get("variant", voided.id)).toMatchObject({ lastStatus: "Voided", finished: true });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("says since when and why a document's status can't be read, until an answer is read again", async () => {
    const document = server.addDocument({ name: "Stuck", recipients: [ada] });
    await importAll();
    server.reset();
    server.vary("getDocumentDetails", { fail: { status: 500, message: "Database unavailable" } });
    const firstFailure = start + 60_000;
    for (const minutes of [1, 2]) {
      clock.set(start + minutes * 60_000);
      await app.call("documentsRefresh", { pdfIds: [document.id] });
      expect((await recordOf(document.id))?.statusProblem, `after ${minutes} failures`).toBeUndefined();
    }
    clock.set(start + 3 * 60_000);
    await app.call("documentsRefresh", { pdfIds: [document.id] });
    expect(problemInEnglish(await recordOf(document.id))).toEqual({
      since: new Date(firstFailure).toISOString(),
      reason: "The service failed (HTTP 500): Database unavailable.",
    });
    expect(server.count("getDocumentDetails", document.id)).toBe(3);
    // Stored in the records database: another connection to the file reads it back.
    const reopened = new DatabaseSync(path.join(app.userDataDir, recordsFileName), { readOnly: true });
    try {
      const stored = new DocumentRecords(reopened).get((await recordOf(document.id))?.accountId ?? "", document.id);
      expect(english(stored?.statusProblem?.reason ?? "")).toContain("HTTP 500");
      expect(DocumentRecordSchema.safeParse(stored).success).toBe(true);
    } finally {
      reopened.close();
    }

    // An answer that is read clears it.
    server.reset();
    clock.set(start + 4 * 60_000);
    await app.call("documentsRefresh", { pdfIds: [document.id] });
    expect(await recordOf(document.id)).toMatchObject({ lastStatus: "pending", lastCheckedAt: expect.any(String) });
    expect((await recordOf(document.id))?.statusProblem).toBeUndefined();

    // A details answer that cannot be read says so at once.
    server.vary("getDocumentDetails", { raw: { contentType: "text/html", body: "<h1>Maintenance</h1>" } });
    clock.set(start + 5 * 60_000);
    await app.call("documentsRefresh", { pdfIds: [document.id] });
    expect(problemInEnglish(await recordOf(document.id))).toEqual({
      since: new Date(clock.now()).toISOString(),
      reason: "The service answered with something that is not JSON.",
    });
  });

  it("uploads a non-ASCII file name with RFC 5987 filename* and an ASCII fallback; an ASCII one as before", async () => {
    const { draft } = await makeTemplate("Contrat signé – été.pdf");
    const part = server.requests
      .find((request) => request.endpoint === "createNewTemplate")
      ?.parts?.find((entry) => entry.name === "document");
    expect(draft.name).toBe("Contrat signé – été");
    expect(part).toMatchObject({
      filename: "Contrat signe - ete.pdf",
      filenameStar: "Contrat signé – été.pdf",
      contentType: "application/pdf",
    });
    expect(part?.disposition).toBe(
      `form-data; name="document"; filename="Contrat signe - ete.pdf"; filename*=UTF-8''Contrat%20sign%C3%A9%20%E2%80%93%20%C3%A9t%C3%A9.pdf`,
    );

    server.reset();
    await makeTemplate("Договор (final).pdf");
    const cyrillic = server.requests
      .find((request) => request.endpoint === "createNewTemplate")
      ?.parts?.find((entry) => entry.name === "document");
    expect(cyrillic).toMatchObject({ filename: "_______ (final).pdf", filenameStar: "Договор (final).pdf" });
    expect(cyrillic?.disposition).toContain(
      "filename*=UTF-8''%D0%94%D0%BE%D0%B3%D0%BE%D0%B2%D0%BE%D1%80%20%28final%29.pdf",
    );

    server.reset();
    await makeTemplate("Plain offer.pdf");
    const ascii = server.requests
      .find((request) => request.endpoint === "createNewTemplate")
      ?.parts?.find((entry) => entry.name === "document");
    expect(ascii?.disposition).toBe('form-data; name="document"; filename="Plain offer.pdf"');
  });

  it("registers a webhook answered 201 without its webhook object, and deletes one answered {}", async () => {
    server.vary("registerWebhook", { status: 201, answer: () => ({ message: "Created" }) });
    const url = "https://hooks.example.com/signdesk";
    const registered = await app.call("webhooksRegister", { url, eventType: "document.finalized" });
    expect(registered.webhook).toMatchObject({ url, eventType: "document.finalized", hasSecret: false });
    server.vary("deleteWebhook", { answer: () => ({}) });
    await app.call("webhooksDelete", { url });
    expect(await app.call("webhooksList")).toEqual([]);
  });
});
