import { readFile } from "node:fs/promises";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestCore, type TestCore } from "../support/core-harness";
import { type GateProxy, startGateProxy } from "../support/gate-proxy";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { makeOfferTemplate, type RunningSandbox, startSandbox } from "../support/sandbox";

/*
 * Issue 31: main's log and "Save diagnostics…". After real work (sends that go, one that waits in the Outbox, a status
 * refresh), the bundle holds the log with each request's method, endpoint, status and time, the versions, the records'
 * counts and integrity_check, the outbox's states; and nowhere the API key, a recipient's full address, a person's
 * name or a document's name.
 */
describeWith("secret-service", "main's log and the support bundle", () => {
  let running: RunningSandbox;
  let gate: GateProxy;
  let app: TestCore;
  const documentName = "Confidential Merger Agreement";
  const email = "ada.lovelace.private@example.org";
  const person = "Ada Lovelace-Byron";

  beforeAll(async () => {
    running = await startSandbox();
    gate = await startGateProxy(running.url);
    app = await startTestCore({ embeddedSandbox: false, outbox: { retryDelayMs: 3_600_000 } });
    const account = await app.call("accountsAdd", { name: "Acme Legal", baseUrl: gate.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: account.id });
    const templateId = await makeOfferTemplate(running.url, running.key, await makePdf());
    await app.call("templatesAddById", { templateId, name: "Offer", groups: [{ label: "Signer" }] });
    await app.call("documentsSend", { templateId, documentName, recipients: [{ name: person, email }] });
    await app.call("documentsRefresh");
    // One that waits: the service is away.
    await gate.down();
    await app.invoke("documentsSend", {
      templateId,
      documentName: `${documentName} (copy)`,
      recipients: [{ name: person, email }],
    });
  });
  afterAll(async () => {
    await app?.close();
    await gate?.close();
    await running?.close();
  });

  it("logs each request's method, endpoint, status and time, and nothing personal", async () => {
    const log = await readFile(path.join(app.userDataDir, "logs", "main.log"), "utf8");
    expect(log).toMatch(new RegExp(`POST ${gate.url} createFromTemplate 200 \\d+ ms`));
    expect(log).toMatch(new RegExp(`GET ${gate.url} getDocumentDetails 200 \\d+ ms`));
    expect(log).toMatch(new RegExp(`POST ${gate.url} createFromTemplate error \\(ECONNREFUSED\\) \\d+ ms`));
    for (const secret of [running.key, email, person, documentName]) expect(log).not.toContain(secret);
  });

  it("saves a bundle with the log, versions, settings, records' health and outbox, and no secret or name", async () => {
    const { path: file } = await app.call("diagnosticsSave");
    expect(path.dirname(file)).toBe(app.downloadsDir);
    expect(path.basename(file)).toMatch(/^Signdesk diagnostics .+\.zip$/);
    const entries = unzipSync(await readFile(file));
    expect(Object.keys(entries).sort()).toEqual([
      "bulk.json",
      "logs/main.log",
      "outbox.json",
      "records.json",
      "settings.json",
      "versions.json",
    ]);
    const read = (name: string) => JSON.parse(strFromU8(entries[name] ?? new Uint8Array())) as Record<string, unknown>;
    expect(read("records.json")).toMatchObject({ documents: 1, integrityCheck: ["ok"], templates: 1 });
    expect(read("versions.json")).toMatchObject({ app: { name: "Signdesk" }, system: { platform: process.platform } });
    expect(read("settings.json")).toMatchObject({ accounts: [{ service: gate.url, active: true, kind: "service" }] });
    expect(read("outbox.json")).toMatchObject({ unfinished: [{ kind: "sendFromTemplate", state: "queued" }] });
    const everything = Object.values(entries)
      .map((entry) => strFromU8(entry))
      .join("\n");
    for (const secret of [running.key, email, person, documentName, "Acme Legal"])
      expect(everything, secret).not.toContain(secret);
    // Shown in its folder on request, as a download is: refused here only because plain Node has no desktop shell.
    expect(await app.invoke("documentsShowInFolder", { path: file })).toMatchObject({
      ok: false,
      error: { code: "unavailable" },
    });
  });
});
