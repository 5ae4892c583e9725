import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inEnglish } from "../../common/i18n/english";
import type { PhraseOrText } from "../../common/i18n/phrase";
import type { OutboxItem } from "../../common/outbox";
import type { DesktopNotification } from "../../main/core-parts";
import { startTestCore, type TestCore } from "../support/core-harness";
import { type GateProxy, startGateProxy } from "../support/gate-proxy";
import { createHold } from "../support/hold";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";

/** Words main keeps as a phrase (stored, rendered where shown), in English. */
const english = (words: PhraseOrText | null | undefined) =>
  words === null || words === undefined || typeof words === "string" ? words : inEnglish(words);

import { callApi, type RunningSandbox, startSandbox } from "../support/sandbox";

/** Bounds a wait for what must happen (the outbox's own retry comes within 400 ms); never what makes a test pass. */
const patience = { timeout: 60_000, interval: 50 };

describeWith("secret-service", "the outbox: offline sends go out once the service is back, never twice", () => {
  let running: RunningSandbox;
  let gate: GateProxy;
  let other: GateProxy;
  let app: TestCore;
  let templateId: string;
  let gatedId: string;
  const notifications: DesktopNotification[] = [];
  /** Each send's recipient as the outbox takes it ("sending"): the order it keeps, whatever the network does. */
  const taken: string[] = [];

  beforeAll(async () => {
    running = await startSandbox();
    gate = await startGateProxy(running.url);
    other = await startGateProxy(running.url);
    app = await startTestCore({
      embeddedSandbox: false,
      client: { backoffBaseMs: 20 },
      tracker: { minIntervalMs: 60_000 },
      sendCheck: { scheduleMs: [0, 100, 300], listTimeoutMs: 60_000 },
      outbox: {
        retryDelayMs: 100,
        maxRetryDelayMs: 400,
        onStep: (step, item) => {
          if (step === "sending") taken.push(item.recipients[0]?.email ?? "");
        },
      },
      notify: (notification) => notifications.push(notification),
    });
    const account = await app.call("accountsAdd", { name: "Gated", baseUrl: gate.url, apiKey: running.key });
    gatedId = account.id;
    await app.call("accountsSetActive", { id: account.id });
    const draft = await draftWithField("Offer.pdf", 72);
    templateId = (await app.call("templatesCreate", { draftId: draft.id, transferId: "t" })).template.templateId;
  });
  afterAll(async () => {
    await app?.close();
    await gate?.close();
    await other?.close();
    await running?.close();
  });

  async function draftWithField(fileName: string, x: number) {
    const draft = await app.call("draftsCreateFromFile", { fileName, bytes: await makePdf() });
    await app.call("draftsSave", {
      draft: { ...draft, fields: [{ id: "n", type: "Text", groupId: draft.groups[0]?.id ?? "", page: 1, x, y: 72 }] },
    });
    return draft;
  }

  const serviceDocuments = async () =>
    (
      (await callApi(running.url, "GET", "/getAllDocuments", { key: running.key })).body as {
        documents: { id: string; recipients: { email: string }[] }[];
      }
    ).documents;
  const documentsTo = async (email: string) =>
    (await serviceDocuments()).filter((document) => document.recipients.some((each) => each.email === email));
  const outbox = () => app.call("outboxList");
  const waitUntilEmpty = () => expect.poll(async () => (await outbox()).summary.waiting, patience).toBe(0);

  it("offline, each send is accepted as queued, then goes out in order, at most four at once, once each", async () => {
    await gate.down();
    const emails = Array.from({ length: 10 }, (_, index) => `queued-${index}@example.com`);
    for (const [index, email] of emails.entries()) {
      const answer = await app.invoke("documentsSend", { templateId, recipients: [{ name: `Q ${index}`, email }] });
      expect(answer).toMatchObject({ ok: false, error: { code: "queued" } });
      if (!answer.ok && index === 0) {
        expect(answer.error.message).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:\d+: connection refused\b/);
        expect(answer.error.message).toMatch(
          /“Offer – Q 0” is in the Outbox\. It will be sent when Gated is reachable\.$/,
        );
      }
    }
    const queued = await outbox();
    expect(queued.summary).toMatchObject({ waiting: 10, failed: 0, accountName: "Gated" });
    expect(queued.waiting.map((item) => item.recipients[0]?.email)).toEqual(emails);
    expect(queued.waiting.every((item) => item.state === "queued" && item.kind === "sendFromTemplate")).toBe(true);
    expect(gate.sends).toEqual([]);

    // The first sends are held at the gate until four are out at once.
    const sends = createHold();
    gate.holdSends = sends;
    await gate.up();
    await sends.arrived(4);
    expect(gate.sends).toEqual(emails.slice(0, 4));
    sends.release();
    await waitUntilEmpty();
    gate.holdSends = null;
    // Taken in the order queued, four at most at once. Sends that go out together may reach the service in another
    // order (each is its own connection): only the order the outbox takes them in is its own.
    expect(taken.filter((email) => email.startsWith("queued-"))).toEqual(emails);
    expect([...gate.sends].sort()).toEqual([...emails].sort());
    expect(gate.maxSendsInFlight).toBe(4);
    for (const email of emails) expect(await documentsTo(email)).toHaveLength(1);
    const recorded = (await app.call("documentsList")).documents.filter((record) =>
      emails.includes(record.recipients[0]?.email ?? ""),
    );
    expect(recorded).toHaveLength(10);
    const done = (await outbox()).done.filter((item) => item.kind === "sendFromTemplate" && item.state === "sent");
    expect(new Set(done.map((item) => item.result?.pdfId))).toEqual(new Set(recorded.map((record) => record.pdfId)));
    // A desktop notification says what went out (clicking it opens the Outbox).
    const last = notifications.at(-1);
    expect({ ...last, title: english(last?.title ?? "") }).toMatchObject({
      title: expect.stringMatching(/sent from the Outbox/),
      screen: "outbox",
    });
  });

  it("what goes out is what was queued: the draft's later edits do not change it", async () => {
    const draft = await draftWithField("Queued template.pdf", 100);
    await gate.down();
    const answer = await app.invoke("templatesCreate", { draftId: draft.id, transferId: "q" });
    expect(answer).toMatchObject({ ok: false, error: { code: "queued" } });
    const [item] = (await outbox()).waiting;
    expect(item).toMatchObject({ kind: "createTemplate", title: "Queued template" });
    // Queued, or being tried again (the outbox asks the service again by itself).
    expect(["queued", "sending"]).toContain(item?.state);
    // The person moves the field meanwhile: the queued upload keeps its own copy.
    const opened = await app.call("draftsOpen", { id: draft.id });
    await app.call("draftsSave", {
      draft: { ...opened.draft, fields: opened.draft.fields.map((field) => ({ ...field, x: 300 })) },
    });
    await gate.up();
    await waitUntilEmpty();
    const sent = (await outbox()).done.find((done) => done.itemId === item?.itemId);
    const createdId = sent?.result?.templateId ?? "";
    expect(sent?.state).toBe("sent");
    expect((await app.call("templatesList")).map((template) => template.templateId)).toContain(createdId);
    const state = JSON.parse(await readFile(path.join(running.dataDir, "state.json"), "utf8")) as {
      templates: { id: string; name: string; groups: { x: number }[][] }[];
    };
    const created = state.templates.find((template) => template.id === createdId);
    expect(created?.groups.flat().map((field) => field.x)).toEqual([100]);
    expect(state.templates.filter((template) => template.name === "Queued template")).toHaveLength(1);
    // Its copy of the PDF is gone once sent.
    await expect.poll(async () => (await readdirSafe(path.join(app.userDataDir, "outbox"))).length, patience).toBe(0);
  });

  it("cancel before it is sent; a refused send fails with the service's reason, can be changed and sent again", async () => {
    await app.call("templatesAddById", { templateId: "not-on-the-service", name: "Gone", groups: [{ label: "A" }] });
    await gate.down();
    const cancelled = await queue("cancel-me@example.com");
    const refused = await queue("refused@example.com", "not-on-the-service");
    // The outbox's own retry may be trying it this moment (a refused connection puts it back at once): it is
    // cancelled once it is back in the queue, never while it is out.
    const stateOf = async (itemId: string) => (await outbox()).waiting.find((item) => item.itemId === itemId)?.state;
    await expect
      .poll(async () => {
        const answer = await app.invoke("outboxCancel", { itemId: cancelled.itemId });
        if (!answer.ok) expect(answer.error.message).toBe("This item is being sent now: it cannot be called back.");
        return answer.ok ? "cancelled" : await stateOf(cancelled.itemId);
      }, patience)
      .toBe("cancelled");
    expect((await outbox()).summary.waiting).toBe(1);
    await gate.up();
    await expect
      .poll(async () => (await outbox()).waiting.find((item) => item.itemId === refused.itemId)?.state, patience)
      .toBe("failed");
    const failed = (await outbox()).waiting.find((item) => item.itemId === refused.itemId);
    expect(english(failed?.message)).toMatch(/template/i);
    expect((await outbox()).summary).toMatchObject({ waiting: 1, failed: 1 });
    expect(await documentsTo("cancel-me@example.com")).toEqual([]);
    expect(gate.sends).not.toContain("cancel-me@example.com");
    await expect(app.invoke("outboxCancel", { itemId: cancelled.itemId })).resolves.toMatchObject({
      ok: false,
      error: { code: "invalid_state" },
    });

    // Changed recipients go out with the next attempt (refused again: the template is not there).
    await app.call("outboxEditRecipients", {
      itemId: refused.itemId,
      recipients: [{ name: "Fixed", email: "fixed@example.com" }],
    });
    await expect.poll(() => gate.sends.includes("fixed@example.com"), patience).toBe(true);
    await expect
      .poll(async () => (await outbox()).waiting.find((item) => item.itemId === refused.itemId)?.state, patience)
      .toBe("failed");
    await expect(app.invoke("outboxEditRecipients", { itemId: refused.itemId, recipients: [] })).resolves.toMatchObject(
      { ok: false, error: { code: "invalid_argument" } },
    );
    await app.call("outboxCancel", { itemId: refused.itemId });
    expect((await outbox()).summary).toMatchObject({ waiting: 0, failed: 0 });
  });

  it("a refused key pauses only its own account's queue, until the key is fixed", async () => {
    const wrong = await app.call("accountsAdd", { name: "Wrong key", baseUrl: other.url, apiKey: "sk_wrong_key_123" });
    await app.call("accountsSetActive", { id: wrong.id });
    await app.call("templatesAddById", { templateId, name: "Offer", groups: [{ label: "Recipient 1" }] });
    await other.down();
    await expect(
      app.invoke("documentsSend", { templateId, recipients: [{ name: "W", email: "wrong@example.com" }] }),
    ).resolves.toMatchObject({ ok: false, error: { code: "queued" } });
    await app.call("accountsSetActive", { id: gatedId });
    await gate.down();
    await queue("right@example.com");
    await other.up();
    await gate.up();
    await expect.poll(async () => english(app.core.outbox.summary(wrong.id).paused), patience).toMatch(/key|API/i);
    await waitUntilEmpty();
    expect(await documentsTo("right@example.com")).toHaveLength(1);
    expect(app.core.outbox.summary(wrong.id).waiting).toBe(1);
    expect(await documentsTo("wrong@example.com")).toEqual([]);

    await app.call("accountsUpdate", { id: wrong.id, apiKey: running.key });
    await expect.poll(async () => app.core.outbox.summary(wrong.id).waiting, patience).toBe(0);
    expect(await documentsTo("wrong@example.com")).toHaveLength(1);
  });

  it("removing an account takes its waiting items with it, and their copies of the PDF", async () => {
    const gone = await app.call("accountsAdd", { name: "Leaving", baseUrl: other.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: gone.id });
    await other.down();
    const draft = await draftWithField("Leaving.pdf", 90);
    await expect(app.invoke("templatesCreate", { draftId: draft.id, transferId: "l" })).resolves.toMatchObject({
      ok: false,
      error: { code: "queued" },
    });
    const [item] = (await outbox()).waiting;
    const copy = path.join(app.userDataDir, "outbox", `${item?.itemId}.pdf`);
    await expect(readFile(copy)).resolves.toBeInstanceOf(Buffer);
    await app.call("accountsRemove", { id: gone.id });
    expect(app.core.records.outbox.get(item?.itemId ?? "")).toBeUndefined();
    await expect
      .poll(
        async () => (await readdirSafe(path.join(app.userDataDir, "outbox"))).includes(`${item?.itemId}.pdf`),
        patience,
      )
      .toBe(false);
    await other.up();
    await app.call("accountsSetActive", { id: gatedId });
  });

  async function queue(email: string, template = templateId): Promise<OutboxItem> {
    const answer = await app.invoke("documentsSend", {
      templateId: template,
      recipients: [{ name: "Someone", email }],
    });
    expect(answer).toMatchObject({ ok: false, error: { code: "queued" } });
    const item = (await outbox()).waiting.find((each) => each.recipients[0]?.email === email);
    if (item === undefined) throw new Error(`no queued item for ${email}`);
    return item;
  }
});

async function readdirSafe(folder: string): Promise<string[]> {
  return readdir(folder).catch(() => []);
}
