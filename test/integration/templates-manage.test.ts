import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Draft } from "../../common/draft";
import { startTestCore, type TestCore } from "../support/core-harness";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi } from "../support/sandbox";

/** Templates kept in Signdesk's list (renamed, removed, superseded by a new version) and named sends. */
describeWith("secret-service", "managing templates and naming sends", () => {
  let app: TestCore;
  let draft: Draft;
  const recipients = [{ name: "Ada", email: "ada@example.com" }];

  beforeAll(async () => {
    app = await startTestCore({ tracker: { minIntervalMs: 60_000 } });
    draft = await app.call("draftsCreateFromFile", { fileName: "Offer.pdf", bytes: await makePdf() });
    await app.call("draftsSave", {
      draft: {
        ...draft,
        fields: [{ id: "note", type: "Text", groupId: draft.groups[0]?.id ?? "", page: 1, x: 72, y: 72 }],
      },
    });
  });
  afterAll(async () => app?.close());

  const create = async () =>
    (await app.call("templatesCreate", { draftId: draft.id, transferId: crypto.randomUUID() })).template;

  it("supersedes a draft's template with the next one made from it, and lists the earlier one again when removed", async () => {
    const first = await create();
    const second = await create();
    const third = await create();
    const listed = await app.call("templatesList");
    expect(listed.map((record) => [record.templateId, record.supersededBy])).toEqual([
      [first.templateId, second.templateId],
      [second.templateId, third.templateId],
      [third.templateId, undefined],
    ]);
    // Removing the middle version links the first to the newest; removing the newest makes the first current.
    expect(await app.call("templatesRemove", { templateId: second.templateId })).toBeNull();
    expect((await app.call("templatesList")).map((record) => record.supersededBy)).toEqual([
      third.templateId,
      undefined,
    ]);
    expect(await app.call("templatesRemove", { templateId: third.templateId })).toBeNull();
    expect(await app.call("templatesList")).toEqual([first]);
  });

  it("renames a template in the list only, refusing a blank or unseen name", async () => {
    const [template] = await app.call("templatesList");
    if (template === undefined) throw new Error("no template");
    expect(await app.invoke("templatesRename", { templateId: template.templateId, name: "  " })).toMatchObject({
      ok: false,
      error: { code: "invalid_argument" },
    });
    expect(
      await app.invoke("templatesRename", { templateId: template.templateId, name: "Offer\u202Efdp.exe" }),
    ).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
    expect(await app.invoke("templatesRename", { templateId: "not-listed", name: "Offer" })).toMatchObject({
      ok: false,
      error: { code: "not_found" },
    });
    const renamed = await app.call("templatesRename", { templateId: template.templateId, name: "  Offer 2031 " });
    // The service still knows it by its first name, and names the documents sent from it so.
    expect(renamed).toEqual({ ...template, name: "Offer 2031", serviceName: template.name });
    expect(await app.call("templatesList")).toEqual([renamed]);
  });

  it("names a sent document as asked, else after its template and first recipient", async () => {
    const [template] = await app.call("templatesList");
    if (template === undefined) throw new Error("no template");
    const named = await app.call("documentsSend", {
      templateId: template.templateId,
      recipients,
      documentName: " Offer for Ada ",
    });
    expect(named.name).toBe("Offer for Ada");
    // Signed, its final PDF is downloaded under that name.
    const link = (await app.call("sandboxOutbox")).find((message) => message.pdf_id === named.pdfId)?.signingUrl;
    await callApi(link ?? "", "POST", "", { json: { fields: { note: "Signed" } } });
    await app.call("documentsRefresh", { pdfIds: [named.pdfId] });
    const saved = await app.call("documentsDownload", { pdfId: named.pdfId, transferId: "download" });
    expect(path.basename(saved.path)).toBe("Offer for Ada - signed.pdf");
    const plain = await app.call("documentsSend", {
      templateId: template.templateId,
      recipients: [{ name: "Bo", email: "bo@example.com" }],
    });
    expect(plain.name).toBe("Offer 2031 – Bo");
    expect(
      await app.invoke("documentsSend", { templateId: template.templateId, recipients, documentName: "a\nb" }),
    ).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
    expect(
      await app.invoke("documentsSend", { templateId: template.templateId, recipients, documentName: "x".repeat(201) }),
    ).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
  });
});
