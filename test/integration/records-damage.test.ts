import { randomUUID } from "node:crypto";
import { mkdtemp, open, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../common/records";
import { osKeychain, type SecretStore } from "../../main/accounts/keychain";
import { checkInBackground } from "../../main/records/check-in-background";
import { damageMarkerName, openRecords } from "../../main/records/open-records";
import { recordsFileName } from "../../main/records/records-database";
import { confBackend } from "../../main/settings/settings";
import { startTestCore, type TestCore } from "../support/core-harness";
import { english } from "../support/english";
import { makePdf } from "../support/pdf-fixtures";

const folders: string[] = [];
const cores: TestCore[] = [];
const keychains = new Map<string, SecretStore>();
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function startOn(userDataDir: string): Promise<TestCore> {
  // One keychain entry per data folder, as on a person's machine: the sandbox account keeps its key (and documents).
  let keychain = keychains.get(userDataDir);
  if (keychain === undefined) {
    keychain = osKeychain(`signdesk-test-${randomUUID()}`);
    keychains.set(userDataDir, keychain);
  }
  const core = await startTestCore({ userDataDir, settingsBackend: confBackend(userDataDir), keychain });
  cores.push(core);
  return core;
}

const closeLast = async () => cores.pop()?.close();

async function folder(): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), "signdesk-records-damage-"));
  folders.push(made);
  return made;
}

const localOnly = (accountId: string, index: number): DocumentRecord => ({
  accountId,
  pdfId: `local-${index}`,
  name: `Local agreement ${index} ${"x".repeat(200)}`,
  templateId: null,
  recipients: [{ name: `Signer ${index}`, email: `signer${index}@example.com` }],
  sentAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
  lastStatus: "declined",
  lastCheckedAt: null,
  finished: true,
  hasFinalPdf: false,
  statusHistory: [{ status: "declined", at: "2026-01-01T00:00:00.000Z" }],
  imported: false,
});

/** Three documents at the sandbox's service (made through the client, as another app would), not recorded here. */
async function documentsAtTheService(app: TestCore): Promise<string[]> {
  const account = app.core.activeAccount();
  const client = app.core.clientFor(account);
  const file = path.join(app.core.scratchDir, "damage.pdf");
  await writeFile(file, await makePdf([{}]));
  const recipients = [{ name: "Ada", email: "ada@example.com" }];
  const made = await client.createNewTemplate({
    file,
    fileName: "damage.pdf",
    templateName: "Damage",
    fields: [[{ id: "s", type: "Signature", page: 1, x: 72, y: 600, recipient: 1 }]],
    recipients,
    autoReleaseSignatures: true,
  });
  const more = [];
  for (let count = 0; count < 2; count += 1)
    more.push((await client.createFromTemplate({ templateId: made.template_id, recipients })).pdf_id);
  return [made.pdf_id, ...more];
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const until = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Overwrites a run of pages near the end of a database file (checkpointed on close: its pages are all there). */
async function damagePages(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    const { size } = await handle.stat();
    const pageSize = 4096;
    const from = Math.floor((size * 0.7) / pageSize) * pageSize;
    await handle.write(Buffer.alloc(pageSize * 4, 0xa5), 0, pageSize * 4, from);
  } finally {
    await handle.close();
  }
}

describe("a damaged records database", () => {
  it("that is not a database at all: set aside, the app starts, and the service's documents are read again", async () => {
    const userData = await folder();
    const first = await startOn(userData);
    const atService = await documentsAtTheService(first);
    await closeLast();
    await writeFile(path.join(userData, recordsFileName), "this is not an SQLite database, just text ".repeat(200));

    const app = await startOn(userData);
    const { notices: words, startupFailure } = await app.call("appInfo");
    const notices = words.map(english);
    expect(startupFailure).toBeNull();
    const [aside] = (await readdir(userData)).filter((entry) => entry.startsWith(`${recordsFileName}.damaged-`));
    expect(aside).toBeDefined();
    expect(notices).toEqual([expect.stringContaining(path.join(userData, aside ?? ""))]);
    expect(notices[0]).toContain("read again from each account's service");
    const account = app.core.activeAccount();
    await waitFor(
      () => atService.every((pdfId) => app.core.records.documents.has(account.id, pdfId)),
      "the service's documents to be imported",
    );
    // And the app works on: a record added now is kept.
    app.core.records.documents.add(localOnly(account.id, 1));
    await closeLast();
    const again = await startOn(userData);
    expect((await again.call("appInfo")).notices).toEqual([]);
    expect(again.core.records.documents.has(account.id, "local-1")).toBe(true);
  });

  it("with damaged pages: what can still be read is kept, the rest comes back from the service", async () => {
    const userData = await folder();
    const first = await startOn(userData);
    const account = first.core.activeAccount();
    const atService = await documentsAtTheService(first);
    first.core.records.documents.addMany(Array.from({ length: 600 }, (_, index) => localOnly(account.id, index)));
    await closeLast();
    await damagePages(path.join(userData, recordsFileName));

    const app = await startOn(userData);
    const notices = (await app.call("appInfo")).notices.map(english);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/What could still be read was kept \(\d[\d,]* documents?/);
    const kept = app.core.records.documents.count(account.id);
    expect(kept).toBeGreaterThan(0);
    await waitFor(
      () => atService.every((pdfId) => app.core.records.documents.has(account.id, pdfId)),
      "the service's documents to be imported",
    );
    const db = app.core.records.db;
    expect((db.prepare("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check).toBe("ok");
  });

  it("too large to check at start: checked in a worker, and repaired at the next start", async () => {
    const userData = await folder();
    const { records } = openRecords(userData);
    records.documents.addMany(Array.from({ length: 600 }, (_, index) => localOnly("acct", index)));
    records.close();
    const file = path.join(userData, recordsFileName);
    // Undamaged: nothing found, nothing said.
    const heard: string[] = [];
    expect(await checkInBackground(file, (message) => heard.push(english(message)))).toBeNull();
    await damagePages(file);

    expect(await checkInBackground(file, (message) => heard.push(english(message)))).toEqual(expect.any(String));
    expect(heard).toEqual([expect.stringContaining("Restart Signdesk to repair it")]);
    expect((await readdir(userData)).includes(damageMarkerName)).toBe(true);
    const reopened = openRecords(userData);
    try {
      expect(reopened.rebuilt).toBe(true);
      expect(english(reopened.notices[0] ?? "")).toContain("a check found it damaged");
      expect(reopened.records.documents.count()).toBeGreaterThan(0);
      expect((await readdir(userData)).includes(damageMarkerName)).toBe(false);
    } finally {
      reopened.records.close();
    }
  });
});
