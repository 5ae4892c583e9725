import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { channels } from "../../common/contract";
import { type Draft, type DraftField, groupColors, nextGroupColor } from "../../common/draft";
import { DraftStore } from "../../main/drafts/draft-store";
import { english } from "../support/english";
import { makePdf, passwordProtectedPdf, truncatedPdf } from "../support/pdf-fixtures";
import { readPageCount, readPageText } from "../support/pdf-text";
import { describeWith } from "../support/requirements";
import { wordFromText } from "../support/word-fixtures";

const messages = {
  empty: "The file is empty.",
  notPdf: "The file is not a PDF or Word document.",
  truncated: "The PDF is truncated or damaged: it does not end where a PDF must end.",
  damaged: "The PDF is damaged and cannot be read.",
  encrypted: "The PDF is encrypted or password-protected; upload an unprotected copy.",
  noLibreOffice:
    "Word documents cannot be converted to PDF: LibreOffice was not found. Get it from https://www.libreoffice.org/download/",
  conversionFailed: "The Word document could not be converted to PDF: it is damaged or not a Word document.",
};

/** Every path under `folder` (hidden ones included), relative and sorted: the root "exactly as before". */
async function listing(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true });
  return entries.map(String).sort();
}

async function writeInput(folder: string, name: string, content: Uint8Array | string): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, content);
  return file;
}

function field(id: string, x: number, y: number, extra: Partial<DraftField> = {}): DraftField {
  return { id, type: "Signature", groupId: "", page: 1, x, y, ...extra };
}

