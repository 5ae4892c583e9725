import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../support/pdf-fixtures";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

describe("createFromTemplate, getDocumentDetails, getAllDocuments", () => {
  let running: RunningSandbox;
  let templateId: string;

  let original: Uint8Array;

  beforeAll(async () => {
    running = await startSandbox();
    original = await makePdf();
    const created = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: original,
        templateName: "Purchase agreement",
        fields: [
          [{ id: "buyer", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }],
          [{ id: "seller", x: 300, y: 600, page: 1, type: "Signature", recipient: 2 }],
        ],
      }),
    });
    templateId = (created.body as { template_id: string }).template_id;
  });
  afterAll(async () => running?.close());

  const two = [
    { name: "Ada Buyer", email: "ada@example.com" },
    { name: "Bo Seller", email: "bo@example.com" },
  ];

  async function send(json: unknown) {
    return callApi(running.url, "POST", "/createFromTemplate", { key: running.key, json });
  }

  it("sends a document and answers its id and the recipients' addresses", async () => {
    const answer = await send({ templateId, recipients: two, emailSubject: "Sign please" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: "Document created and sent successfully",
      pdf_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      recipients: ["ada@example.com", "bo@example.com"],
    });
    const pdfId = (answer.body as { pdf_id: string }).pdf_id;
    const details = await callApi(running.url, "GET", `/getDocumentDetails?pdf_id=${pdfId}`, { key: running.key });
    expect(details.status).toBe(200);
    expect(details.body).toEqual({
      message: "Document details retrieved successfully",
      document: { id: pdfId, name: "Purchase agreement", status: "pending", recipients: two, finalUrl: null },
    });
    const all = await callApi(running.url, "GET", "/getAllDocuments", { key: running.key });
    expect((all.body as { documents: unknown[] }).documents).toContainEqual({
      id: pdfId,
      name: "Purchase agreement",
      status: "pending",
      recipients: two,
      publicUrl: expect.stringContaining(`/_sandbox/view/${pdfId}?`),
    });
  });

  it("lists a pending document with a public link to its original, which is no final PDF's link", async () => {
    const answer = await send({ templateId, recipients: two });
    const pdfId = (answer.body as { pdf_id: string }).pdf_id;
    const all = await callApi(running.url, "GET", "/getAllDocuments", { key: running.key });
    const listed = (all.body as { documents: { id: string; publicUrl: string }[] }).documents.find(
      (document) => document.id === pdfId,
    );
    const publicUrl = listed?.publicUrl ?? "";
    const viewed = await fetch(publicUrl);
    expect(viewed.status).toBe(200);
    expect(viewed.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await viewed.arrayBuffer())).toEqual(original);
    // The view link's signature does not open the final PDF's route, nor does an altered one open anything.
    const asFinal = await fetch(publicUrl.replace("/_sandbox/view/", "/_sandbox/download/"));
    expect(asFinal.status).toBe(403);
    const altered = await fetch(
      publicUrl.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === "0" ? "1" : "0"}`),
    );
    expect(altered.status).toBe(403);
  });

  it("answers its 400s with {message, error}", async () => {
    const cases: [unknown, string][] = [
      [{ recipients: two }, "templateId and recipients are required."],
      [{ templateId }, "templateId and recipients are required."],
      [{ templateId: 42, recipients: two }, "templateId must be a string."],
      [{ templateId: "no-such-template", recipients: two }, "Template not found."],
      [{ templateId, recipients: "Ada" }, "Recipients must be an array."],
      [
        { templateId, recipients: [two[0]] },
        "The number of recipients must match the number of recipient groups in the template.",
      ],
      [
        { templateId, recipients: [...two, { name: "Cy", email: "cy@example.com" }] },
        "The number of recipients must match the number of recipient groups in the template.",
      ],
      [
        { templateId, recipients: [two[0], { name: "Bo", email: "not-an-email" }] },
        "Recipient 2 needs a valid email address.",
      ],
      [
        { templateId, recipients: [two[0], { email: "bo@example.com" }] },
        "Recipient 2 needs a name (1 to 200 characters).",
      ],
      [[1, 2], "The body must be a JSON object with templateId and recipients."],
    ];
    for (const [json, message] of cases) {
      const answer = await send(json);
      expect(answer.body, JSON.stringify(json)).toEqual({ message, error: 400 });
      expect(answer.status).toBe(400);
    }
    const notJson = await callApi(running.url, "POST", "/createFromTemplate", {
      key: running.key,
      rawBody: "{templateId:",
    });
    expect(notJson).toMatchObject({ status: 400, body: { message: "Request body must be valid JSON.", error: 400 } });
    const textPlain = await callApi(running.url, "POST", "/createFromTemplate", {
      key: running.key,
      rawBody: "hello",
      headers: { "content-type": "text/plain" },
    });
    expect(textPlain).toMatchObject({ status: 400, body: { message: "Request body must be valid JSON.", error: 400 } });
  });

  it("getDocumentDetails answers 400 and 404 as documented", async () => {
    const cases: [string, number, string][] = [
      ["/getDocumentDetails", 400, "pdf_id is required."],
      ["/getDocumentDetails?pdf_id=", 400, "pdf_id is required."],
      ["/getDocumentDetails?pdf_id=12345", 400, "Invalid pdf_id."],
      ["/getDocumentDetails?pdf_id=00000000-0000-4000-8000-000000000000", 404, "Document not found."],
    ];
    for (const [route, status, message] of cases) {
      const answer = await callApi(running.url, "GET", route, { key: running.key });
      expect(answer.body, route).toEqual({ message, error: status });
      expect(answer.status).toBe(status);
    }
  });
});

describe("registerWebhook and deleteWebhook", () => {
  let running: RunningSandbox;
  beforeAll(async () => {
    running = await startSandbox();
  });
  afterAll(async () => running?.close());

  const register = (json: unknown) => callApi(running.url, "POST", "/registerWebhook", { key: running.key, json });
  const remove = (json: unknown) => callApi(running.url, "POST", "/deleteWebhook", { key: running.key, json });

  it("registers https and loopback http URLs, once per URL and event", async () => {
    const first = await register({
      url: "https://hooks.example.com/signdesk",
      eventType: "document.signed",
      secret: "s3cret",
      user_id: "ignored",
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      message: "Webhook registered successfully",
      webhook: {
        webhook_id: expect.any(String),
        url: "https://hooks.example.com/signdesk",
        eventType: "document.signed",
      },
    });
    expect(JSON.stringify(first.body)).not.toContain("s3cret");
    const again = await register({ url: "https://hooks.example.com/signdesk", eventType: "document.signed" });
    expect((again.body as { webhook: { webhook_id: string } }).webhook.webhook_id).toBe(
      (first.body as { webhook: { webhook_id: string } }).webhook.webhook_id,
    );
    for (const url of ["http://localhost:9000/h", "http://127.0.0.1:9000/h", "http://[::1]:9000/h"]) {
      expect((await register({ url, eventType: "document.finalized", secret: null })).status, url).toBe(200);
    }
  });

  it("answers its 400s with {message, error}", async () => {
    const cases: [unknown, string][] = [
      [{ eventType: "document.signed" }, "url and eventType are required."],
      [{ url: "https://a.example/h" }, "url and eventType are required."],
      [
        { url: "http://hooks.example.com/h", eventType: "document.signed" },
        "url must be an https:// URL (http:// is allowed only for localhost).",
      ],
      [
        { url: "ftp://hooks.example.com/h", eventType: "document.signed" },
        "url must be an https:// URL (http:// is allowed only for localhost).",
      ],
      [
        { url: "not a url", eventType: "document.signed" },
        "url must be an https:// URL (http:// is allowed only for localhost).",
      ],
      [
        { url: "https://a.example/h", eventType: "document.viewed" },
        "eventType must be document.signed or document.finalized.",
      ],
      [
        { url: "https://a.example/h", eventType: "document.signed", secret: 42 },
        "secret must be a string of at most 512 characters, or null.",
      ],
    ];
    for (const [json, message] of cases) {
      const answer = await register(json);
      expect(answer.body, JSON.stringify(json)).toEqual({ message, error: 400 });
    }
    expect(
      (await callApi(running.url, "POST", "/registerWebhook", { key: running.key, rawBody: "nope" })).body,
    ).toEqual({
      message: "Request body must be valid JSON.",
      error: 400,
    });
  });

  it("deletes by URL, then answers 404 for it; 400 without a url", async () => {
    await register({ url: "https://gone.example/h", eventType: "document.signed" });
    await register({ url: "https://gone.example/h", eventType: "document.finalized" });
    expect(await remove({ url: "https://gone.example/h" })).toMatchObject({
      status: 200,
      body: { message: "Webhook deleted successfully", url: "https://gone.example/h" },
    });
    expect(await remove({ url: "https://gone.example/h" })).toMatchObject({
      status: 404,
      body: { message: "Webhook not found.", error: 404 },
    });
    expect(await remove({})).toMatchObject({ status: 400, body: { message: "url is required.", error: 400 } });
    const other = await running.sandbox.issueKey();
    const foreign = await callApi(running.url, "POST", "/deleteWebhook", {
      key: other,
      json: { url: "https://hooks.example.com/signdesk" },
    });
    expect(foreign.status).toBe(404);
  });
});
