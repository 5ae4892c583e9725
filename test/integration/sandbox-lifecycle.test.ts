import { createHash, createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldBoxSizes } from "../../common/fields";
import { signingDateOf } from "../../sandbox/documents/signing-date";
import { shiftedClock } from "../support/manual-clock";
import { makePdf } from "../support/pdf-fixtures";
import { readPageCount, readPageText, readTextItems } from "../support/pdf-text";
import { signatureDataUrl } from "../support/png";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const secret = "whsec_lifecycle_test";
const groups = [
  [
    { id: "buyer-sign", x: 72, y: 520, page: 1, type: "Signature", recipient: 1 },
    { id: "buyer-name", x: 72, y: 580, page: 1, type: "Name", recipient: 1 },
    { id: "buyer-date", x: 260, y: 580, page: 1, type: "Date", recipient: 1 },
    { id: "buyer-agree", x: 72, y: 620, page: 1, type: "Checkbox", recipient: 1 },
  ],
  [
    { id: "seller-sign", x: 330, y: 100, page: 2, type: "Signature", recipient: 2 },
    { id: "seller-note", x: 330, y: 160, page: 2, type: "Text", recipient: 2 },
    { id: "seller-email", x: 330, y: 200, page: 2, type: "Email", recipient: 2 },
  ],
] as const;
const values: Record<string, string | boolean> = {
  "buyer-sign": signatureDataUrl(),
  "buyer-name": "Ada Lovelace",
  // The sandbox stamps the date of signing in a Date field whatever is sent (sandbox-signing-page.test.ts).
  "buyer-date": signingDateOf(Date.now()),
  "buyer-agree": true,
  "seller-sign": signatureDataUrl(),
  "seller-note": "Keys handed over",
  "seller-email": "bo@example.com",
};

