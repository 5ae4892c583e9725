import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { displayedSize } from "../../common/coordinates";
import type { Draft, DraftField } from "../../common/draft";
import { fieldBoxSizes } from "../../common/fields";
import { startTestCore, type TestCore } from "../support/core-harness";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";

const groups = [
  { id: "buyer", label: "Buyer", color: "#0072b2" },
  { id: "seller", label: "Seller", color: "#e69f00" },
];
const fields: DraftField[] = [
  { id: "b-sign", type: "Signature", groupId: "buyer", page: 1, x: 72, y: 600 },
  { id: "s-date", type: "Date", groupId: "seller", page: 2, x: 600, y: 40 }, // page 2 is rotated: 792 wide
  { id: "b-init", type: "Initials", groupId: "buyer", page: 3, x: 520, y: 740 }, // page 3 shows its 612×792 CropBox
  { id: "s-text", type: "Text", groupId: "seller", page: 3, x: 0, y: 0 },
];

describeWith("secret-service", "creating a template from a draft", () => {
  let app: TestCore;
  let draft: Draft;

  beforeAll(async () => {
    app = await startTestCore();
    const pdf = await makePdf([{}, { rotate: 90 }, { size: [700, 900], cropBox: [50, 60, 662, 852] }]);
    draft = await app.call("draftsCreateFromFile", { fileName: "Sale.pdf", bytes: pdf });
    await app.call("draftsSave", { draft: { ...draft, groups, fields } });
    draft = (await app.call("draftsOpen", { id: draft.id })).draft;
  });
  afterAll(async () => app?.close());

  async function storedGroups(templateId: string) {
    const state = JSON.parse(await readFile(path.join(app.userDataDir, "sandbox", "state.json"), "utf8")) as {
      templates: { id: string; groups: unknown }[];
    };
    return state.templates.find((template) => template.id === templateId)?.groups;
  }

  it("uploads exactly the fields placed, numbered per group from 1, at their API coordinates", async () => {
    const { template, document } = await app.call("templatesCreate", { draftId: draft.id, transferId: "t1" });
    expect(document).toBeNull();
    expect(template).toMatchObject({
      name: "Sale",
      draftId: draft.id,
      groups: [{ label: "Buyer" }, { label: "Seller" }],
    });
    expect(await storedGroups(template.templateId)).toEqual([
      [
        { id: "b-sign", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 },
        { id: "b-init", x: 520, y: 740, page: 3, type: "Initials", recipient: 1 },
      ],
      [
        { id: "s-date", x: 600, y: 40, page: 2, type: "Date", recipient: 2 },
        { id: "s-text", x: 0, y: 0, page: 3, type: "Text", recipient: 2 },
      ],
    ]);
    // The draft is kept after success, and the upload reported its progress to the end.
    expect((await app.call("draftsList")).drafts.map((summary) => summary.id)).toContain(draft.id);
    const progress = app.events
      .filter((entry) => entry.event === "transfer:progress")
      .map((entry) => entry.payload as { done: number; total: number });
    expect(progress.at(-1)?.done).toBe(progress.at(-1)?.total);
    expect(await app.call("templatesList")).toContainEqual(template);
  });

  it("measures y from the bottom for an account that reads coordinates so", async () => {
    const sandbox = app.core.sandbox;
    if (sandbox === null) throw new Error("no sandbox");
    const account = await app.call("accountsAdd", {
      name: "Bottom-left",
      baseUrl: sandbox.url,
      apiKey: await sandbox.issueKey(),
      coordinateOrigin: "bottom-left",
    });
    await app.call("accountsSetActive", { id: account.id });
    try {
      const { template } = await app.call("templatesCreate", { draftId: draft.id, transferId: "t2" });
      const flipped = (await storedGroups(template.templateId)) as { id: string; y: number }[][];
      for (const field of fields) {
        const page = draft.pages[field.page - 1];
        if (page === undefined) throw new Error("page");
        const expected = displayedSize(page).height - field.y - fieldBoxSizes[field.type].height;
        expect(flipped.flat().find((stored) => stored.id === field.id)?.y, field.id).toBe(expected);
      }
    } finally {
      await app.call("accountsSetActive", { id: (await app.call("accountsList")).accounts[0]?.id ?? "" });
    }
  });

  it("refuses through drafts:save, with the contract's draft schema, a draft the store would refuse, in its words", async () => {
    const offPage = { ...fields[0], id: "off", x: 5000 } as DraftField;
    for (const [args, message] of [
      [
        { draft: { ...draft, fields: [offPage] } },
        'Draft "Sale" cannot be saved: field "off" (Signature) leaves page 1',
      ],
      [{ draft: { ...draft, name: "" } }, `Draft "${draft.id}" cannot be saved: name: `],
      [{ draft: { ...draft, id: "../escape" } }, '"../escape" is not a draft id.'],
      [{}, '"undefined" is not a draft id.'],
    ] as const) {
      const answer = await app.invoke("draftsSave", args as never);
      expect(answer).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
      expect(!answer.ok && answer.error.message).toContain(message);
    }
    expect((await app.call("draftsOpen", { id: draft.id })).draft.fields).toEqual(draft.fields);
  });

  it("refuses a group with no fields and a send with the wrong recipients, before uploading", async () => {
    const lonely = { ...draft, groups: [...groups, { id: "witness", label: "Witness", color: "#009e73" }], fields };
    await app.call("draftsSave", { draft: lonely });
    expect(await app.invoke("templatesCreate", { draftId: draft.id, transferId: "t3" })).toEqual({
      ok: false,
      error: {
        code: "invalid_draft",
        message: '"Witness" has no fields: place at least one field for every recipient group.',
      },
    });
    await app.call("draftsSave", { draft: { ...draft, groups, fields } });
    const send = (recipients: { name: string; email: string }[]) =>
      app.invoke("templatesCreate", { draftId: draft.id, transferId: "t4", send: { recipients } });
    expect(await send([{ name: "Ada", email: "ada@example.com" }])).toMatchObject({
      ok: false,
      error: {
        code: "invalid_argument",
        message: "This template has 2 recipient groups; enter exactly one recipient for each.",
      },
    });
    expect(
      await send([
        { name: "Ada", email: "ada@example.com" },
        { name: "Ada again", email: "ADA@example.com" },
      ]),
    ).toMatchObject({
      ok: false,
      error: { message: "ADA@example.com is already Buyer's address: each recipient needs their own." },
    });
    expect(
      await send([
        { name: "Ada", email: "not-an-address" },
        { name: "Bo", email: "bo@example.com" },
      ]),
    ).toMatchObject({
      ok: false,
      error: { code: "invalid_argument" },
    });
  });
});
