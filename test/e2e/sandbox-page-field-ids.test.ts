import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../support/chromium";
import { makePdf } from "../support/pdf-fixtures";
import { readTextItems } from "../support/pdf-text";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

/** Field ids are the template author's: the signing page sends "__proto__" and "constructor" like any other id. */
const fields = [
  { id: "__proto__", type: "Text", page: 1, x: 72, y: 120, recipient: 1 },
  { id: "constructor", type: "Text", page: 1, x: 72, y: 200, recipient: 1 },
  { id: "toString", type: "Checkbox", page: 1, x: 72, y: 280, recipient: 1 },
] as const;

describeWith("chromium", "the sandbox signing page with prototype-named field ids", () => {
  let running: RunningSandbox;
  let browser: Browser;

  beforeAll(async () => {
    [running, browser] = await Promise.all([startSandbox(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("signs them, and the final PDF holds their values", async () => {
    const created = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf(),
        templateName: "Prototype ids",
        fields: [fields],
        recipients: [{ name: "Ada", email: "ada@example.com" }],
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pdfId = (created.body as { pdf_id: string }).pdf_id;
    const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
    const link = (outbox.body as { messages: { pdf_id: string; signingUrl: string }[] }).messages.find(
      (message) => message.pdf_id === pdfId,
    )?.signingUrl;

    const context = await browser.newContext({ locale: "en-US" });
    try {
      const page = await context.newPage();
      await page.goto(link ?? "");
      await expect.poll(() => page.locator(".field-control").count()).toBe(fields.length);
      await page.locator('[data-field-id="__proto__"]').fill("Proto value");
      await page.locator('[data-field-id="constructor"]').fill("Constructor value");
      await page.locator('[data-field-id="toString"]').check();
      await page.locator("#finish-end").click();
      await page.getByRole("heading", { name: "Signed, thank you" }).waitFor();
    } finally {
      await context.close();
    }

    const details = await callApi(running.url, "GET", `/getDocumentDetails?pdf_id=${pdfId}`, { key: running.key });
    const document = (details.body as { document: { status: string; finalUrl: string } }).document;
    expect(document.status).toBe("signed");
    const items = await readTextItems(new Uint8Array(await (await fetch(document.finalUrl)).arrayBuffer()));
    const onPage = items.filter((item) => item.page === 1).map((item) => item.text);
    expect(onPage).toEqual(expect.arrayContaining(["Proto value", "Constructor value"]));
  });
});
