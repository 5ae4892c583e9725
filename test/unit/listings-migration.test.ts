import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { migrate, migrations } from "../../main/records/migrations";
import { ServiceListings } from "../../main/records/service-listings";

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

/** A records database as version 3 left it: each drain's whole listing, and items naming theirs. */
async function versionThree(): Promise<DatabaseSync> {
  const folder = await mkdtemp(path.join(tmpdir(), "signdesk-migrate-"));
  disposers.push(() => rm(folder, { recursive: true, force: true }));
  const db = new DatabaseSync(path.join(folder, "records.sqlite"), { enableForeignKeyConstraints: true });
  disposers.push(async () => db.close());
  db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  for (const migration of migrations.filter(({ version }) => version <= 3)) {
    db.exec(migration.sql);
    db.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(migration.version, migration.name, "then");
  }
  const snapshot = db.prepare("INSERT INTO outbox_snapshots (snapshot_id, account_id, taken_at) VALUES (?, ?, ?)");
  const listed = db.prepare("INSERT INTO outbox_snapshot_ids (snapshot_id, pdf_id) VALUES (?, ?)");
  const drains: [number, string, string[]][] = [
    [1, "a", ["old-1", "old-2"]],
    [2, "b", ["other"]],
    [3, "a", ["old-1", "old-2", "made-in-doubt"]],
  ];
  for (const [snapshotId, accountId, ids] of drains) {
    snapshot.run(snapshotId, accountId, `2026-11-2${snapshotId}T10:00:00.000Z`);
    for (const id of ids) listed.run(snapshotId, id);
  }
  db.prepare(
    "INSERT INTO outbox_items (item_id, account_id, kind, state, title, request, snapshot_id, created_at, updated_at) " +
      "VALUES ('in-doubt', 'a', 'sendFromTemplate', 'unknown', 'Offer', '{}', 1, 'then', 'then')",
  ).run();
  return db;
}

describe("the records database's sixth migration", () => {
  it("keeps each listed document once per account, under the first drain's listing that showed it", async () => {
    const db = await versionThree();
    expect(migrate(db)).toBe(migrations.at(-1)?.version);
    const listings = new ServiceListings(db);
    // The item in doubt still names its listing, now by the new column's name (and in the jobs' table, version 7).
    expect(db.prepare("SELECT listing_id FROM jobs WHERE job_id = 'in-doubt'").get()).toEqual({
      listing_id: 1,
    });
    // Compared with its own listing, the document made after it is still a candidate; older ones are not.
    expect(listings.listedBy("a", "old-1", 1)).toBe(true);
    expect(listings.listedBy("a", "made-in-doubt", 1)).toBe(false);
    expect(listings.listedBy("a", "made-in-doubt", 3)).toBe(true);
    expect(listings.listedBy("a", "other", 3)).toBe(false);
    expect(listings.count("a")).toBe(3);
    expect(listings.latest("a")).toBe(3);
    expect(listings.latest("b")).toBe(2);
    // A new listing is numbered after the old ones.
    expect(listings.begin("a", "now")).toBe(4);
    for (const gone of ["outbox_snapshots", "outbox_snapshot_ids"])
      expect(() => db.prepare(`SELECT * FROM ${gone}`).all()).toThrow(/no such table/);
    expect(db.prepare("SELECT listing_id FROM bulk_batches").all()).toEqual([]);
  });
});
