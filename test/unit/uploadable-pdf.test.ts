import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Draft, DraftField } from "../../common/draft";
import { UserError } from "../../common/user-error";
import { tagCovers, uploadablePdf } from "../../main/templates/uploadable-pdf";
import { makeDraft } from "../support/editor-state-fixtures";
import { makePdf } from "../support/pdf-fixtures";

const cover = { page: 1, x: 72, y: 100, width: 90, height: 14 };
const field = (id: string, extra: Partial<DraftField> = {}): DraftField => ({
  id,
  type: "Signature",
  groupId: "g-a",
  page: 1,
  x: 72,
  y: 100,
  ...extra,
});

describe("the PDF uploaded for a draft whose fields came from text tags", () => {
  let work: string;
  let source: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "signdesk-uploadable-"));
    source = path.join(work, "document.pdf");
    await writeFile(source, await makePdf());
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  const draftWith = (fields: DraftField[]): Draft => makeDraft(fields);

  it("covers each tag's box once, however many fields share it, and every line of a wrapped tag", () => {
    const draft = draftWith([field("a", { cover }), field("b", { cover, x: 300 }), field("c")]);
    expect(tagCovers(draft)).toEqual([cover]);
    const nextLine = { page: 1, x: 72, y: 116, width: 40, height: 14, color: "#fff2cc" };
    const wrapped = draftWith([field("a", { cover, moreCovers: [nextLine] }), field("b", { moreCovers: [nextLine] })]);
    expect(tagCovers(wrapped)).toEqual([cover, nextLine]);
  });

  it("uploads the draft's own file when no field came from a tag", async () => {
    const upload = await uploadablePdf(draftWith([field("a")]), source, work);
    expect(upload.file).toBe(source);
    await upload.dispose();
    expect(existsSync(source)).toBe(true);
  });

  it("uploads a copy that keeps the original's bytes and adds the covers, removed once disposed of", async () => {
    const upload = await uploadablePdf(draftWith([field("a", { cover })]), source, work);
    const original = await readFile(source);
    const covered = await readFile(upload.file);
    expect(upload.file).not.toBe(source);
    expect(covered.subarray(0, original.length).equals(original)).toBe(true);
    expect(covered.length).toBeGreaterThan(original.length);
    await upload.dispose();
    expect(existsSync(upload.file)).toBe(false);
    expect(await readFile(source)).toEqual(original);
  });

  it("refuses to upload, in the person's words, when the tags cannot be covered", async () => {
    const draft = { ...draftWith([field("a", { cover })]) };
    // A cover on a page the file does not have (the draft's own pages say 4; the file has 1).
    draft.fields = [field("a", { page: 1, cover: { ...cover, page: 3 } })];
    const refused = await uploadablePdf(draft, source, work).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UserError);
    expect((refused as UserError).code).toBe("tags_not_covered");
    expect((refused as UserError).message).toContain("could not be covered, so nothing was uploaded");
  });
});
