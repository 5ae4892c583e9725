import { randomUUID } from "node:crypto";
import { truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { createServiceClient } from "../../main/service/client";
import { ada, contractPdfPerFile, dump, noTimeOut, signature } from "../support/client-fixtures";
import { serviceFailure as failure } from "../support/failure";
import { type RunningSandbox, startSandbox } from "../support/sandbox";

const contract = contractPdfPerFile();

describe("service client against the sandbox", () => {
  let running: RunningSandbox;
  let client: ReturnType<typeof createServiceClient>;
  let templateId: string;
  let pdfId: string;

  beforeAll(async () => {
    running = await startSandbox();
    client = createServiceClient({ baseUrl: running.url, apiKey: async () => running.key, timers: noTimeOut });
  });
  afterAll(async () => running?.close());

  it("creates a template without recipients, streaming the file with monotonic progress", async () => {
    const progress: [number, number][] = [];
    const created = await client.createNewTemplate(
      {
        file: contract.pdfFile,
        fileName: "contract.pdf",
        templateName: "Purchase agreement",
        fields: [[signature("buyer", 1)]],
        autoReleaseSignatures: true,
      },
      { onProgress: (sent, total) => progress.push([sent, total]) },
    );
    expectTypeOf(created.template_id).toEqualTypeOf<string>();
    expect(created.message).toBe("Template created successfully");
    expect(created.fields).toEqual([[signature("buyer", 1)]]);
    templateId = created.template_id;

    expect(progress.length).toBeGreaterThanOrEqual(3);
    const total = progress[0]?.[1] ?? 0;
    expect(progress.every(([, t]) => t === total)).toBe(true);
    expect(progress.every(([sent], i) => i === 0 || sent > (progress[i - 1]?.[0] ?? Infinity))).toBe(true);
    expect(progress.at(-1)).toEqual([total, total]);
  });

  it("creates a template with recipients, which also creates and sends the document", async () => {
    const created = await client.createNewTemplate({
      file: contract.pdfFile,
      fileName: 'NDA "final" é.pdf',
      templateName: "NDA",
      fields: [[signature("a", 1)]],
      recipients: [{ ...ada, phone: null }],
      emailSubject: "Please sign",
      autoReleaseSignatures: false,
    });
    expectTypeOf(created.pdf_id).toEqualTypeOf<string>();
    expect(created.message).toBe("Template created and PDF created successfully");
    expect(created.recipients).toEqual([ada.email]);
    expect(created.fields).toEqual([{ ...signature("a", 1), recipient: ada }]);
  });

  it("sends from a template and reads the document back, alone and in the list", async () => {
    const sent = await client.createFromTemplate({ templateId, recipients: [ada], emailSubject: "Sign please" });
    expect(sent).toEqual({ message: expect.any(String), pdf_id: expect.any(String), recipients: [ada.email] });
    pdfId = sent.pdf_id;
    const details = await client.getDocumentDetails(pdfId);
    expect(details.document).toEqual({
      id: pdfId,
      name: "Purchase agreement",
      status: "pending",
      recipients: [ada],
      finalUrl: null,
    });
    const all = await client.getAllDocuments();
    expect(all.documents).toContainEqual({
      id: pdfId,
      name: "Purchase agreement",
      status: "pending",
      recipients: [ada],
      // The service's reference: a presigned link to the document, pending or not (the sandbox's view link).
      publicUrl: expect.stringMatching(
        new RegExp(`^${running.url}/_sandbox/view/${pdfId}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
      ),
    });
  });

  it("registers and deletes a webhook", async () => {
    const url = "http://127.0.0.1:9/hooks/signed";
    const first = await client.registerWebhook({ url, eventType: "document.signed", secret: "s3cret" });
    expect(first.webhook).toEqual({ webhook_id: expect.any(String), url, eventType: "document.signed" });
    const again = await client.registerWebhook({ url, eventType: "document.signed" });
    expect(again.webhook?.webhook_id).toBe(first.webhook?.webhook_id);
    expect(await client.deleteWebhook(url)).toEqual({ message: expect.any(String), url });
    const gone = await failure(client.deleteWebhook(url));
    expect([gone.category, gone.status, gone.serviceMessage]).toEqual(["not_found", 404, "Webhook not found."]);
  });

  it("turns the sandbox's 4xx into categories, keeping the service's message and never the key", async () => {
    const stranger = createServiceClient({
      baseUrl: running.url,
      apiKey: async () => "sk_not_a_real_key",
      timers: noTimeOut,
    });
    const cases: [() => Promise<unknown>, string, number, string][] = [
      [() => stranger.getAllDocuments(), "auth", 401, "Invalid or expired API key."],
      [() => client.getDocumentDetails("nope"), "validation", 400, "Invalid pdf_id."],
      [() => client.getDocumentDetails(randomUUID()), "not_found", 404, "Document not found."],
      [
        () => client.createFromTemplate({ templateId: randomUUID(), recipients: [ada] }),
        "validation",
        400,
        "Template not found.",
      ],
      [
        () => client.registerWebhook({ url: "http://example.com/hook", eventType: "document.finalized" }),
        "validation",
        400,
        "url must be an https:// URL (http:// is allowed only for localhost).",
      ],
      [
        () =>
          client.createNewTemplate({
            file: contract.pdfFile,
            fileName: "contract.pdf",
            templateName: "Too far",
            fields: [[{ ...signature("s", 1), page: 5 }]],
            autoReleaseSignatures: true,
          }),
        "validation",
        400,
        "Invalid fields data.",
      ],
    ];
    for (const [call, category, status, serviceMessage] of cases) {
      const error = await failure(call());
      expect([error.category, error.status, error.serviceMessage]).toEqual([category, status, serviceMessage]);
      expect(error.message).toContain(serviceMessage);
      expect(dump(error)).not.toContain(running.key);
      expect(dump(error)).not.toContain("sk_not_a_real_key");
    }
    const auth = await failure(stranger.getAllDocuments());
    expect(auth.message).toBe("The service rejected the API key: Invalid or expired API key.");
    expect(auth.attempts).toBe(1);

    const other = createServiceClient({
      baseUrl: running.url,
      apiKey: () => running.sandbox.issueKey(),
      timers: noTimeOut,
    });
    const forbidden = await failure(other.getDocumentDetails(pdfId));
    expect(forbidden.category).toBe("forbidden");
    expect(forbidden.message).toBe("The service refused access: You do not have access to this document.");
  });

  it("reports a 413 for a file over 50 MB, and a rejected key in the middle of an upload", async () => {
    const huge = path.join(contract.dir, "huge.pdf");
    await writeFile(huge, "");
    await truncate(huge, 51 * 1024 * 1024); // sparse: nothing held anywhere
    const input = { file: huge, fileName: "huge.pdf", templateName: "Huge", fields: [[signature("s", 1)]] };
    const tooLarge = await failure(client.createNewTemplate({ ...input, autoReleaseSignatures: true }));
    expect([tooLarge.category, tooLarge.status, tooLarge.serviceMessage]).toEqual([
      "validation",
      413,
      "File too large.",
    ]);
    const stranger = createServiceClient({
      baseUrl: running.url,
      apiKey: async () => "sk_not_a_real_key",
      timers: noTimeOut,
    });
    const rejected = await failure(stranger.createNewTemplate({ ...input, autoReleaseSignatures: true }));
    expect([rejected.category, rejected.status]).toEqual(["auth", 401]);
  });

  it("stops an upload when its signal is aborted, rejecting with the signal's reason", async () => {
    const huge = path.join(contract.dir, "huge-to-abort.pdf");
    await writeFile(huge, "");
    await truncate(huge, 30 * 1024 * 1024);
    const controller = new AbortController();
    const stop = new Error("stopped by the user");
    const call = client.createNewTemplate(
      {
        file: huge,
        fileName: "huge.pdf",
        templateName: "Huge",
        fields: [[signature("s", 1)]],
        autoReleaseSignatures: true,
      },
      { signal: controller.signal, onProgress: (sent) => sent > 1024 * 1024 && controller.abort(stop) },
    );
    await expect(call).rejects.toBe(stop);
  });

  it("fails in the stopped service with `network`, and works again once it is back", async () => {
    const quick = createServiceClient({
      baseUrl: running.url,
      apiKey: async () => running.key,
      maxGetAttempts: 2,
      backoffBaseMs: 10,
    });
    await running.sandbox.close();
    const down = await failure(quick.getDocumentDetails(pdfId));
    expect(down.category).toBe("network");
    expect(down.message).toBe(`Cannot reach ${running.url}: connection refused (gave up after 2 attempts).`);
    await running.restart();
    expect((await quick.getDocumentDetails(pdfId)).document.id).toBe(pdfId);
  });
});