/** `text` matched literally in a regular expression. */
function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("offline template drafts", () => {
  let work: string;
  let root: string;
  let store: DraftStore;

  beforeEach(async () => {
    work = await mkdtemp(path.join(tmpdir(), "signdesk-drafts-"));
    root = path.join(work, "drafts");
    await mkdir(root);
    let clock = Date.parse("2031-05-01T09:00:00.000Z");
    store = new DraftStore({ root, now: () => (clock += 1000) });
  });
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  async function pdfDraft(name = "contract.pdf", pages = [{}]): Promise<Draft> {
    return store.createFromFile(await writeInput(work, name, await makePdf(pages)));
  }

  it("creates a draft from a PDF, recording rotated and cropped pages as they are", async () => {
    const bytes = await makePdf([
      {},
      { size: [595, 842], rotate: 90 },
      { cropBox: [36, 48, 576, 756], rotate: 270 },
      { size: [400, 300], cropBox: [50, 20, 350, 280], rotate: 180 },
    ]);
    const draft = await store.createFromFile(await writeInput(work, "Lease 2031.pdf", bytes));

    expect(draft.pages).toEqual([
      { cropBox: [0, 0, 612, 792], rotation: 0 },
      { cropBox: [0, 0, 595, 842], rotation: 90 },
      { cropBox: [36, 48, 576, 756], rotation: 270 },
      { cropBox: [50, 20, 350, 280], rotation: 180 },
    ]);
    expect(draft).toMatchObject({
      version: 1,
      name: "Lease 2031",
      revision: 0,
      source: { fileName: "Lease 2031.pdf", kind: "pdf" },
      groups: [{ label: "Recipient 1", color: groupColors[0] }],
      fields: [],
      createdAt: "2031-05-01T09:00:01.000Z",
    });
    expect(await readdir(root)).toEqual([draft.id]);
    expect((await readdir(path.join(root, draft.id))).sort()).toEqual(["document.pdf", "draft.json"]);
    expect(new Uint8Array(await readFile(store.pdfPath(draft.id)))).toEqual(bytes);
    expect(JSON.parse(await readFile(path.join(root, draft.id, "draft.json"), "utf8"))).toEqual(draft);

    // Page 2 shows as 842 × 595 (landscape), page 3 as 708 × 540: boxes are checked against those.
    const groupId = draft.groups[0]?.id ?? "";
    const fits = [
      field("wide", 842 - 160, 595 - 48, { groupId, page: 2 }),
      field("cropped", 708 - 160, 540 - 48, { groupId, page: 3 }),
    ];
    await expect(store.save({ ...draft, fields: fits })).resolves.toMatchObject({ revision: 1 });
    const tooLow = [field("low", 0, 540 - 47, { groupId, page: 3 })];
    await expect(store.save({ ...draft, fields: tooLow })).rejects.toThrow('field "low" (Signature) leaves page 3');

    const named = await store.createFromFile(path.join(work, "Lease 2031.pdf"), { name: "  Flat 4B lease " });
    expect(named.name).toBe("Flat 4B lease");
    await expect(store.createFromFile(path.join(work, "Lease 2031.pdf"), { name: "   " })).rejects.toThrow(
      "That name cannot be used: it is blank.",
    );
  });

  it("refuses bad files with their own message and leaves the drafts folder exactly as before", async () => {
    await pdfDraft();
    const before = await listing(root);
    const cases: [string, Uint8Array | string, string][] = [
      ["empty.pdf", "", messages.empty],
      ["notes.pdf", "Just some text, not a document.\n", messages.notPdf],
      ["cut.pdf", await truncatedPdf(), messages.truncated],
      ["locked.pdf", await passwordProtectedPdf(), messages.encrypted],
      [
        "broken.pdf",
        `%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\n${"x".repeat(3000)}\n%%EOF\n`,
        messages.damaged,
      ],
    ];
    for (const [name, content, message] of cases) {
      const file = await writeInput(work, name, content);
      await expect(store.createFromFile(file), name).rejects.toThrow(message);
      expect(await listing(root), name).toEqual(before);
    }
    await expect(store.createFromFile(path.join(work, "missing.pdf"))).rejects.toThrow(
      'The file "missing.pdf" cannot be read.',
    );
    expect(await listing(root)).toEqual(before);
  });

  it("says so when LibreOffice is missing, leaving nothing behind", async () => {
    await pdfDraft();
    const before = await listing(root);
    const saved = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = path.join(work, "no-such-soffice");
    try {
      const file = await writeInput(work, "letter.docx", "PK\u0003\u0004 a Word document, as far as sniffing goes");
      await expect(store.createFromFile(file)).rejects.toThrow(messages.noLibreOffice);
    } finally {
      if (saved === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = saved;
    }
    expect(await listing(root)).toEqual(before);
  });

  it("lists, opens, saves, renames, duplicates, deletes, restores and purges", async () => {
    const first = await pdfDraft("first.pdf", [{}, {}]);
    const second = await pdfDraft("second.pdf");
    expect((await store.list()).map((summary) => summary.name)).toEqual(["second", "first"]);

    const groupId = first.groups[0]?.id ?? "";
    const witness = { id: "g2", label: "Witness", color: nextGroupColor([groupColors[0]]) };
    expect(witness.color).toBe(groupColors[1]);
    const fields = [
      field("sign", 72, 600, { groupId }),
      field("date", 300, 40, { type: "Date", groupId: "g2", page: 2 }),
    ];
    const saved = await store.save({ ...first, name: "First, edited", groups: [...first.groups, witness], fields });
    expect(saved.revision).toBe(1);
    const opened = await store.open(first.id);
    expect(opened).toMatchObject({ name: "First, edited", revision: 1, updatedAt: saved.updatedAt, fields });
    expect(opened.groups.map((group) => group.label)).toEqual(["Recipient 1", "Witness"]);
    expect(opened.createdAt).toBe(first.createdAt);

    expect(await store.rename(first.id, "  First contract ")).toMatchObject({ revision: 2 });
    expect((await store.open(first.id)).name).toBe("First contract");
    const summaries = await store.list();
    expect(summaries[0]).toEqual({
      id: first.id,
      name: "First contract",
      pageCount: 2,
      groupCount: 2,
      fieldCount: 2,
      updatedAt: (await store.open(first.id)).updatedAt,
      createdAt: first.createdAt,
      sourceKind: "pdf",
    });

    const copy = await store.duplicate(first.id);
    expect(copy.id).not.toBe(first.id);
    expect(copy).toMatchObject({ name: "First contract (copy)", revision: 0, fields, pages: first.pages });
    expect(await readFile(store.pdfPath(copy.id))).toEqual(await readFile(store.pdfPath(first.id)));
    expect((await store.list()).map((summary) => summary.name)).toEqual([
      "First contract (copy)",
      "First contract",
      "second",
    ]);

    await store.delete(first.id);
    expect((await store.list()).map((summary) => summary.id)).toEqual([copy.id, second.id]);
    await expect(store.open(first.id)).rejects.toThrow(`There is no draft ${first.id}; it may have been deleted.`);
    await expect(store.save(opened)).rejects.toThrow(`There is no draft ${first.id}`);
    expect(await readdir(path.join(root, ".trash"))).toEqual([first.id]);
    await store.restore(first.id);
    expect((await store.open(first.id)).name).toBe("First contract");
    await expect(store.restore(first.id)).rejects.toThrow(
      `Draft ${first.id} is not in the trash; it cannot be restored.`,
    );

    await store.delete(second.id);
    await store.delete(copy.id);
    expect(await store.purgeTrash()).toBe(2);
    await expect(store.restore(second.id)).rejects.toThrow("is not in the trash");
    expect((await readdir(root)).sort()).toEqual([first.id]);
  });

  it("sets aside and reports drafts whose draft.json is invalid, with their PDF, and lists the rest", async () => {
    const good = await pdfDraft("good.pdf");
    const notJson = await pdfDraft("not-json.pdf");
    const offPage = await pdfDraft("off-page.pdf");
    const missing = await pdfDraft("missing.pdf");
    await writeFile(path.join(root, notJson.id, "draft.json"), '{"version": 1, "name": "trunc');
    const moved = { ...offPage, fields: [field("far", 900, 10, { groupId: offPage.groups[0]?.id ?? "" })] };
    await writeFile(path.join(root, offPage.id, "draft.json"), JSON.stringify(moved));
    await rename(path.join(root, missing.id, "draft.json"), path.join(work, "elsewhere.json"));
    await mkdir(path.join(root, "not-a-draft"));

    const problems: { id: string; message: string }[] = [];
    const listed = await store.list({
      onProblem: (problem) => problems.push({ ...problem, message: english(problem.message) }),
    });
    expect(listed.map((summary) => summary.id)).toEqual([good.id]);
    const setAside = (id: string, message: string) => ({
      id,
      message: expect.stringMatching(
        new RegExp(
          `^${literally(message)} It was set aside, with its PDF, as ${literally(path.join(root, id))}\\.damaged-[\\dT-]+Z\\.$`,
        ),
      ),
    });
    expect(problems.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        setAside(notJson.id, `Draft ${notJson.id} cannot be opened: its draft.json is damaged (it is not JSON).`),
        setAside(
          offPage.id,
          `Draft "off-page" (${offPage.id}) cannot be opened: its draft.json is damaged (field "far" (Signature) leaves page 1 (612×792 pt)).`,
        ),
        setAside(missing.id, `Draft ${missing.id} cannot be opened: its draft.json is damaged (the file is missing).`),
      ].sort((a, b) => String(a.id).localeCompare(String(b.id))),
    );
    // Each is beside the drafts with its PDF, out of the way; this session's lists keep saying so.
    for (const id of [notJson.id, offPage.id, missing.id]) {
      const [aside] = (await readdir(root)).filter((name) => name.startsWith(`${id}.damaged-`));
      expect(await readdir(path.join(root, aside ?? ""))).toContain("document.pdf");
    }
    await expect(store.open(offPage.id)).rejects.toThrow("There is no draft");
    const again: unknown[] = [];
    await expect(store.list({ onProblem: (problem) => again.push(problem) })).resolves.toHaveLength(1);
    expect(again).toHaveLength(3);
  });

  it("refuses to save a field off the page or in an unknown group, and keeps the stored draft", async () => {
    const draft = await pdfDraft("nda.pdf", [{}, { size: [300, 200] }]);
    const groupId = draft.groups[0]?.id ?? "";
    const before = await readFile(path.join(root, draft.id, "draft.json"), "utf8");
    const attempts: [DraftField[], string][] = [
      [[field("s", 200, 10, { groupId, page: 2 })], 'field "s" (Signature) leaves page 2 (300×200 pt).'],
      [[field("s", -1, 10, { groupId })], 'field "s" (Signature) leaves page 1'],
      [[field("s", 10, 10, { groupId, page: 3 })], 'field "s" is on page 3, but the document has 2'],
      [[field("s", 10, 10, { groupId: "nobody" })], 'field "s" belongs to unknown group "nobody"'],
      [[field("s", 10, 10, { groupId }), field("s", 10, 100, { groupId })], 'duplicate field id "s"'],
    ];
    for (const [fields, problem] of attempts) {
      await expect(store.save({ ...draft, fields })).rejects.toThrow(`Draft "nda" cannot be saved: ${problem}`);
    }
    await expect(store.save({ ...draft, name: "" })).rejects.toThrow(/cannot be saved: name: /);
    expect(await readFile(path.join(root, draft.id, "draft.json"), "utf8")).toBe(before);
    expect(await readdir(path.join(root, draft.id))).toHaveLength(2);
  });

  it("serialises concurrent saves: every save takes the next revision and the last one wins", async () => {
    const draft = await pdfDraft();
    const groupId = draft.groups[0]?.id ?? "";
    const versions = Array.from({ length: 30 }, (_, index) => [field("moving", 10 + index * 10, 100, { groupId })]);
    const results = await Promise.all([
      ...versions.map((fields) => store.save({ ...draft, fields })),
      store.rename(draft.id, "Renamed meanwhile"),
    ]);
    const revisions = results.map((result) => result.revision);
    expect([...revisions].sort((a, b) => a - b)).toEqual(Array.from({ length: 31 }, (_, index) => index + 1));
    const stored = await store.open(draft.id);
    expect(stored.revision).toBe(31);
    const last = revisions.indexOf(31);
    expect(stored.fields).toEqual(last < 30 ? versions[last] : versions[29]);
    expect((await readdir(path.join(root, draft.id))).sort()).toEqual(["document.pdf", "draft.json"]);
  });

  it("removes the remains of a create that died with its process, once they are old", async () => {
    const good = await pdfDraft();
    await mkdir(path.join(root, ".new-abc123"));
    await writeFile(path.join(root, ".new-abc123", "document.pdf"), "half a copy");
    // Recent: perhaps a create still running (this test's store's clock runs in 2031, so use the real one).
    await new DraftStore({ root }).list();
    expect((await readdir(root)).sort()).toEqual([".new-abc123", good.id]);
    const later = new DraftStore({ root, now: () => Date.now() + 2 * 60 * 60 * 1000 });
    expect((await later.list()).map((summary) => summary.id)).toEqual([good.id]);
    expect(await readdir(root)).toEqual([good.id]);
  });

  it("checks ids before touching the file system", async () => {
    for (const id of ["../../etc", "..", "", ".trash", "1234", `${randomUUID()}/../x`]) {
      await expect(store.open(id), id).rejects.toThrow("is not a draft id.");
      await expect(store.delete(id), id).rejects.toThrow("is not a draft id.");
      expect(() => store.pdfPath(id)).toThrow("is not a draft id.");
    }
    await expect(store.open(randomUUID())).rejects.toThrow("There is no draft");
  });

  it("makes a draft under the id it is given, refusing a malformed one or one a draft has", async () => {
    const source = await writeInput(work, "Offer.pdf", await makePdf());
    const id = randomUUID();
    const draft = await store.createFromFile(source, { id });
    expect(draft.id).toBe(id);
    expect((await store.open(id)).id).toBe(id);
    const before = await listing(root);
    await expect(store.createFromFile(source, { id })).rejects.toThrow(`Draft ${id} already exists`);
    // Two at once with one new id: one draft is made, the other refused.
    const twin = randomUUID();
    const both = await Promise.allSettled([
      store.createFromFile(source, { id: twin }),
      store.createFromFile(source, { id: twin }),
    ]);
    expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    await store.delete(twin);
    await expect(store.createFromFile(source, { id: twin })).rejects.toThrow(`Draft ${twin} already exists`);
    await store.restore(twin);
    for (const bad of ["../x", "1234", ""]) {
      await expect(store.createFromFile(source, { id: bad }), bad).rejects.toThrow("is not a draft id.");
    }
    const others = (entry: string) => !entry.startsWith(twin) && entry !== ".trash";
    expect((await listing(root)).filter(others)).toEqual(before);
    // The contract lets the renderer give a UUID, or none; never anything else.
    const args = channels.draftsCreateFromFile.args;
    const bytes = new Uint8Array(1);
    expect(args.safeParse({ id, fileName: "a.pdf", bytes }).success).toBe(true);
    expect(args.safeParse({ fileName: "a.pdf", bytes }).success).toBe(true);
    expect(args.safeParse({ id: "../x", fileName: "a.pdf", bytes }).success).toBe(false);
  });
});

