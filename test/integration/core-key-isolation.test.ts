import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestCore, type TestCore } from "../support/core-harness";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi } from "../support/sandbox";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describeWith("secret-service", "API keys stay in the keychain through a whole flow", () => {
  let app: TestCore;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    app = await startTestCore({ tracker: { minIntervalMs: 50, maxIntervalMs: 200 } });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it("finds no key in the user-data folder, the logs, the events or any IPC answer", async () => {
    const { core } = app;
    // A second account, on the same sandbox, with a key the user typed.
    const typedKey = await core.sandbox?.issueKey();
    if (core.sandbox === null || typedKey === undefined) throw new Error("the embedded sandbox did not start");
    const second = await app.call("accountsAdd", { name: "Second", baseUrl: core.sandbox.url, apiKey: typedKey });
    expect(await app.call("accountsTestConnection", { id: second.id })).toMatchObject({ outcome: "ok" });
    const { accounts, activeAccountId } = await app.call("accountsList");
    const sandboxAccount = accounts.find((account) => account.kind === "sandbox");
    expect(activeAccountId).toBe(sandboxAccount?.id);

    // Draft → template and send → both sign → tracked to the end → download; a webhook too.
    const draft = await app.call("draftsCreateFromFile", { fileName: "Lease.pdf", bytes: await makePdf([{}, {}]) });
    const groups = [
      { id: "g1", label: "Tenant", color: "#0072b2" },
      { id: "g2", label: "Landlord", color: "#e69f00" },
    ];
    const fields = [
      { id: "t-sign", type: "Signature" as const, groupId: "g1", page: 1, x: 72, y: 600 },
      { id: "l-name", type: "Name" as const, groupId: "g2", page: 2, x: 72, y: 100 },
    ];
    await app.call("draftsSave", { draft: { ...draft, groups, fields } });
    const webhook = await app.call("webhooksRegister", {
      url: `${receiver.url}/h`,
      eventType: "document.signed",
      generateSecret: true,
    });
    expect(webhook.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const created = await app.call("templatesCreate", {
      draftId: draft.id,
      transferId: "upload-1",
      send: {
        recipients: [
          { name: "Ada Tenant", email: "ada@example.com" },
          { name: "Bo Landlord", email: "bo@example.com" },
        ],
      },
    });
    const pdfId = created.document?.pdfId ?? "";
    const outbox = await app.call("sandboxOutbox");
    for (const [email, values] of [
      ["ada@example.com", { "t-sign": signature() }],
      ["bo@example.com", { "l-name": "Bo Landlord" }],
    ] as const) {
      const link = outbox.find((message) => message.pdf_id === pdfId && message.to === email)?.signingUrl ?? "";
      expect((await callApi(link, "POST", "", { json: { fields: values } })).status).toBe(200);
    }
    await app.call("documentsRefresh", {});
    await expect
      .poll(async () => (await app.call("documentsList")).documents.find((d) => d.pdfId === pdfId)?.hasFinalPdf)
      .toBe(true);
    const saved = await app.call("documentsDownload", { pdfId, transferId: "download-1" });
    expect(path.dirname(saved.path)).toBe(app.downloadsDir);
    await receiver.waitFor((received) => received.length >= 2);
    expect(app.events.some((entry) => entry.event === "transfer:progress")).toBe(true);
    expect(app.events.some((entry) => entry.event === "documents:changed")).toBe(true);

    const keys = [await core.accounts.apiKey(sandboxAccount?.id ?? ""), typedKey];

    const files = await filesUnder(app.userDataDir);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const content = await readFile(file);
      for (const key of keys) expect(content.includes(key), `${file} holds an API key`).toBe(false);
    }
    const everything = JSON.stringify([app.transcript, app.logs]);
    for (const key of keys) expect(everything.includes(key)).toBe(false);
    // The generated webhook secret was shown once and is not kept by the app either.
    expect(JSON.stringify(core.records.webhooks.all())).not.toContain(webhook.secret ?? "none");
  });
});

function signature(): string {
  // 1×1 transparent PNG
  return "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
}
