import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { BulkJournal } from "../../main/bulk/bulk-journal";
import { OutboxJournal } from "../../main/outbox/outbox-journal";
import { migrate } from "../../main/records/migrations";
import { salvageDatabase } from "../../main/records/salvage-database";
import { english } from "../support/english";
import { recordsAtVersion } from "../support/older-records";
import { tempRecords } from "../support/temp-records";

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

const then = "2026-11-20T09:00:00.000Z";
const offer = (email: string, name: string) =>
  JSON.stringify({ templateId: "tpl", documentName: "Offer", serviceName: "Offer", recipients: [{ name, email }] });

/** A records database as version 6 left it, with an outbox and two batches in every state a crash can leave. */
async function versionSix(): Promise<DatabaseSync> {
  const folder = await mkdtemp(path.join(tmpdir(), "signdesk-jobs-"));
  disposers.push(() => rm(folder, { recursive: true, force: true }));
  const db = recordsAtVersion(path.join(folder, "records.sqlite"), 6);
  disposers.push(async () => db.close());
  const item = db.prepare(
    "INSERT INTO outbox_items (item_id, account_id, kind, state, title, request, file_path, listing_id, result, " +
      "message, attempts, created_at, updated_at) VALUES (?, 'a', 'sendFromTemplate', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  item.run(
    "sent",
    "sent",
    "Sent offer",
    offer("s@example.com", "Søren"),
    null,
    1,
    '{"pdfId":"doc-s"}',
    null,
    1,
    then,
    then,
  );
  item.run(
    "doubt",
    "unknown",
    "Offer in doubt",
    offer("d@example.com", "محمد علي"),
    null,
    2,
    null,
    "Lost.",
    1,
    then,
    then,
  );
  item.run(
    "waiting",
    "queued",
    "Queued offer",
    offer("q@example.com", "山田太郎"),
    "/x/waiting.pdf",
    null,
    null,
    null,
    0,
    then,
    then,
  );
  item.run(
    "refused",
    "failed",
    "Refused offer",
    offer("f@example.com", "Zoë"),
    null,
    null,
    null,
    "Refused.",
    1,
    then,
    then,
  );
  const batch = db.prepare(
    "INSERT INTO bulk_batches (batch_id, account_id, template_id, template_name, file_name, created_at, state, " +
      "snapshot_taken, listing_id) VALUES (?, 'a', 'tpl', 'Offer', 'offers.csv', ?, ?, 1, 1)",
  );
  batch.run("b-later", "2026-11-21T09:00:00.000Z", "ready");
  batch.run("b-crashed", then, "interrupted");
  const row = db.prepare(
    "INSERT INTO bulk_rows (batch_id, position, line, row_key, recipients, document_name, email_subject, state, " +
      "pdf_id, message, attempts, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const people = [
    ["Ngô Bảo Châu", "sent", "doc-r0"],
    ["Ἀριστοτέλης", "sending", null],
    ["שרה כהן", "unknown", null],
    ["देवनागरी नाम", "queued", null],
  ] as const;
  for (const [position, [name, state, pdfId]] of people.entries())
    row.run(
      "b-crashed",
      position,
      position + 2,
      `r${position}@example.com\nOffer`,
      JSON.stringify([{ name, email: `r${position}@example.com` }]),
      `Offer for ${name}`,
      position === 0 ? "Please sign" : null,
      state,
      pdfId,
      state === "unknown" ? "Lost." : null,
      state === "queued" ? 0 : 1,
      then,
    );
  row.run(
    "b-later",
    0,
    2,
    "z@example.com\nOffer",
    '[{"name":"Z","email":"z@example.com"}]',
    "Z",
    null,
    "queued",
    null,
    null,
    0,
    then,
  );
  return db;
}