describeWith("libreoffice", "drafts from Word documents", () => {
  let work: string;
  let root: string;
  let store: DraftStore;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "signdesk-drafts-word-"));
    root = path.join(work, "drafts");
    await mkdir(root);
    store = new DraftStore({ root });
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("converts a DOCX and keeps the converted PDF as the draft's document", async () => {
    const docx = await wordFromText(
      work,
      "Residential lease\n\nTenant signature: ______\n",
      "docx:MS Word 2007 XML",
      "docx",
    );
    const source = await writeInput(work, "Lease.docx", await readFile(docx));
    const draft = await store.createFromFile(source);
    expect(draft).toMatchObject({ name: "Lease", source: { fileName: "Lease.docx", kind: "docx" }, revision: 0 });
    expect(draft.pages).toHaveLength(1);
    expect(draft.pages[0]?.rotation).toBe(0);
    const pdf = new Uint8Array(await readFile(store.pdfPath(draft.id)));
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    expect(await readPageCount(pdf)).toBe(1);
    expect(await readPageText(pdf, 1)).toContain("Residential lease");
    expect((await readdir(path.join(root, draft.id))).sort()).toEqual(["document.pdf", "draft.json"]);
  });

  it("converts a legacy .doc even when its name has no extension", async () => {
    const doc = await wordFromText(work, "Memo to staff\n", "doc:MS Word 97", "doc");
    const source = await writeInput(work, "memo", await readFile(doc));
    const draft = await store.createFromFile(source);
    expect(draft).toMatchObject({ name: "memo", source: { fileName: "memo", kind: "doc" } });
    expect(await readPageText(new Uint8Array(await readFile(store.pdfPath(draft.id))), 1)).toContain("Memo to staff");
  });

  it("refuses a DOCX that LibreOffice cannot read and leaves nothing behind", async () => {
    const before = await listing(root);
    const broken = await writeInput(work, "broken.docx", "PK\u0003\u0004 this is not really a Word document");
    await expect(store.createFromFile(broken)).rejects.toThrow(messages.conversionFailed);
    expect(await listing(root)).toEqual(before);
  });
});
