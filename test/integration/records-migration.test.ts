import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { DocumentRecord, TemplateRecord, WebhookRecord } from "../../common/records";
import { confBackend } from "../../main/settings/settings";
import { startTestCore, type TestCore } from "../support/core-harness";

const folders: string[] = [];
const cores: TestCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function startOn(userDataDir: string): Promise<TestCore> {
  const core = await startTestCore({ userDataDir, settingsBackend: confBackend(userDataDir) });
  cores.push(core);
  return core;
}

const closeLast = async () => cores.pop()?.close();

/** What a settings file written before the records database held, for an account. */
function legacyRecords(accountId: string) {
  const documents: DocumentRecord[] = [
    {
      accountId,
      pdfId: "c0ffee00-0000-4000-8000-000000000001",
      name: "Lease — Müller",
      templateId: "tpl-1",
      recipients: [
        { name: "Ada Lovelace", email: "ada@example.com" },
        { name: "Émile Zola", email: "emile@example.org" },
      ],
      sentAt: "2026-10-01T09:00:00.000Z",
      lastStatus: "partially_signed",
      lastCheckedAt: "2026-10-01T10:00:00.000Z",
      finished: false,
      hasFinalPdf: false,
      statusHistory: [
        { status: "pending", at: "2026-10-01T09:00:00.000Z" },
        { status: "partially_signed", at: "2026-10-01T09:30:00.000Z" },
      ],
      imported: false,
      statusProblem: { since: "2026-10-01T09:45:00.000Z", reason: "The service failed (HTTP 500)." },
      unknownMembers: { audit: '{"ip":"10.0.0.1"}' },
    },
    {
      accountId,
      pdfId: "c0ffee00-0000-4000-8000-000000000002",
      name: "NDA",
      templateId: null,
      recipients: [{ name: "Grace Hopper", email: "grace@example.com" }],
      sentAt: "2026-09-01T09:00:00.000Z",
      lastStatus: "signed",
      lastCheckedAt: "2026-09-02T09:00:00.000Z",
      finished: true,
      hasFinalPdf: true,
      statusHistory: [
        { status: "pending", at: "2026-09-01T09:00:00.000Z" },
        { status: "signed", at: "2026-09-02T09:00:00.000Z" },
      ],
      imported: true,
    },
  ];
  const templates: TemplateRecord[] = [
    {
      accountId,
      templateId: "tpl-0",
      name: "Lease",
      s3Url: "https://files.example/tpl-0.pdf",
      draftId: "draft-1",
      groups: [{ label: "Tenant" }, { label: "Landlord" }],
      createdAt: "2026-08-01T09:00:00.000Z",
      supersededBy: "tpl-1",
    },
    {
      accountId,
      templateId: "tpl-1",
      name: "Lease (renamed)",
      s3Url: "https://files.example/tpl-1.pdf",
      draftId: "draft-1",
      groups: [{ label: "Tenant" }, { label: "Landlord" }],
      createdAt: "2026-08-02T09:00:00.000Z",
      serviceName: "Lease",
    },
  ];
  const webhooks: WebhookRecord[] = [
    {
      accountId,
      webhookId: "wh-1",
      url: "https://hooks.example/signed",
      eventType: "document.signed",
      hasSecret: true,
      createdAt: "2026-08-03T09:00:00.000Z",
    },
  ];
  return { documents, templates, webhooks };
}

describe("records kept in settings.json by an older Signdesk", () => {
  it("move to the records database once, whole, with the old file kept as a backup", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "signdesk-migration-"));
    folders.push(folder);
    await startOn(folder);
    await closeLast();
    const file = path.join(folder, "settings.json");
    const current = JSON.parse(await readFile(file, "utf8")) as { accounts: { id: string }[] };
    const accountId = current.accounts[0]?.id ?? "";
    const legacy = legacyRecords(accountId);
    const old = { ...current, ...legacy };
    await writeFile(file, JSON.stringify(old));

    const app = await startOn(folder);
    expect((await app.call("appInfo")).notices).toEqual([]);
    expect(app.core.records.documents.all()).toEqual(legacy.documents);
    expect(await app.call("templatesList")).toEqual(legacy.templates);
    expect(await app.call("webhooksList")).toEqual(legacy.webhooks);
    // The settings file no longer holds them; the file as it was is kept beside it.
    const rewritten = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    expect(Object.keys(rewritten)).not.toContain("documents");
    expect(Object.keys(rewritten)).not.toContain("templates");
    expect(Object.keys(rewritten)).not.toContain("webhooks");
    expect(rewritten.accounts).toEqual(current.accounts);
    const backups = (await readdir(folder)).filter((entry) => entry.startsWith("settings.json.before-records-"));
    expect(backups).toHaveLength(1);
    expect(JSON.parse(await readFile(path.join(folder, backups[0] ?? ""), "utf8"))).toEqual(old);
    // Searchable and sorted by the database like any record.
    const { documents } = await app.call("documentsList");
    expect(documents.map((document) => document.pdfId)).toEqual(legacy.documents.map((document) => document.pdfId));

    // The next start finds nothing to move and says nothing.
    await closeLast();
    const again = await startOn(folder);
    expect((await again.call("appInfo")).notices).toEqual([]);
    expect(again.core.records.documents.all()).toEqual(legacy.documents);
    expect(again.core.records.templates.all()).toEqual(legacy.templates);
  });

  it("a move cut short before the settings file was rewritten is done again without doubling anything", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "signdesk-migration-"));
    folders.push(folder);
    await startOn(folder);
    await closeLast();
    const file = path.join(folder, "settings.json");
    const current = JSON.parse(await readFile(file, "utf8")) as { accounts: { id: string }[] };
    const legacy = legacyRecords(current.accounts[0]?.id ?? "");
    await writeFile(file, JSON.stringify({ ...current, ...legacy }));
    await startOn(folder);
    await closeLast();
    // As if the app had been killed after the records were stored but before the file was rewritten.
    await writeFile(file, JSON.stringify({ ...current, ...legacy }));

    const app = await startOn(folder);
    expect((await app.call("appInfo")).notices).toEqual([]);
    expect(app.core.records.documents.all()).toEqual(legacy.documents);
    expect(app.core.records.templates.all()).toEqual(legacy.templates);
    expect(app.core.records.webhooks.all()).toEqual(legacy.webhooks);
  });
});
