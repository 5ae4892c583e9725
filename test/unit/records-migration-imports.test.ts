import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { DocumentRecords } from "../../main/records/document-records";
import { migrate, migrations } from "../../main/records/migrations";

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

/** A document row as version 3's schema holds it (written with SQL: today's store writes later columns too). */
function addRow(
  db: DatabaseSync,
  pdfId: string,
  row: { status: string; finished: boolean; imported: boolean; hasFinalPdf?: boolean },
): void {
  db.prepare(
    "INSERT INTO documents (account_id, pdf_id, name, sort_name, template_id, sent_at, sent_ms, last_status, " +
      "status_rank, last_checked_at, finished, has_final_pdf, imported, next_check_at) " +
      "VALUES ('acct', ?, ?, ?, NULL, '2026-11-01T09:00:00.000Z', 1793523600000, ?, 0, NULL, ?, ?, ?, ?)",
  ).run(
    pdfId,
    `Lease ${pdfId}`,
    `lease ${pdfId}`,
    row.status,
    row.finished ? 1 : 0,
    row.hasFinalPdf === true ? 1 : 0,
    row.imported ? 1 : 0,
    row.finished ? null : 0,
  );
}

const imported = (status: string, hasFinalPdf = false) => ({ status, finished: true, imported: true, hasFinalPdf });

describe("the records database's migration of wrongly finished imports", () => {
  it("tracks again imported documents with no final PDF and no terminal status, and nothing else", async () => {
    const db = await versionThree();
    try {
      addRow(db, "pending-with-link", imported("pending"));
      addRow(db, "partly-signed", imported("partially_signed"));
      addRow(db, "signed-not-released", imported("signed"));
      addRow(db, "unreported", imported(""));
      addRow(db, "declined", imported(" Declined "));
      addRow(db, "voided", imported("VOIDED"));
      addRow(db, "with-final", imported("signed", true));
      addRow(db, "sent-here-finished", { status: "signed", finished: true, imported: false });
      addRow(db, "already-tracked", { status: "pending", finished: false, imported: true });

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