describe("the whole lifecycle, from template to final PDF", () => {
  let running: RunningSandbox;
  let receiver: WebhookReceiver;
  let clockOffset = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    running = await startSandbox({ clock: shiftedClock(() => clockOffset) });
  });
  afterAll(async () => {
    await running?.close();
    await receiver?.close();
  });

  const api = (method: "GET" | "POST", route: string, json?: unknown) =>
    callApi(running.url, method, route, { key: running.key, json });
  const status = async (pdfId: string) =>
    (
      (await api("GET", `/getDocumentDetails?pdf_id=${pdfId}`)).body as {
        document: { status: string; finalUrl: string | null };
      }
    ).document;

  it("runs pending → partially_signed → signed, delivers signed events and the final PDF", async () => {
    for (const eventType of ["document.signed", "document.finalized"]) {
      expect((await api("POST", "/registerWebhook", { url: `${receiver.url}/hooks`, eventType, secret })).status).toBe(
        200,
      );
    }
    const template = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf([{}, { rotate: 90 }]),
        templateName: "House sale",
        fields: groups,
        autoReleaseSignatures: true,
      }),
    });
    expect(template.status).toBe(200);
    const templateId = (template.body as { template_id: string }).template_id;
    const sent = await api("POST", "/createFromTemplate", {
      templateId,
      recipients: [
        { name: "Ada Lovelace", email: "ada@example.com" },
        { name: "Bo Seller", email: "bo@example.com" },
      ],
      emailSubject: "House sale: please sign",
    });
    expect(sent.status).toBe(200);
    const pdfId = (sent.body as { pdf_id: string }).pdf_id;
    expect((await status(pdfId)).status).toBe("pending");

    const outbox = (await api("GET", "/_sandbox/outbox")).body as {
      messages: { to: string; signingUrl: string; pdf_id: string }[];
    };
    const linkOf = (email: string) =>
      outbox.messages.find((m) => m.pdf_id === pdfId && m.to === email)?.signingUrl ?? "";
    const sign = (email: string, fields: Record<string, unknown>) =>
      callApi(linkOf(email), "POST", "", { json: { fields } });

    const buyerFields = Object.fromEntries(groups[0].map((field) => [field.id, values[field.id]]));
    const sellerFields = Object.fromEntries(groups[1].map((field) => [field.id, values[field.id]]));

    expect(await sign("ada@example.com", buyerFields)).toMatchObject({
      status: 200,
      body: { status: "partially_signed" },
    });
    expect(await status(pdfId)).toEqual({ ...(await status(pdfId)), status: "partially_signed", finalUrl: null });
    expect(await sign("ada@example.com", buyerFields)).toMatchObject({
      status: 409,
      body: { message: "You have already signed this document.", error: 409 },
    });
    expect(await sign("bo@example.com", { ...sellerFields, "seller-email": "nope" })).toMatchObject({
      status: 400,
      body: { field: "seller-email", error: 400 },
    });
    expect(await sign("bo@example.com", sellerFields)).toMatchObject({ status: 200, body: { status: "signed" } });
    const finished = await status(pdfId);
    expect(finished.status).toBe("signed");
    expect(finished.finalUrl).toMatch(
      new RegExp(`^${running.url}/_sandbox/download/${pdfId}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    );

    // Webhooks: two document.signed, then one document.finalized, each signed with HMAC-SHA256 of the raw body.
    const events = await receiver.waitFor((received) => received.length >= 3);
    expect(events.map((event) => event.body.event)).toEqual([
      "document.signed",
      "document.signed",
      "document.finalized",
    ]);
    for (const event of events) {
      const expected = createHmac("sha256", secret).update(event.rawBody).digest("hex");
      expect(event.headers["x-webhook-signature"]).toBe(expected);
      expect(event.body.pdf_id).toBe(pdfId);
    }
    expect(new Set(events.map((event) => event.body.id)).size).toBe(3);
    expect(events[0]?.body).toMatchObject({
      recipient: {
        name: "Ada Lovelace",
        email: "ada@example.com",
        recipientHash: linkOf("ada@example.com").split("/").pop(),
      },
      status: "partially_signed",
      completed_fields: groups[0]
        .map((field) => ({ ...field, recipient: undefined, value: values[field.id] }))
        .map(({ recipient: _r, ...rest }) => rest),
    });
    expect(events[1]?.body).toMatchObject({ status: "signed", recipient: { email: "bo@example.com" } });
    expect(events[2]?.body.final_pdf_url).toMatch(new RegExp(`/_sandbox/download/${pdfId}\\?`));

    // The final PDF: every text value at its box (±1 pt) as displayed, and the audit page last.
    const download = await fetch(finished.finalUrl ?? "");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(download.headers.get("x-content-sha256"));
    const items = await readTextItems(bytes);
    for (const field of [...groups[0], ...groups[1]]) {
      const value = values[field.id];
      if (typeof value !== "string" || field.type === "Signature") continue;
      const box = fieldBoxSizes[field.type];
      const item = items.find((candidate) => candidate.page === field.page && candidate.text === value);
      expect(item, `${field.id} on page ${field.page}`).toBeDefined();
      if (item === undefined) continue;
      expect(Math.abs(item.x - (field.x + 2)), `${field.id} x`).toBeLessThanOrEqual(1);
      expect(item.y, `${field.id} top`).toBeGreaterThanOrEqual(field.y - 1);
      expect(item.y + item.height, `${field.id} bottom`).toBeLessThanOrEqual(field.y + box.height + 1);
      expect(Math.abs(item.angle), `${field.id} upright`).toBeLessThan(0.5);
    }
    const pages = await readPageCount(bytes);
    expect(pages).toBe(3);
    const audit = await readPageText(bytes, pages);
    for (const text of [
      "Audit trail",
      "Ada Lovelace",
      "ada@example.com",
      "Bo Seller",
      "bo@example.com",
      "House sale",
    ]) {
      expect(audit).toContain(text);
    }
    const originalHash = createHash("sha256")
      .update(await makePdfBytesOfTemplate(running, templateId))
      .digest("hex");
    expect(audit.replace(/\s+/g, "")).toContain(originalHash);

    // The link is signed and expires: tampering or waiting 15 minutes answers 403.
    const url = new URL(finished.finalUrl ?? "");
    const tampered = new URL(url);
    tampered.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 60_000));
    expect((await fetch(tampered)).status).toBe(403);
    const otherSignature = new URL(url);
    otherSignature.searchParams.set("signature", "0".repeat(64));
    expect((await fetch(otherSignature)).status).toBe(403);
    clockOffset = 15 * 60_000 + 1000;
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ message: "This download link has expired or is not valid.", error: 403 });
    const refreshed = await status(pdfId);
    expect((await fetch(refreshed.finalUrl ?? "")).status).toBe(200);
    clockOffset = 0;
  });

  it("declines: the document becomes declined, offers no final PDF, and no one can sign after", async () => {
    const template = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf([{}, {}]),
        templateName: "Declined deal",
        fields: groups,
        recipients: [
          { name: "Ada", email: "ada@example.com" },
          { name: "Bo", email: "bo@example.com" },
        ],
      }),
    });
    const pdfId = (template.body as { pdf_id: string }).pdf_id;
    const outbox = (await api("GET", "/_sandbox/outbox")).body as {
      messages: { to: string; signingUrl: string; pdf_id: string }[];
    };
    const link = (email: string) => outbox.messages.find((m) => m.pdf_id === pdfId && m.to === email)?.signingUrl ?? "";
    expect(await callApi(link("ada@example.com"), "POST", "", { json: { decline: true } })).toMatchObject({
      status: 200,
      body: { status: "declined" },
    });
    expect(await status(pdfId)).toMatchObject({ status: "declined", finalUrl: null });
    const late = await callApi(link("bo@example.com"), "POST", "", {
      json: { fields: Object.fromEntries(groups[1].map((field) => [field.id, values[field.id]])) },
    });
    expect(late).toMatchObject({
      status: 409,
      body: { message: "This document was declined and can no longer be signed." },
    });
    expect(await callApi(link("ada@example.com"), "POST", "", { json: { decline: true } })).toMatchObject({
      status: 409,
    });
  });

  it("without auto-release, waits for the owner's release", async () => {
    const template = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf(),
        templateName: "Held",
        fields: [[{ id: "only", x: 72, y: 72, page: 1, type: "Text", recipient: 1 }]],
        recipients: [{ name: "Ada", email: "ada@example.com" }],
        autoReleaseSignatures: false,
      }),
    });
    const pdfId = (template.body as { pdf_id: string }).pdf_id;
    expect((await api("POST", `/_sandbox/release?pdf_id=${pdfId}`)).status).toBe(409);
    const outbox = (await api("GET", "/_sandbox/outbox")).body as {
      messages: { signingUrl: string; pdf_id: string }[];
    };
    const link = outbox.messages.find((m) => m.pdf_id === pdfId)?.signingUrl ?? "";
    expect((await callApi(link, "POST", "", { json: { fields: { only: "Hello" } } })).status).toBe(200);
    expect(await status(pdfId)).toMatchObject({ status: "signed", finalUrl: null });
    expect(await api("POST", `/_sandbox/release?pdf_id=${pdfId}`)).toMatchObject({ status: 200 });
    expect((await status(pdfId)).finalUrl).toMatch(/\/_sandbox\/download\//);
    expect(await api("POST", `/_sandbox/release?pdf_id=${pdfId}`)).toMatchObject({
      status: 409,
      body: { message: "This document was already released." },
    });
  });

  it("names the field that is missing or invalid, and refuses fields that are not the signer's", async () => {
    const template = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf([{}, {}]),
        templateName: "Checks",
        fields: groups,
        recipients: [
          { name: "Ada", email: "ada@example.com" },
          { name: "Bo", email: "bo@example.com" },
        ],
      }),
    });
    const pdfId = (template.body as { pdf_id: string }).pdf_id;
    const outbox = (await api("GET", "/_sandbox/outbox")).body as {
      messages: { to: string; signingUrl: string; pdf_id: string }[];
    };
    const link = outbox.messages.find((m) => m.pdf_id === pdfId && m.to === "ada@example.com")?.signingUrl ?? "";
    const good = Object.fromEntries(groups[0].map((field) => [field.id, values[field.id]]));
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, "buyer-name": undefined }, "buyer-name"],
      [{ ...good, "buyer-sign": "data:image/png;base64,AAAA" }, "buyer-sign"],
      [{ ...good, "buyer-agree": "yes" }, "buyer-agree"],
      [{ ...good, "seller-note": "not mine" }, "seller-note"],
    ];
    for (const [fields, field] of cases) {
      const answer = await callApi(link, "POST", "", { json: { fields } });
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({ error: 400, field, message: expect.stringContaining(field) });
    }
    expect((await callApi(`${running.url}/sign/not-a-real-hash`, "POST", "", { json: { decline: true } })).status).toBe(
      404,
    );
  });
});

async function makePdfBytesOfTemplate(running: RunningSandbox, templateId: string): Promise<Uint8Array> {
  const { readFile } = await import("node:fs/promises");
  const path = await import("node:path");
  return new Uint8Array(await readFile(path.join(running.dataDir, "files", "templates", `${templateId}.pdf`)));
}
