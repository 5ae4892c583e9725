import { afterEach, describe, expect, it } from "vitest";
import { DocumentListQuerySchema } from "../../common/document-list";
import { documentPage, templateUse } from "../../main/records/document-pages";
import { ftsQuery } from "../../main/records/fts-query";
import { RecordsReader } from "../../main/records/records-reader";
import { pendingDocument } from "../support/document-record";
import { tempRecords } from "../support/temp-records";

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

const minute = 60_000;
const base = Date.parse("2026-11-01T09:00:00Z");

async function seeded() {
  const made = await tempRecords();
  disposers.push(made.dispose);
  const people = [
    { name: "Ada Lovelace", email: "ada@example.com" },
    { name: "Émile Zola", email: "emile.zola@example.org" },
    { name: "Grace Hopper", email: "grace@navy.example" },
  ];
  const statuses = ["pending", "signed", "declined", "in_review"];
  made.records.documents.addMany(
    Array.from({ length: 40 }, (_, index) =>
      pendingDocument(`doc-${index}`, {
        name: index % 2 === 0 ? `Offer ${index}` : `NDA ${index}`,
        recipients: [people[index % 3] ?? { name: "A", email: "a@example.com" }],
        sentAt: new Date(base + index * minute).toISOString(),
        lastStatus: statuses[index % 4] ?? "pending",
        templateId: index < 10 ? "tpl-a" : index < 15 ? "tpl-b" : null,
      }),
    ),
  );
  made.records.documents.add(pendingDocument("other-account", { accountId: "other" }));
  return made.records;
}

const query = (input: Parameters<typeof DocumentListQuerySchema.parse>[0]) => DocumentListQuerySchema.parse(input);
const ids = (page: { documents: { pdfId: string }[] }) => page.documents.map((document) => document.pdfId);

describe("a page of the Documents list", () => {
  it("pages the newest first, with counts per status for the account only", async () => {
    const records = await seeded();
    const first = documentPage(records.db, "acct", query({ limit: 3 }));
    expect(ids(first)).toEqual(["doc-39", "doc-38", "doc-37"]);
    expect(first).toMatchObject({ total: 40, all: 40, offset: 0 });
    expect(first.counts).toEqual({ pending: 10, signed: 10, declined: 10, in_review: 10 });
    expect(ids(documentPage(records.db, "acct", query({ limit: 2, offset: 38 })))).toEqual(["doc-1", "doc-0"]);
    expect(documentPage(records.db, "acct", query({ offset: 100 })).documents).toEqual([]);
  });

  it("filters by status and sorts by name (numbers by value) and by status", async () => {
    const records = await seeded();
    const declined = documentPage(records.db, "acct", query({ status: "declined", limit: 100 }));
    expect(declined.total).toBe(10);
    expect(declined.documents.every((document) => document.lastStatus === "declined")).toBe(true);
    const byName = ids(documentPage(records.db, "acct", query({ sort: "name", limit: 4 })));
    expect(byName).toEqual(["doc-1", "doc-3", "doc-5", "doc-7"]);
    const byStatus = documentPage(records.db, "acct", query({ sort: "status", limit: 40 })).documents;
    expect([...new Set(byStatus.map((document) => document.lastStatus))]).toEqual([
      "pending",
      "signed",
      "declined",
      "in_review",
    ]);
  });

  it("searches names, recipients and addresses from the start of each word, accents ignored", async () => {
    const records = await seeded();
    const search = (text: string) => documentPage(records.db, "acct", query({ search: text, limit: 500 }));
    expect(search("emile").total).toBe(13);
    expect(search("zol").total).toBe(13);
    expect(search("emile.zola@exam").total).toBe(13);
    expect(search("navy").total).toBe(13);
    expect(
      search("offer grace").documents.every(
        (d) => d.name.startsWith("Offer") && d.recipients[0]?.name === "Grace Hopper",
      ),
    ).toBe(true);
    expect(search("offer grace").total).toBe(7);
    expect(search("nobody").total).toBe(0);
    // Nothing typed can be FTS syntax.
    for (const odd of ['"', "*", "NEAR(a b)", "a OR", "-ada", "ada:", "(", "^", "'; DROP TABLE documents; --"])
      expect(() => search(odd)).not.toThrow();
    expect(search("***").total).toBe(0);
    expect(search("ada OR").total).toBe(0);
  });

  it("counts a search's matches alike when the account is the only one with documents and when it is not", async () => {
    const records = await seeded();
    const count = (account: string, text: string, status: string | null = null) =>
      documentPage(records.db, account, query({ search: text, status, limit: 1 })).total;
    const texts = ["ada", "offer", "nda 3", "example", "nobody"];
    const shared = texts.map((text) => count("acct", text));
    const other = texts.map((text) => count("other", text));
    expect(other.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    records.documents.removeAccount("other");
    // Alone: the search index counts by itself; the figures are those of the account's own rows.
    expect(texts.map((text) => count("acct", text))).toEqual(shared);
    expect(shared).toEqual([14, 20, 6, 40, 0]);
    expect(count("acct", "offer", "signed")).toBe(0);
    expect(count("acct", "offer", "pending")).toBe(10);
    expect(texts.map((text) => count("other", text))).toEqual([0, 0, 0, 0, 0]);
  });

  it("counts each template's documents, newest first", async () => {
    const records = await seeded();
    expect(templateUse(records.db, "acct")).toEqual([
      {
        templateId: "tpl-b",
        documentCount: 5,
        latestAt: new Date(base + 14 * minute).toISOString(),
        latestName: "Offer 14",
      },
      {
        templateId: "tpl-a",
        documentCount: 10,
        latestAt: new Date(base + 9 * minute).toISOString(),
        latestName: "NDA 9",
      },
    ]);
  });

  it("is read in a worker thread on a connection of its own, seeing what main wrote", async () => {
    const records = await seeded();
    const reader = new RecordsReader(records.file, records.db);
    try {
      expect(ids(await reader.page("acct", query({ limit: 1 })))).toEqual(["doc-39"]);
      records.documents.add(pendingDocument("newest", { sentAt: new Date(base + 999 * minute).toISOString() }));
      expect(ids(await reader.page("acct", query({ limit: 1 })))).toEqual(["newest"]);
      expect((await reader.templateUse("acct")).map((entry) => entry.templateId)).toEqual(["tpl-b", "tpl-a"]);
    } finally {
      await reader.close();
    }
  });
});

describe("the FTS query of a search", () => {
  it("quotes letter and digit runs, prefixes the last of each word, and keeps out syntax", () => {
    expect(ftsQuery("ann@exa")).toBe('"ann exa"*');
    expect(ftsQuery("  Offer   Grace ")).toBe('"Offer"* AND "Grace"*');
    expect(ftsQuery('NEAR("x" y)')).toBe('"NEAR x"* AND "y"*');
    expect(ftsQuery("*** --")).toBeNull();
    expect(ftsQuery("")).toBeNull();
  });
});
