import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestCore, type TestCore } from "../support/core-harness";
import { english } from "../support/english";
import { makePdf } from "../support/pdf-fixtures";
import { signatureDataUrl } from "../support/png";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

describeWith("secret-service", "accounts, import and webhooks through the handlers", () => {
  let running: RunningSandbox;
  let app: TestCore;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    running = await startSandbox();
    receiver = await startWebhookReceiver();
    app = await startTestCore({ embeddedSandbox: false, client: { backoffBaseMs: 10 } });
    const account = await app.call("accountsAdd", { name: "Local", baseUrl: running.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: account.id });
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await running?.close();
  });

  it("tells ok, a wrong key, an unreachable address and something that is not the service apart", async () => {
    const check = async (baseUrl: string, apiKey: string) => {
      const account = await app.call("accountsAdd", { name: "Probe", baseUrl, apiKey });
      try {
        return await app.call("accountsTestConnection", { id: account.id });
      } finally {
        await app.call("accountsRemove", { id: account.id });
      }
    };
    expect(await check(running.url, running.key)).toMatchObject({ outcome: "ok" });
    const wrongKey = await check(running.url, "sk_wrong");
    expect({ ...wrongKey, message: english(wrongKey.message) }).toEqual({
      outcome: "wrong_key",
      message: "The service does not accept this API key: Invalid or expired API key.",
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const closedCheck = await check(closedUrl, "k");
    expect({ ...closedCheck, message: english(closedCheck.message) }).toMatchObject({
      outcome: "unreachable",
      message: expect.stringContaining("connection refused"),
    });
    const website = createServer((_request, response) =>
      response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not here</h1>"),
    );
    await new Promise<void>((resolve) => website.listen(0, "127.0.0.1", resolve));
    try {
      const answer = await check(`http://127.0.0.1:${(website.address() as AddressInfo).port}`, "k");
      expect(answer.outcome).toBe("not_this_service");
    } finally {
      website.close();
    }
  });

  it("imports the documents the service has and the app does not, once", async () => {
    const created = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf(),
        templateName: "Sent from the web app",
        fields: [[{ id: "s", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }]],
        recipients: [{ name: "Ada", email: "ada@example.com" }],
      }),
    });
    const pdfId = (created.body as { pdf_id: string }).pdf_id;
    expect(await app.call("documentsImport")).toMatchObject({ imported: 1, skipped: 0 });
    expect(await app.call("documentsImport")).toMatchObject({ imported: 0, skipped: 0 });
    const record = (await app.call("documentsList")).documents.find((document) => document.pdfId === pdfId);
    // The listing gives this pending document a publicUrl, as the service's does: it is tracked all the same.
    expect(record).toMatchObject({
      name: "Sent from the web app",
      imported: true,
      lastStatus: "pending",
      finished: false,
      hasFinalPdf: false,
      recipients: [{ name: "Ada", email: "ada@example.com" }],
    });
    const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
    const link = (outbox.body as { messages: { pdf_id: string; signingUrl: string }[] }).messages.find(
      (message) => message.pdf_id === pdfId,
    );
    const signed = await callApi(link?.signingUrl ?? "", "POST", "", { json: { fields: { s: signatureDataUrl() } } });
    expect(signed.status).toBe(200);
    await app.call("documentsRefresh", {});
    const tracked = (await app.call("documentsList")).documents.find((document) => document.pdfId === pdfId);
    expect(tracked).toMatchObject({ lastStatus: "signed", finished: true, hasFinalPdf: true });
  });

  it("registers webhooks (with a secret given or generated) and deletes them by URL", async () => {
    const given = await app.call("webhooksRegister", {
      url: `${receiver.url}/a`,
      eventType: "document.finalized",
      secret: "mine",
    });
    expect(given).toMatchObject({
      secret: null,
      webhook: { url: `${receiver.url}/a`, eventType: "document.finalized", hasSecret: true },
    });
    const bare = await app.call("webhooksRegister", { url: `${receiver.url}/b`, eventType: "document.signed" });
    expect(bare.webhook.hasSecret).toBe(false);
    expect((await app.call("webhooksList")).map((record) => record.url).sort()).toEqual([
      `${receiver.url}/a`,
      `${receiver.url}/b`,
    ]);
    expect(
      await app.invoke("webhooksRegister", { url: "http://hooks.example.com/x", eventType: "document.signed" }),
    ).toEqual({
      ok: false,
      error: {
        code: "validation",
        message:
          "The service refused the request: url must be an https:// URL (http:// is allowed only for localhost).",
      },
    });
    await app.call("webhooksDelete", { url: `${receiver.url}/a` });
    expect((await app.call("webhooksList")).map((record) => record.url)).toEqual([`${receiver.url}/b`]);
    const gone = await callApi(running.url, "POST", "/deleteWebhook", {
      key: running.key,
      json: { url: `${receiver.url}/a` },
    });
    expect(gone.status).toBe(404);
  });

  it("shows or opens only files it downloaded itself", async () => {
    expect(await app.invoke("documentsOpenFile", { path: "/etc/passwd" })).toEqual({
      ok: false,
      error: { code: "forbidden", message: "Only files Signdesk downloaded can be shown or opened." },
    });
    expect(await app.invoke("documentsShowInFolder", { path: "/home" })).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
  });
});
