import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { JournalRowInput } from "../../main/bulk/bulk-journal";
import { DocumentRecords } from "../../main/records/document-records";
import { migrate, migrations } from "../../main/records/migrations";
import { salvageDatabase } from "../../main/records/salvage-database";
import { english } from "../support/english";
import { addFirstVersionDocument, recordsAtVersion } from "../support/older-records";
import { tempRecords } from "../support/temp-records";

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

async function journal() {
  const made = await tempRecords();
  disposers.push(made.dispose);
  return made.records;
}

const at = "2026-11-24T10:00:00.000Z";
const rows = (count: number): JournalRowInput[] =>
  Array.from({ length: count }, (_, index) => ({
    line: index + 2,
    key: `p${index}@example.com\nOffer ${index}`,
    recipients: [{ name: `P ${index}`, email: `p${index}@example.com` }],
    documentName: `Offer ${index}`,
    emailSubject: index === 0 ? "Hello" : null,
  }));
const batch = (batchId: string, count: number, accountId = "acct", templateId = "tpl") => ({
  batchId,
  accountId,
  templateId,
  templateName: "Offer",
  fileName: "offers.csv",
  createdAt: at,
  rows: rows(count),
});

describe("the bulk send journal", () => {
  it("journals a batch's rows in order, queued, with counts per state", async () => {
    const records = await journal();
    records.bulk.create(batch("b1", 5));
    const created = records.bulk.batch("b1");
    expect(created).toMatchObject({ state: "ready", total: 5, snapshotTaken: false, stateReason: null });
    expect(created?.counts).toEqual({ queued: 5, sending: 0, sent: 0, unknown: 0, failed: 0, cancelled: 0 });
    expect(records.bulk.rows("b1", 0, 10).map((row) => [row.line, row.state, row.emailSubject])).toEqual([
      [2, "queued", "Hello"],
      [3, "queued", null],
      [4, "queued", null],
      [5, "queued", null],
      [6, "queued", null],
    ]);
  });

  it("moves a row only from the states given, and keeps its document and message", async () => {
    const records = await journal();
    records.bulk.create(batch("b1", 3));
    expect(records.bulk.move("b1", 0, ["queued"], "sending", { attempt: true, at })).toBe(true);
    // A row already out is not taken twice.
    expect(records.bulk.move("b1", 0, ["queued"], "sending", { attempt: true, at })).toBe(false);
    expect(records.bulk.move("b1", 0, ["sending"], "sent", { pdfId: "doc-0", at })).toBe(true);
    expect(records.bulk.move("b1", 1, ["sending"], "sent", { pdfId: "doc-1", at })).toBe(false);
    records.bulk.move("b1", 1, ["queued"], "failed", { message: "The service refused the request.", at });
    const [first, second] = records.bulk.rows("b1", 0, 2);
    expect(first).toMatchObject({ state: "sent", pdfId: "doc-0" });
    expect(second).toMatchObject({ state: "failed", pdfId: null, message: "The service refused the request." });
    expect(records.bulk.documentIds("b1")).toEqual(["doc-0"]);
    expect(records.bulk.sentKeys("acct", "tpl")).toEqual(["p0@example.com\nOffer 0"]);
    expect(records.bulk.sentKeys("acct", "other-template")).toEqual([]);
  });

  it("marks batches that were sending as interrupted, and their rows out as sending until resumed", async () => {
    const records = await journal();
    records.bulk.create(batch("b1", 2));
    records.bulk.create(batch("b2", 2));
    records.bulk.setState("b1", "sending");
    records.bulk.move("b1", 0, ["queued"], "sending", { at });
    expect(records.bulk.interruptSending()).toBe(1);
    expect(records.bulk.batch("b1")?.state).toBe("interrupted");
    expect(records.bulk.batch("b2")?.state).toBe("ready");
    expect(records.bulk.moveAll("b1", "sending", "unknown", "Signdesk stopped.", at)).toBe(1);
    expect(records.bulk.rowsIn("b1", "unknown").map((row) => row.position)).toEqual([0]);
  });

  it("keeps the listing taken before a batch, and forgets an account's batches with it", async () => {
    const records = await journal();
    records.bulk.create(batch("b1", 2));
    records.bulk.create(batch("b-other", 1, "other"));
    records.bulk.saveSnapshot("b1", ["x", "y", "x"]);
    expect(records.bulk.snapshot("b1")).toEqual(new Set(["x", "y"]));
    expect(records.bulk.batch("b1")?.snapshotTaken).toBe(true);
    records.removeAccount("acct");
    expect(records.bulk.batch("b1")).toBeUndefined();
    expect(records.bulk.snapshot("b1")).toEqual(new Set());
    expect(records.db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE batch_id = 'b1'").get()).toEqual({ n: 0 });
    expect(records.bulk.batches("other").map((entry) => entry.batchId)).toEqual(["b-other"]);
  });
});

describe("a damaged database's bulk sends", () => {
  it("are copied into the rebuilt one with each row's state, so that a batch resumes without sending twice", async () => {
    const damaged = await journal();
    damaged.bulk.create(batch("b1", 3));
    damaged.bulk.move("b1", 0, ["queued"], "sent", { pdfId: "doc-0", at });
    damaged.bulk.move("b1", 1, ["queued"], "sending", { at });
    damaged.bulk.saveSnapshot("b1", ["older"]);
    damaged.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const rebuilt = await journal();
    expect(english(salvageDatabase(damaged.file, rebuilt))).toContain("1 bulk send");
    expect(rebuilt.bulk.rows("b1", 0, 3).map((row) => [row.state, row.pdfId])).toEqual([
      ["sent", "doc-0"],
      ["sending", null],
      ["queued", null],
    ]);
    expect(rebuilt.bulk.snapshot("b1")).toEqual(new Set(["older"]));
  });
});

describe("the records database's second migration", () => {
  it("adds bulk send's tables (and the outbox's) to a version 1 database, keeping its documents", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "signdesk-migrate-"));
    disposers.push(() => rm(folder, { recursive: true, force: true }));
    // As the first release left it: version 1 only.
    const db = recordsAtVersion(path.join(folder, "records.sqlite"), 1);
    try {
      addFirstVersionDocument(db, { accountId: "acct", pdfId: "kept", name: "Lease kept", imported: false });
      expect(() => db.prepare("SELECT * FROM bulk_batches").all()).toThrow(/no such table/);

      expect(migrate(db)).toBe(migrations.at(-1)?.version);
      expect(db.prepare("SELECT version FROM schema_migrations ORDER BY version").all()).toEqual(
        migrations.map(({ version }) => ({ version })),
      );
      expect(db.prepare("SELECT COUNT(*) AS n FROM bulk_batches").get()).toEqual({ n: 0 });
      // And the journal of jobs (version 7, the outbox's items and the rows), and the service's listings (6), empty.
      expect(db.prepare("SELECT COUNT(*) AS n FROM jobs").get()).toEqual({ n: 0 });
      expect(db.prepare("SELECT COUNT(*) AS n FROM listed_documents").get()).toEqual({ n: 0 });
      expect(new DocumentRecords(db).get("acct", "kept")?.pdfId).toBe("kept");
    } finally {
      db.close();
    }
  });
});
