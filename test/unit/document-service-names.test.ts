import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DocumentRecords } from "../../main/records/document-records";
import { migrate } from "../../main/records/migrations";
import { salvageDatabase } from "../../main/records/salvage-database";
import { pendingDocument } from "../support/document-record";
import { english } from "../support/english";
import { addFirstVersionDocument, recordsAtVersion } from "../support/older-records";
import { tempRecords } from "../support/temp-records";

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

async function folder(): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), "signdesk-service-names-"));
  disposers.push(() => rm(made, { recursive: true, force: true }));
  return made;
}

/** The version before the one that added service_name (renumbered at a merge: found, not written here). */
const beforeServiceNames = 3;

describe("the service's name of a document, beside Signdesk's own", () => {
  it("is kept, changed by a patch without touching the name, and searched by the name only", async () => {
    const made = await tempRecords();
    disposers.push(made.dispose);
    const documents = made.records.documents;
    documents.add(pendingDocument("a", { name: "Lease – Ana Silva", serviceName: "Lease" }));
    expect(documents.get("acct", "a")).toMatchObject({ name: "Lease – Ana Silva", serviceName: "Lease" });
    expect(documents.brief("acct", "a")).toMatchObject({ name: "Lease – Ana Silva", serviceName: "Lease" });
    documents.patch("acct", "a", { serviceName: "Lease (2031)" });
    expect(documents.get("acct", "a")).toMatchObject({ name: "Lease – Ana Silva", serviceName: "Lease (2031)" });
    documents.add(pendingDocument("b", { name: "Lease – Bo" }));
    expect(documents.get("acct", "b")?.serviceName).toBeUndefined();
    expect(documents.brief("acct", "b")?.serviceName).toBeNull();
  });

  it("is added by a migration: an imported document's is its name, a sent one's not known yet", async () => {
    const db = recordsAtVersion(path.join(await folder(), "records.sqlite"), beforeServiceNames);
    try {
      addFirstVersionDocument(db, { accountId: "acct", pdfId: "sent", name: "Lease – Ana", imported: false });
      addFirstVersionDocument(db, { accountId: "acct", pdfId: "imported", name: "Lease", imported: true });
      migrate(db);
      const documents = new DocumentRecords(db);
      expect(documents.get("acct", "sent")).toMatchObject({ name: "Lease – Ana" });
      expect(documents.get("acct", "sent")?.serviceName).toBeUndefined();
      expect(documents.get("acct", "imported")).toMatchObject({ name: "Lease", serviceName: "Lease" });
    } finally {
      db.close();
    }
  });

  it("does not keep a damaged database older than it from being salvaged", async () => {
    const file = path.join(await folder(), "records.sqlite");
    const db = recordsAtVersion(file, beforeServiceNames);
    addFirstVersionDocument(db, { accountId: "acct", pdfId: "old", name: "Lease – Ana", imported: false });
    db.close();
    const made = await tempRecords();
    disposers.push(made.dispose);
    expect(english(salvageDatabase(file, made.records))).toContain("1 document");
    expect(made.records.documents.get("acct", "old")).toMatchObject({ name: "Lease – Ana" });
  });
});