describe("the records database's seventh migration: one journal of jobs", () => {
  it("carries every outbox item and every batch's rows over as they were, in the order they go out", async () => {
    const db = await versionSix();
    expect(migrate(db)).toBe(7);
    for (const gone of ["outbox_items", "bulk_rows"])
      expect(() => db.prepare(`SELECT * FROM ${gone}`).all()).toThrow(/no such table/);

    const outbox = new OutboxJournal(db);
    expect(
      outbox.inStates("a", ["queued", "unknown", "failed", "sent"]).map((item) => [item.itemId, item.state]),
    ).toEqual([
      ["sent", "sent"],
      ["doubt", "unknown"],
      ["waiting", "queued"],
      ["refused", "failed"],
    ]);
    const doubt = outbox.get("doubt");
    expect(doubt).toMatchObject({ listingId: 2, message: "Lost.", attempts: 1, title: "Offer in doubt" });
    expect(doubt?.recipients).toEqual([{ name: "محمد علي", email: "d@example.com" }]);
    expect(outbox.get("sent")?.result).toEqual({ pdfId: "doc-s" });
    expect(outbox.filesInUse()).toEqual(new Set(["/x/waiting.pdf"]));
    expect(outbox.accountsWithWork()).toEqual(["a"]);
    // The rows are jobs too, but none of the outbox's.
    expect(outbox.count(null, ["queued"])).toBe(1);

    const bulk = new BulkJournal(db);
    const crashed = bulk.rows("b-crashed", 0, 10);
    expect(crashed.map((row) => [row.position, row.line, row.state, row.pdfId])).toEqual([
      [0, 2, "sent", "doc-r0"],
      [1, 3, "sending", null],
      [2, 4, "unknown", null],
      [3, 5, "queued", null],
    ]);
    expect(crashed.map((row) => row.recipients[0]?.name)).toEqual([
      "Ngô Bảo Châu",
      "Ἀριστοτέλης",
      "שרה כהן",
      "देवनागरी नाम",
    ]);
    expect(crashed[0]).toMatchObject({ documentName: "Offer for Ngô Bảo Châu", emailSubject: "Please sign" });
    expect(bulk.batch("b-crashed")).toMatchObject({ state: "interrupted", total: 4 });
    expect(bulk.batch("b-crashed")?.counts).toMatchObject({ sent: 1, sending: 1, unknown: 1, queued: 1 });
    expect(bulk.rowsIn("b-later", "queued").map((row) => row.documentName)).toEqual(["Z"]);
    // What was sent is still flagged when a later batch sends the same row again; the documents stay the batch's.
    expect(bulk.sentKeys("a", "tpl")).toEqual(["r0@example.com\nOffer"]);
    expect(bulk.documentIds("b-crashed")).toEqual(["doc-r0"]);
    expect(bulk.listing("b-crashed")).toBe(1);

    // A new item goes out after every item carried over; removing the account takes its jobs with it.
    outbox.add({
      itemId: "new",
      accountId: "a",
      title: "New",
      item: { kind: "deleteWebhook", request: { url: "https://example.com/hook" } },
      filePath: null,
      at: then,
    });
    expect(outbox.inStates("a", ["queued"]).map((item) => item.itemId)).toEqual(["waiting", "new"]);
    outbox.removeAccount("a");
    bulk.removeAccount("a");
    expect(db.prepare("SELECT COUNT(*) AS n FROM jobs").get()).toEqual({ n: 0 });
  });

  it("salvages a damaged older database's bulk rows into jobs, as the migration carries them", async () => {
    const damaged = await versionSix();
    const file = damaged.location();
    if (file === null) throw new Error("no file");
    const made = await tempRecords();
    disposers.push(made.dispose);
    expect(english(salvageDatabase(file, made.records))).toContain("2 bulk sends");
    expect(made.records.bulk.rows("b-crashed", 0, 10).map((row) => [row.state, row.recipients[0]?.name])).toEqual([
      ["sent", "Ngô Bảo Châu"],
      ["sending", "Ἀριστοτέλης"],
      ["unknown", "שרה כהן"],
      ["queued", "देवनागरी नाम"],
    ]);
    expect(made.records.bulk.sentKeys("a", "tpl")).toEqual(["r0@example.com\nOffer"]);
  });
});
