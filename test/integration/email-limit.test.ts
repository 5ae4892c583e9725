import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Draft } from "../../common/draft";
import { startTestCore, type TestCore } from "../support/core-harness";
import { addressOfLength as address } from "../support/email-addresses";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

const longest = address(254);
const tooLong = address(255);
const longLocal = address(100, 65);

describe("e-mail addresses: 254 characters at most, 64 before the @, on the sandbox", () => {
  let running: RunningSandbox;
  let templateId: string;

  beforeAll(async () => {
    expect([longest.length, tooLong.length, longLocal.indexOf("@")]).toEqual([254, 255, 65]);
    running = await startSandbox();
    const created = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf(),
        templateName: "Limits",
        fields: [[{ id: "sign", x: 72, y: 72, page: 1, type: "Signature", recipient: 1 }]],
      }),
    });
    templateId = (created.body as { template_id: string }).template_id;
  });
  afterAll(async () => running?.close());

  const send = (email: string) =>
    callApi(running.url, "POST", "/createFromTemplate", {
      key: running.key,
      json: { templateId, recipients: [{ name: "Ada", email }] },
    });

  it("createFromTemplate answers 400 naming the length for 255 characters, and sends to 254", async () => {
    expect(await send(tooLong)).toMatchObject({
      status: 400,
      body: { message: "Recipient 1's email address is too long (255 characters; 254 at most).", error: 400 },
    });
    expect(await send(longLocal)).toMatchObject({
      status: 400,
      body: {
        message: "Recipient 1's email address has too many characters before the @ (65; 64 at most).",
        error: 400,
      },
    });
    expect(await send(`${"x".repeat(5000)}@example.com`)).toMatchObject({
      status: 400,
      body: { message: "Recipient 1's email address is too long (5012 characters; 254 at most)." },
    });
    const sent = await send(longest);
    expect(sent.status).toBe(200);
    expect((sent.body as { recipients: string[] }).recipients).toEqual([longest]);
  });

  it("createNewTemplate answers 400 for a recipient of 255 characters", async () => {
    const created = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf(),
        templateName: "Limits and send",
        fields: [[{ id: "sign", x: 72, y: 72, page: 1, type: "Signature", recipient: 1 }]],
        recipients: [{ name: "Ada", email: tooLong }],
      }),
    });
    expect(created).toMatchObject({
      status: 400,
      body: { message: "Recipient 1's email address is too long (255 characters; 254 at most)." },
    });
  });
});

describeWith("secret-service", "e-mail addresses: 254 characters at most, through IPC", () => {
  let app: TestCore;
  let draft: Draft;

  beforeAll(async () => {
    app = await startTestCore();
    draft = await app.call("draftsCreateFromFile", { fileName: "Limits.pdf", bytes: await makePdf() });
    await app.call("draftsSave", {
      draft: {
        ...draft,
        groups: [{ id: "signer", label: "Signer", color: "#0072b2" }],
        fields: [{ id: "sign", type: "Signature", groupId: "signer", page: 1, x: 72, y: 72 }],
      },
    });
  });
  afterAll(async () => app?.close());

  const tooLongMessage = "The e-mail address is too long (255 characters; 254 at most).";

  it("templatesCreate and documentsSend answer invalid_argument for 255 characters and send to 254", async () => {
    const create = (email: string, transferId: string) =>
      app.invoke("templatesCreate", {
        draftId: draft.id,
        transferId,
        send: { recipients: [{ name: "Ada", email }] },
      });
    const refused = await create(tooLong, "limit-1");
    expect(refused).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
    expect(refused.ok ? "" : refused.error.message).toContain(tooLongMessage);

    const created = await create(longest, "limit-2");
    if (!created.ok) throw new Error(created.error.message);
    expect(created.value.document?.recipients).toEqual([{ name: "Ada", email: longest }]);
    const { templateId } = created.value.template;

    const send = (email: string) => app.invoke("documentsSend", { templateId, recipients: [{ name: "Bo", email }] });
    const notSent = await send(tooLong);
    expect(notSent).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
    expect(notSent.ok ? "" : notSent.error.message).toContain(tooLongMessage);
    const local = await send(longLocal);
    expect(local.ok ? "" : local.error.message).toContain(
      "The e-mail address has too many characters before the @ (65; 64 at most).",
    );
    const sent = await send(longest);
    expect(sent).toMatchObject({ ok: true, value: { recipients: [{ name: "Bo", email: longest }] } });
  });
});
