import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../support/pdf-fixtures";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

/** Every endpoint of the service, with a valid request body where it takes one. */
const endpoints = [
  { method: "POST", route: "/createNewTemplate", shape: "message" },
  { method: "POST", route: "/createFromTemplate", shape: "message-and-status" },
  {
    method: "GET",
    route: "/getDocumentDetails?pdf_id=00000000-0000-4000-8000-000000000000",
    shape: "message-and-status",
  },
  { method: "GET", route: "/getAllDocuments", shape: "message-and-status" },
  { method: "POST", route: "/registerWebhook", shape: "message-and-status" },
  { method: "POST", route: "/deleteWebhook", shape: "message-and-status" },
  { method: "GET", route: "/_sandbox/outbox", shape: "message-and-status" },
  { method: "GET", route: "/_sandbox/deliveries", shape: "message-and-status" },
  { method: "POST", route: "/_sandbox/release?pdf_id=x", shape: "message-and-status" },
  { method: "POST", route: "/_sandbox/inbox-link", shape: "message-and-status" },
] as const;

function expected(shape: string, status: number, message: string) {
  return shape === "message" ? { message } : { message, error: status };
}

describe("sandbox authentication", () => {
  let running: RunningSandbox;
  let expiredKey: string;

  beforeAll(async () => {
    running = await startSandbox();
    expiredKey = await running.sandbox.issueKey({ expiresAt: new Date(Date.now() - 1000) });
  });
  afterAll(async () => running?.close());

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.route.split("?")[0]}: missing, unknown and expired keys are 401 with the exact body`, async () => {
      const missing = await callApi(running.url, endpoint.method, endpoint.route, {
        json: endpoint.method === "POST" ? {} : undefined,
      });
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual(expected(endpoint.shape, 401, "API key is required."));

      const unknown = await callApi(running.url, endpoint.method, endpoint.route, { key: "sk_sandbox_not-a-key" });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(expected(endpoint.shape, 401, "Invalid or expired API key."));

      const expired = await callApi(running.url, endpoint.method, endpoint.route, { key: expiredKey });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual(expected(endpoint.shape, 401, "Invalid or expired API key."));
    });
  }

  it("checks the key before the body: a bad key with malformed JSON is still 401", async () => {
    const answer = await callApi(running.url, "POST", "/registerWebhook", { key: "nope", rawBody: "{not json" });
    expect(answer).toMatchObject({ status: 401, body: { message: "Invalid or expired API key.", error: 401 } });
  });

  it("accepts Authorization: Bearer <key> as an alternative", async () => {
    const answer = await callApi(running.url, "GET", "/getAllDocuments", {
      headers: { authorization: `Bearer ${running.key}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Documents retrieved successfully", documents: [] });
    const wrong = await callApi(running.url, "GET", "/getAllDocuments", { headers: { authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
  });

  it("keeps users apart: another user's document is 403 and their template is not found", async () => {
    const other = await running.sandbox.issueKey();
    const created = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf(),
        templateName: "Mine",
        fields: [[{ id: "s1", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }]],
        recipients: [{ name: "Ada", email: "ada@example.com" }],
      }),
    });
    expect(created.status).toBe(200);
    const { pdf_id: pdfId, template_id: templateId } = created.body as { pdf_id: string; template_id: string };

    const details = await callApi(running.url, "GET", `/getDocumentDetails?pdf_id=${pdfId}`, { key: other });
    expect(details).toMatchObject({
      status: 403,
      body: { message: "You do not have access to this document.", error: 403 },
    });
    const send = await callApi(running.url, "POST", "/createFromTemplate", {
      key: other,
      json: { templateId, recipients: [{ name: "Bo", email: "bo@example.com" }] },
    });
    expect(send).toMatchObject({ status: 400, body: { message: "Template not found.", error: 400 } });
    const list = await callApi(running.url, "GET", "/getAllDocuments", { key: other });
    expect(list.body).toEqual({ message: "Documents retrieved successfully", documents: [] });
  });

  it("answers unknown paths 404", async () => {
    const answer = await callApi(running.url, "GET", "/nope", { key: running.key });
    expect(answer).toMatchObject({ status: 404, body: { message: "Not found.", error: 404 } });
  });
});

describe("sandbox rate limit", () => {
  it("answers 429 with Retry-After past the per-minute limit, per key", async () => {
    const running = await startSandbox({ rateLimitPerMinute: 3 });
    try {
      for (let call = 0; call < 3; call += 1) {
        expect((await callApi(running.url, "GET", "/getAllDocuments", { key: running.key })).status).toBe(200);
      }
      const limited = await callApi(running.url, "GET", "/getAllDocuments", { key: running.key });
      expect(limited.status).toBe(429);
      expect((limited.body as { error: number }).error).toBe(429);
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const otherKey = await running.sandbox.issueKey();
      expect((await callApi(running.url, "GET", "/getAllDocuments", { key: otherKey })).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});
