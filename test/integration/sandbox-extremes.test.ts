import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailAddressProblem, emailLimits } from "../../common/email-address";
import { type FieldType, limits } from "../../common/fields";
import { makePdf } from "../support/pdf-fixtures";
import { readTextItems } from "../support/pdf-text";
import { signatureDataUrl } from "../support/png";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

/**
 * Whatever the sandbox accepts when a template and a document are created, it can finalize: the extremes of
 * every limit at once, over HTTP, through to a final PDF that opens and whose audit trail names every signer.
 */

const run = promisify(execFile);
const groupCount = limits.maxRecipientGroups;
const fieldsPerGroup = limits.maxFieldsPerTemplate / groupCount;
/** Ids that name Object.prototype's members: plain ids to the sandbox. */
const prototypeIds = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"];
const longestId = `id-${"x".repeat(197)}`;

interface Field {
  id: string;
  x: number;
  y: number;
  page: number;
  type: FieldType;
  recipient: number;
}

/** The longest name (200 characters) and address (254 characters, 64 before the @) the sandbox accepts. */
function recipient(index: number) {
  const number = String(index + 1).padStart(2, "0");
  const local = `r${number}.${"l".repeat(emailLimits.maxLocalPartLength - 4)}`;
  const domain = `${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(63)}.com`;
  return {
    name: `Recipient ${number} ${"Bartholomew-Maximilian von Langenfeld ".repeat(6)}`.slice(0, 200),
    email: `${local}@${domain}`,
  };
}

/** 1000 characters (the longest Text value) of CJK and right-to-left scripts, with a little Latin. */
const nonLatinText =
  `契約書に署名します 서명합니다 שלום עולם مرحبا بالعالم ${"漢字かなカナ한글עבריתالعربية ".repeat(60)}`.slice(0, 1000);

/** 25 fields a group, one page per group, laid out in a grid (every box well inside a Letter page). */
function templateFields(): Field[][] {
  const types: FieldType[] = ["Signature", "Initials", "Text", "Name", "Email", "Date", "Checkbox"];
  const special = [...prototypeIds, longestId];
  return Array.from({ length: groupCount }, (_, group) =>
    Array.from({ length: fieldsPerGroup }, (_, slot): Field => {
      // The prototype names go to the first group and the last: the first signer's values wait for everyone else.
      const takesSpecial = (group === 0 && slot < 4) || (group === groupCount - 1 && slot < 4);
      const id = takesSpecial && special.length > 0 ? (special.shift() as string) : `g${group + 1}-f${slot + 1}`;
      return {
        id,
        type: takesSpecial ? "Text" : (types[slot % types.length] as FieldType),
        page: group + 1,
        x: 20 + (slot % 3) * 195,
        y: 20 + Math.floor(slot / 3) * 80,
        recipient: group + 1,
      };
    }),
  );
}

/** A value of the longest kind for each field; the special ids get Latin text that can be read back. */
function valueFor(field: Field): string | boolean {
  if (prototypeIds.includes(field.id) || field.id === longestId) return `Value of ${field.id.slice(0, 40)}`;
  switch (field.type) {
    case "Signature":
    case "Initials":
      return signatureDataUrl();
    case "Text":
      return nonLatinText;
    case "Name":
      return `Ünïcödé Ñame ${"Łukasz Żółć Ærøskøbing ".repeat(10)}`.slice(0, 200).trim();
    case "Email":
      return recipient(field.recipient - 1).email;
    case "Date":
      return "2026-02-28";
    case "Checkbox":
      return field.recipient % 2 === 0;
  }
}

