import { afterEach, describe, expect, it } from "vitest";
import { migrate, migrations, NewerDatabaseError } from "../../main/records/migrations";
import { sortKey } from "../../main/records/sort-key";
import { pendingDocument } from "../support/document-record";
import { tempRecords } from "../support/temp-records";

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

async function records() {
  const made = await tempRecords();
  disposers.push(made.dispose);
  return made.records;
}

const document = pendingDocument;

const counts = (db: import("node:sqlite").DatabaseSync) =>
  Object.fromEntries(
    (
      db.prepare("SELECT account_id || '/' || status AS k, count FROM status_counts").all() as {
        k: string;
        count: number;
      }[]
    ).map((row) => [row.k, row.count]),
  );

describe("the records database", () => {
  it("keeps a document whole: recipients, history, problem and unknown members, in their order", async () => {
    const store = await records();
    const full = document("a", {
      recipients: [
        { name: "Ada", email: "ada@example.com" },
        { name: "Bo", email: "bo@example.com" },
      ],
      statusHistory: [
        { status: "pending", at: "2026-11-01T09:00:00.000Z" },
        { status: "partially_signed", at: "2026-11-01T10:00:00.000Z" },
      ],
      lastStatus: "partially_signed",
      statusProblem: { since: "2026-11-01T11:00:00.000Z", reason: "HTTP 500" },
      unknownMembers: { audit: "{}" },
    });
    expect(store.documents.add(full)).toBe(true);
    expect(store.documents.add({ ...full, name: "Other" })).toBe(false);
    expect(store.documents.get("acct", "a")).toEqual(full);
    expect(store.documents.get("other", "a")).toBeUndefined();
  });

  it("changes only what a patch names, appends to the history, and keeps per-status counts by trigger", async () => {
    const store = await records();
    store.documents.addMany([document("a"), document("b"), document("c", { accountId: "other" })]);
    expect(counts(store.db)).toEqual({ "acct/pending": 2, "other/pending": 1 });
    store.documents.patch("acct", "a", {
      lastStatus: "signed",
      finished: true,
      hasFinalPdf: true,
      appendHistory: { status: "signed", at: "2026-11-02T09:00:00.000Z" },
    });
    expect(store.documents.get("acct", "a")).toMatchObject({
      lastStatus: "signed",
      finished: true,
      hasFinalPdf: true,
      statusHistory: [
        { status: "pending", at: "2026-11-01T09:00:00.000Z" },
        { status: "signed", at: "2026-11-02T09:00:00.000Z" },
      ],
    });
    expect(counts(store.db)).toEqual({ "acct/pending": 1, "acct/signed": 1, "other/pending": 1 });
    expect(store.documents.patch("acct", "missing", { lastStatus: "signed" })).toBe(false);

    store.removeAccount("acct");
    expect(counts(store.db)).toEqual({ "other/pending": 1 });
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM document_recipients").get()).toEqual({ n: 1 });
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM status_history").get()).toEqual({ n: 1 });
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM documents_search").get()).toEqual({ n: 1 });
  });

  it("answers what is due from the schedule, soonest first, and what is due soonest", async () => {
    const store = await records();
    const now = Date.parse("2026-11-10T12:00:00Z");
    store.documents.addMany([
      document("new"),
      document("later"),
      document("soon"),
      document("done", { finished: true, lastStatus: "signed" }),
      document("recent", { sentAt: new Date(now - 3_600_000).toISOString() }),
    ]);
    const schedule = (nextCheckAt: number, polledAt = now - 1_000) => ({ nextCheckAt, intervalMs: 15_000, polledAt });
    store.documents.patch("acct", "later", { schedule: schedule(now + 60_000) });
    store.documents.patch("acct", "soon", { schedule: schedule(now - 5_000) });
    store.documents.patch("acct", "recent", { schedule: schedule(now + 300_000, now - 20_000) });
    expect(store.documents.due(now, 10, null).map((entry) => entry.pdfId)).toEqual(["new", "soon"]);
    expect(store.documents.due(now, 1, null).map((entry) => entry.pdfId)).toEqual(["new"]);
    // Watched: a recent document last checked 20 s ago is due after 10 s, despite its schedule.
    const watched = { recentSince: now - 86_400_000, intervalMs: 10_000 };
    expect(store.documents.due(now, 10, watched).map((entry) => entry.pdfId)).toEqual(["new", "soon", "recent"]);
    expect(store.documents.nextDueAt(null)).toBe(0);
    store.documents.patch("acct", "new", { schedule: schedule(now + 30_000) });
    store.documents.patch("acct", "soon", { schedule: schedule(now + 30_000) });
    expect(store.documents.nextDueAt(null)).toBe(now + 30_000);
    expect(store.documents.nextDueAt(watched)).toBe(now - 10_000);
    expect(store.documents.makeDue({ pdfIds: ["later", "done"] })).toBe(1);
    expect(store.documents.due(now, 10, null).map((entry) => entry.pdfId)).toEqual(["later"]);
    expect(store.documents.unfinishedIds("acct", now - 86_400_000)).toEqual([{ accountId: "acct", pdfId: "recent" }]);
  });

  it("reads the query plan's indexes for what is due and for the list's sorts", async () => {
    const store = await records();
    const plan = (sql: string, ...values: (string | number)[]) =>
      (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[])
        .map((row) => row.detail)
        .join("; ");
    expect(
      plan("SELECT pdf_id FROM documents WHERE finished = 0 AND next_check_at <= ? ORDER BY next_check_at LIMIT 5", 1),
    ).toContain("documents_due");
    expect(
      plan("SELECT pdf_id FROM documents WHERE account_id = ? ORDER BY sent_ms DESC, id DESC LIMIT 5", "a"),
    ).toContain("documents_newest");
    expect(
      plan("SELECT pdf_id FROM documents WHERE account_id = ? ORDER BY sort_name, sent_ms DESC LIMIT 5", "a"),
    ).toContain("documents_by_name");
  });

  it("skips a template row that no longer matches its schema, and keeps the rest in order", async () => {
    const store = await records();
    const template = (templateId: string) => ({
      accountId: "acct",
      templateId,
      name: templateId,
      s3Url: "",
      draftId: null,
      groups: [{ label: "Signer" }],
      createdAt: "2026-11-01T09:00:00.000Z",
    });
    store.templates.setAll([template("t1"), template("t2"), template("t3")]);
    store.db.prepare("UPDATE templates SET record = '{\"accountId\":\"acct\"}' WHERE template_id = 't2'").run();
    expect(store.templates.read()).toEqual({ records: [template("t1"), template("t3")], unreadable: 1 });
    expect(() => store.templates.setAll([{ ...template("t4"), groups: "none" } as never])).toThrow();
    expect(store.templates.all().map((record) => record.templateId)).toEqual(["t1", "t3"]);
  });

  it("notes each migration once and refuses a database from a newer Signdesk", async () => {
    const store = await records();
    expect(store.db.prepare("SELECT version FROM schema_migrations").all()).toEqual(
      migrations.map(({ version }) => ({ version })),
    );
    expect(migrate(store.db)).toBe(migrations.at(-1)?.version);
    store.db.prepare("INSERT INTO schema_migrations VALUES (999, 'future', '2030-01-01')").run();
    expect(() => migrate(store.db)).toThrow(NewerDatabaseError);
  });
});

describe("the sort key of a name", () => {
  it("ignores case and accents, and orders numbers by value", () => {
    const names = ["offer 10", "Offer 9", "Éclair", "eclair 2", "Zebra", "apple"];
    expect([...names].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))).toEqual([
      "apple",
      "Éclair",
      "eclair 2",
      "Offer 9",
      "offer 10",
      "Zebra",
    ]);
  });
});
