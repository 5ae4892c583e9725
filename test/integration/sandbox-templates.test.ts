import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf, passwordProtectedPdf, truncatedPdf } from "../support/pdf-fixtures";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

const signature = (id: string, recipient: number, extra: Record<string, unknown> = {}) => ({
  id,
  x: 72,
  y: 600,
  page: 1,
  type: "Signature",
  recipient,
  ...extra,
});

describe("createNewTemplate", () => {
  let running: RunningSandbox;
  let pdf: Uint8Array;
  let threePages: Uint8Array;

  beforeAll(async () => {
    running = await startSandbox();
    pdf = await makePdf();
    threePages = await makePdf([{}, { rotate: 90 }, { size: [700, 900], cropBox: [50, 60, 662, 852] }]);
  });
  afterAll(async () => running?.close());

  async function create(form: FormData) {
    return callApi(running.url, "POST", "/createNewTemplate", { key: running.key, form });
  }

  async function expectError(form: FormData, status: number, message: string) {
    const answer = await create(form);
    expect(answer.body).toEqual({ message });
    expect(answer.status).toBe(status);
  }

  it("creates a template and answers its id, storage key and fields", async () => {
    const fields = [
      [signature("s1", 1), { id: "d1", x: 300, y: 600, page: 1, type: "Date", recipient: 1 }],
      [{ id: "t2", x: 10, y: 10, page: 3, type: "Text", recipient: 2 }],
    ];
    const answer = await create(templateForm({ file: threePages, templateName: "Lease", fields }));
    expect(answer.status).toBe(200);
    const body = answer.body as Record<string, unknown>;
    expect(body.message).toBe("Template created successfully");
    expect(body.template_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.s3_url).toMatch(/^templates\/[^/]+\/[0-9a-f-]{36}\.pdf$/);
    expect(body.fields).toEqual(fields);
    expect(Object.keys(body).sort()).toEqual(["fields", "message", "s3_url", "template_id"]);
  });

  it("with recipients, also creates the document and notifies each recipient", async () => {
    const answer = await create(
      templateForm({
        file: pdf,
        templateName: "NDA",
        fields: [[signature("a", 1)], [signature("b", 2, { y: 680 })]],
        recipients: [
          { name: "Ada", email: "ada@example.com", phone: null },
          { name: "Bo", email: "bo@example.com", phone: "+1 555 0100" },
        ],
        emailSubject: "Please sign the NDA",
      }),
    );
    expect(answer.status).toBe(200);
    const body = answer.body as Record<string, unknown>;
    expect(body.message).toBe("Template created and PDF created successfully");
    expect(body.pdf_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.recipients).toEqual(["ada@example.com", "bo@example.com"]);
    expect(body.fields).toEqual([
      { ...signature("a", 1), recipient: { email: "ada@example.com", name: "Ada" } },
      { ...signature("b", 2, { y: 680 }), recipient: { email: "bo@example.com", name: "Bo" } },
    ]);
    const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
    const messages = (outbox.body as { messages: Record<string, string>[] }).messages.filter(
      (m) => m.pdf_id === body.pdf_id,
    );
    expect(messages.map((m) => [m.to, m.name, m.subject])).toEqual([
      ["bo@example.com", "Bo", "Please sign the NDA"],
      ["ada@example.com", "Ada", "Please sign the NDA"],
    ]);
    for (const message of messages)
      expect(message.signingUrl).toMatch(new RegExp(`^${running.url}/sign/[A-Za-z0-9_-]{32}$`));
  });

  it("answers the documented 400s of API-SPEC.md section 7 with their exact texts", async () => {
    const fields = [[signature("s1", 1)]];
    await expectError(templateForm({ templateName: "x", fields }), 400, "No file uploaded.");
    await expectError(
      templateForm({ file: pdf, fileField: "pdf", templateName: "x", fields }),
      400,
      "No file uploaded.",
    );
    await expectError(templateForm({ file: pdf, fields }), 400, "Template name is required.");
    await expectError(templateForm({ file: pdf, templateName: "   ", fields }), 400, "Template name is required.");
    await expectError(templateForm({ file: pdf, templateName: "x", fields: "[[{oops" }), 400, "Invalid fields data.");
    await expectError(templateForm({ file: pdf, templateName: "x" }), 400, "Invalid fields data.");
    await expectError(
      templateForm({ file: pdf, templateName: "x", fields, recipients: { name: "Ada" } }),
      400,
      "Recipients must be an array.",
    );
    await expectError(
      templateForm({ file: pdf, templateName: "x", fields, recipients: "not json" }),
      400,
      "Recipients must be an array.",
    );
  });

  it("refuses fields that do not fit the document", async () => {
    const cases: unknown[] = [
      [[signature("s1", 1, { page: 2 })]], // page 2 does not exist
      [[signature("s1", 1, { page: 0 })]],
      [[signature("s1", 1, { x: 500 })]], // 500 + 160 > 612
      [[signature("s1", 1, { y: 760 })]], // 760 + 48 > 792
      [[signature("s1", 1, { x: -1 })]],
      [[signature("s1", 2)]], // group 1 must say recipient 1
      [[signature("s1", 1, { type: "Stamp" })]],
      [[signature("s1", 1)], [signature("s1", 2)]], // duplicate id
      [[signature("s1", 1)], []], // an empty group
      [],
      { not: "an array" },
      [[{ id: "s1", x: "72", y: 600, page: 1, type: "Signature", recipient: 1 }]],
      Array.from({ length: 21 }, (_, group) => [signature(`s${group}`, group + 1)]),
    ];
    for (const fields of cases) {
      await expectError(templateForm({ file: pdf, templateName: "x", fields }), 400, "Invalid fields data.");
    }
  });

  it("checks boxes against rotated and cropped pages as displayed", async () => {
    // Page 2 is Letter rotated 90°: displayed 792 wide, 612 high. Page 3 shows its 612×792 CropBox.
    const fits = [
      [signature("wide", 1, { page: 2, x: 620, y: 500 }), signature("crop", 1, { page: 3, x: 440, y: 740 })],
    ];
    expect((await create(templateForm({ file: threePages, templateName: "x", fields: fits }))).status).toBe(200);
    await expectError(
      templateForm({ file: threePages, templateName: "x", fields: [[signature("tall", 1, { page: 2, y: 600 })]] }),
      400,
      "Invalid fields data.",
    );
    await expectError(
      templateForm({ file: threePages, templateName: "x", fields: [[signature("crop", 1, { page: 3, x: 500 })]] }),
      400,
      "Invalid fields data.",
    );
  });

  it("names what is wrong with a file that is not a readable PDF", async () => {
    const fields = [[signature("s1", 1)]];
    const cases: [Uint8Array, string][] = [
      [new TextEncoder().encode("Just some text, not a document at all."), "The file is not a PDF or Word document."],
      [await truncatedPdf(), "The PDF is truncated or damaged: it does not end where a PDF must end."],
      [await passwordProtectedPdf(), "The PDF is encrypted or password-protected; upload an unprotected copy."],
      [new Uint8Array(0), "The file is empty."],
      [new TextEncoder().encode("%PDF-1.7\n1 0 obj garbage\n%%EOF\n"), "The PDF is damaged and cannot be read."],
    ];
    for (const [file, message] of cases) {
      await expectError(templateForm({ file, templateName: "x", fields }), 400, message);
    }
  });

  it("refuses 1 MB of junk in templateName and a malformed multipart body, and keeps serving", async () => {
    await expectError(
      templateForm({ file: pdf, templateName: "x".repeat(1024 * 1024), fields: [[signature("s1", 1)]] }),
      400,
      "Template name is too long (at most 255 characters).",
    );
    const malformed = await fetch(`${running.url}/createNewTemplate`, {
      method: "POST",
      headers: { "x-api-key": running.key, "content-type": "multipart/form-data; boundary=XYZ" },
      body: '--XYZ\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\n\r\n%PDF-1.7 trunc',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: "The upload is not a well-formed multipart form." });
    const json = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      json: { templateName: "x" },
    });
    expect(json).toMatchObject({ status: 400, body: { message: "No file uploaded." } });
    const still = await create(templateForm({ file: pdf, templateName: "Still here", fields: [[signature("s1", 1)]] }));
    expect(still.status).toBe(200);
  });

  it("refuses an upload over 50 MB with 413 File too large.", async () => {
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    await expectError(
      templateForm({ file: big, templateName: "Big", fields: [[signature("s1", 1)]] }),
      413,
      "File too large.",
    );
  });

  it("refuses an autoReleaseSignatures that is not a boolean", async () => {
    await expectError(
      templateForm({ file: pdf, templateName: "x", fields: [[signature("s1", 1)]], autoReleaseSignatures: "maybe" }),
      400,
      "autoReleaseSignatures must be true or false.",
    );
  });
});