describe("the sandbox finalizes the extremes it accepts", () => {
  let running: RunningSandbox;
  let workDir: string;

  beforeAll(async () => {
    running = await startSandbox();
    workDir = await mkdtemp(path.join(tmpdir(), "signdesk-extremes-"));
  });
  afterAll(async () => {
    await running?.close();
    if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
  });

  async function linksOf(pdfId: string): Promise<Map<string, string>> {
    const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
    const messages = (outbox.body as { messages: { pdf_id: string; to: string; signingUrl: string }[] }).messages;
    return new Map(messages.filter((m) => m.pdf_id === pdfId).map((m) => [m.to, m.signingUrl]));
  }

  /** A one-page template sent at once to Ada (group 1) and Bo (group 2): the document and a signer for each. */
  async function sentToAdaAndBo(templateName: string, fields: readonly [unknown[], unknown[]]) {
    const created = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf(),
        templateName,
        fields,
        recipients: [
          { name: "Ada", email: "ada@example.com" },
          { name: "Bo", email: "bo@example.com" },
        ],
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pdfId = (created.body as { pdf_id: string }).pdf_id;
    const links = await linksOf(pdfId);
    const sign = (email: string, fields: Record<string, unknown>) =>
      callApi(links.get(email) ?? "", "POST", "", { json: { fields } });
    return {
      pdfId,
      ada: (values: Record<string, unknown>) => sign("ada@example.com", values),
      bo: (values: Record<string, unknown>) => sign("bo@example.com", values),
    };
  }

  it("20 recipients with the longest names and addresses, 500 fields, prototype-named ids, 1000-character CJK and RTL text", async () => {
    const recipients = Array.from({ length: groupCount }, (_, index) => recipient(index));
    for (const { name, email } of recipients) {
      expect([name.length, email.length, email.indexOf("@")]).toEqual([200, 254, 64]);
      expect(emailAddressProblem(email)).toBeNull();
    }
    expect(nonLatinText).toHaveLength(1000);
    const groups = templateFields();
    expect(groups.flat()).toHaveLength(limits.maxFieldsPerTemplate);
    expect(groups.flat().map((field) => field.id)).toEqual(expect.arrayContaining([...prototypeIds, longestId]));

    const templateName = `Extremes ${"n".repeat(246)}`;
    const created = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf(Array.from({ length: groupCount }, () => ({}))),
        templateName,
        fields: groups,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const templateId = (created.body as { template_id: string }).template_id;
    const sent = await callApi(running.url, "POST", "/createFromTemplate", {
      key: running.key,
      json: { templateId, recipients },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const pdfId = (sent.body as { pdf_id: string }).pdf_id;

    const links = await linksOf(pdfId);
    for (const [index, { email }] of recipients.entries()) {
      const fields = Object.fromEntries((groups[index] ?? []).map((field) => [field.id, valueFor(field)]));
      const answer = await callApi(links.get(email) ?? "", "POST", "", { json: { fields } });
      expect(answer.status, `${email}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect((answer.body as { status: string }).status).toBe(index === groupCount - 1 ? "signed" : "partially_signed");
    }

    const details = await callApi(running.url, "GET", `/getDocumentDetails?pdf_id=${pdfId}`, { key: running.key });
    const document = (details.body as { document: { status: string; recipients: unknown; finalUrl: string } }).document;
    expect(document.status).toBe("signed");
    expect(document.recipients).toEqual(recipients);
    const download = await fetch(document.finalUrl);
    expect(download.status).toBe(200);
    const bytes = new Uint8Array(await download.arrayBuffer());

    // It opens: qpdf finds nothing wrong, and poppler reads every page.
    const file = path.join(workDir, "final.pdf");
    await writeFile(file, bytes);
    const checked = await run("qpdf", ["--check", file]);
    expect(checked.stdout).toContain("No syntax or stream encoding errors found");
    const pageCount = Number(/Pages:\s+(\d+)/.exec((await run("pdfinfo", [file])).stdout)?.[1]);
    const auditPages = pageCount - groupCount;
    expect(auditPages).toBeGreaterThan(1);
    const audit = (await run("pdftotext", ["-f", String(groupCount + 1), "-l", String(pageCount), file, "-"])).stdout;
    const auditPageTexts = audit.split("\f").filter((text) => text.trim() !== "");
    expect(auditPageTexts).toHaveLength(auditPages);
    auditPageTexts.forEach((text, index) => {
      expect(text).toContain(`Audit trail, page ${index + 1} of ${auditPages}`);
    });
    // Long names and addresses wrap over lines: compare without white space.
    const compact = audit.replace(/\s+/g, "");
    expect(compact).toContain(`Signers(${groupCount})`);
    for (const [index, { name, email }] of recipients.entries()) {
      expect(compact, email).toContain(`${index + 1}.${name}Email:${email}`.replace(/\s+/g, ""));
    }
    expect(compact).toContain(`Documentname:${templateName}`.replace(/\s+/g, ""));
    if (process.env.EXTREMES_DEBUG) console.log({ pageCount, auditPages, bytes: bytes.length });

    // The prototype-named fields hold their values, on their pages.
    const items = await readTextItems(bytes);
    for (const field of groups.flat().filter((f) => prototypeIds.includes(f.id) || f.id === longestId)) {
      const value = String(valueFor(field));
      expect(
        items.some((item) => item.page === field.page && item.text === value),
        `${field.id} on page ${field.page}`,
      ).toBe(true);
    }
  });

  it("keeps values of prototype-named fields across a restart between signatures", async () => {
    const ids = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];
    const { pdfId, ada, bo } = await sentToAdaAndBo("Restart", [
      ids.map((id, index) => ({ id, x: 72, y: 72 + index * 40, page: 1, type: "Text", recipient: 1 })),
      [{ id: "last", x: 300, y: 72, page: 1, type: "Text", recipient: 2 }],
    ]);
    expect((await ada(Object.fromEntries(ids.map((id) => [id, `Value of ${id}`])))).status).toBe(200);
    await running.restart();
    const last = await bo({ last: "Done" });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    const details = await callApi(running.url, "GET", `/getDocumentDetails?pdf_id=${pdfId}`, { key: running.key });
    const finalUrl = (details.body as { document: { finalUrl: string } }).document.finalUrl;
    const items = await readTextItems(new Uint8Array(await (await fetch(finalUrl)).arrayBuffer()));
    for (const id of ids) expect(items.map((item) => item.text)).toContain(`Value of ${id}`);
  });

  it("refuses a signature image the final PDF could not draw, so the last signer can still finish", async () => {
    const { ada, bo } = await sentToAdaAndBo("Images", [
      [{ id: "first", x: 72, y: 72, page: 1, type: "Signature", recipient: 1 }],
      [{ id: "second", x: 72, y: 300, page: 1, type: "Signature", recipient: 2 }],
    ]);
    const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const headerOnly = `data:image/png;base64,${Buffer.concat([magic, Buffer.from("not an image")]).toString("base64")}`;
    const huge = Buffer.from(signatureDataUrl().split(",")[1] ?? "", "base64");
    huge.writeUInt32BE(100_000, 16); // the header claims 100 000 pixels a row
    const hugeUrl = `data:image/png;base64,${huge.toString("base64")}`;
    for (const [value, problem] of [
      [headerOnly, "the image is not a PNG image"],
      [hugeUrl, "the image is too large (100000 \u00d7 40 pixels; 4096 \u00d7 4096 at most)"],
    ] as const) {
      expect(await ada({ first: value })).toMatchObject({
        status: 400,
        body: { message: `Field first (Signature) is not valid: ${problem}.`, field: "first" },
      });
    }
    expect((await ada({ first: signatureDataUrl() })).status).toBe(200);
    expect((await bo({ second: signatureDataUrl() })).body).toMatchObject({ status: "signed" });
  });
});
