import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../common/records";
import { DocumentRecords } from "../../main/records/document-records";
import { migrate, migrations } from "../../main/records/migrations";
import { pendingDocument } from "../support/document-record";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** A database as version 3 left it (before imports were tracked by their status alone). */
async function versionThree(): Promise<DatabaseSync> {
  const folder = await mkdtemp(path.join(tmpdir(), "signdesk-migrate-imports-"));
  folders.push(folder);
  const db = new DatabaseSync(path.join(folder, "records.sqlite"), { enableForeignKeyConstraints: true });
  db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  for (const migration of migrations.filter(({ version }) => version <= 3)) {
    db.exec(migration.sql);
    db.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(migration.version, migration.name, "2026-11-01");
  }
  return db;
}

const imported = (pdfId: string, overrides: Partial<DocumentRecord>) =>
  pendingDocument(pdfId, { imported: true, finished: true, ...overrides });

describe("the records database's migration of wrongly finished imports", () => {
  it("tracks again imported documents with no final PDF and no terminal status, and nothing else", async () => {
    const db = await versionThree();
    try {
      const before = new DocumentRecords(db);
      before.add(imported("pending-with-link", { lastStatus: "pending" }));
      before.add(imported("partly-signed", { lastStatus: "partially_signed" }));
      before.add(imported("signed-not-released", { lastStatus: "signed" }));
      before.add(imported("unreported", { lastStatus: "" }));
      before.add(imported("declined", { lastStatus: " Declined " }));
      before.add(imported("voided", { lastStatus: "VOIDED" }));
      before.add(imported("with-final", { lastStatus: "signed", hasFinalPdf: true }));
      before.add(pendingDocument("sent-here-finished", { finished: true, lastStatus: "signed", hasFinalPdf: false }));
      before.add(imported("already-tracked", { finished: false }));
      expect(before.due(Date.now(), 100, null).map(({ pdfId }) => pdfId)).toEqual(["already-tracked"]);

      expect(migrate(db)).toBe(migrations.at(-1)?.version);

      const after = new DocumentRecords(db);
      const finished = (pdfId: string) => after.get("acct", pdfId)?.finished;
      for (const pdfId of ["pending-with-link", "partly-signed", "signed-not-released", "unreported"])
        expect(finished(pdfId), pdfId).toBe(false);
      for (const pdfId of ["declined", "voided", "with-final", "sent-here-finished"])
        expect(finished(pdfId), pdfId).toBe(true);
      // Due at once: the tracker reaches them on its next round.
      expect(
        after
          .due(Date.now(), 100, null)
          .map(({ pdfId }) => pdfId)
          .sort(),
      ).toEqual(["already-tracked", "partly-signed", "pending-with-link", "signed-not-released", "unreported"]);
      // The per-status counts are untouched (only `finished` changed).
      expect(after.count("acct")).toBe(9);
    } finally {
      db.close();
    }
  });
});
