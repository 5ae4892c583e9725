import { readFile } from "node:fs/promises";
import path from "node:path";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signingDateOf } from "../../sandbox/documents/signing-date";
import { seriousAxeViolations } from "../support/axe";
import { launchChromium } from "../support/chromium";
import { makePdf } from "../support/pdf-fixtures";
import { readPageText, readTextItems, withPdfDocument } from "../support/pdf-text";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

interface Field {
  id: string;
  type: "Signature" | "Initials" | "Text" | "Name" | "Email" | "Date" | "Checkbox";
  page: number;
  x: number;
  y: number;
  recipient: number;
}

// Page 2 is rotated 90°: displayed 792 × 612 points. Listed in the page's reading (and Tab) order.
const firstGroup: Field[] = [
  { id: "sig", type: "Signature", page: 1, x: 72, y: 120, recipient: 1 },
  { id: "name", type: "Name", page: 1, x: 72, y: 220, recipient: 1 },
  { id: "email", type: "Email", page: 1, x: 300, y: 220, recipient: 1 },
  { id: "date", type: "Date", page: 1, x: 72, y: 300, recipient: 1 },
  { id: "initials", type: "Initials", page: 2, x: 72, y: 100, recipient: 1 },
  { id: "text", type: "Text", page: 2, x: 300, y: 200, recipient: 1 },
  { id: "agree", type: "Checkbox", page: 2, x: 72, y: 300, recipient: 1 },
];
const secondGroup: Field[] = [
  { id: "sig2", type: "Signature", page: 1, x: 72, y: 520, recipient: 2 },
  { id: "date2", type: "Date", page: 2, x: 500, y: 400, recipient: 2 },
];
const ada = { name: "Ada Signer", email: "ada@example.com" };
const bo = { name: "Bo Second", email: "bo@example.com" };
// The Date fields hold the date of signing, which the sandbox decides (and the page shows read-only).
const typed = {
  Text: "Keyboard text 42",
  Name: "Ada K. Signer",
  Email: "ada.k@example.com",
  Date: signingDateOf(Date.now()),
};

describeWith("chromium", "sandbox signing page and inbox in Chromium, against a real sandbox", () => {
  let running: RunningSandbox;
  let browser: Browser;
  let context: BrowserContext;
  let pdf: Uint8Array;
  let twoPdfId: string;
  let adaLink: string;
  /** CSP violations, console errors and uncaught page errors, across every page of the run. */
  const problems: string[] = [];
  /** Every POST a page sent to a signing route. */
  const posts: string[] = [];

  async function api(method: "GET" | "POST", route: string, options: Parameters<typeof callApi>[3] = {}) {
    const answer = await callApi(running.url, method, route, { key: running.key, ...options });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Record<string, unknown>;
  }
  const status = async (pdfId: string) =>
    ((await api("GET", `/getDocumentDetails?pdf_id=${pdfId}`)).document as { status: string }).status;
  async function linkOf(pdfId: string, email: string): Promise<string> {
    const { messages } = (await api("GET", "/_sandbox/outbox")) as { messages: Record<string, string>[] };
    const message = messages.find((m) => m.pdf_id === pdfId && m.to === email);
    if (message?.signingUrl === undefined) throw new Error(`no message to ${email} for ${pdfId}`);
    return message.signingUrl;
  }
  async function openSigningPage(link: string, fieldCount: number): Promise<Page> {
    const page = await context.newPage();
    await page.goto(link);
    await expect.poll(() => page.locator(".field-control").count()).toBe(fieldCount);
    await expect.poll(() => page.locator(".page-canvas").count()).toBe(2);
    return page;
  }
  /** The template a document came from (the sandbox's data; the API does not say). */
  async function templateIdOf(pdfId: string): Promise<string> {
    const state = JSON.parse(await readFile(path.join(running.dataDir, "state.json"), "utf8")) as {
      documents: { id: string; templateId: string }[];
    };
    return state.documents.find((document) => document.id === pdfId)?.templateId ?? "";
  }
  const active = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      return element instanceof HTMLElement ? { id: element.id, field: element.dataset.fieldId ?? null } : null;
    });

  /** From the top of the page, Tab through every field filling it, then Enter on the last "Finish and sign". */
  async function signByKeyboard(page: Page, fields: Field[], signer: string): Promise<void> {
    for (let presses = 0; (await active(page))?.field == null; presses++) {
      expect(presses, "Tab never reached a field").toBeLessThan(10);
      await page.keyboard.press("Tab");
    }
    const visited: string[] = [];
    for (let now = await active(page); now?.field; now = await active(page)) {
      const field = fields.find((candidate) => candidate.id === now?.field);
      if (field === undefined) throw new Error(`focus on an unknown field ${now.field}`);
      visited.push(field.id);
      if (field.type === "Signature" || field.type === "Initials") {
        await page.keyboard.press(field.type === "Initials" ? "Space" : "Enter");
        await expect.poll(async () => (await active(page))?.id).toBe("sig-text");
        await page.keyboard.press("Control+A");
        await page.keyboard.type(field.type === "Initials" ? "AS" : signer);
        await page.keyboard.press("Enter");
        await expect.poll(async () => (await active(page))?.field).toBe(field.id);
        await expect(page.locator(`[data-field-id="${field.id}"] img`).count()).resolves.toBe(1);
      } else if (field.type === "Checkbox") {
        await page.keyboard.press("Space");
        await expect(page.locator(`[data-field-id="${field.id}"]`).isChecked()).resolves.toBe(true);
      } else if (field.type === "Date") {
        const date = page.locator(`[data-field-id="${field.id}"]`);
        await expect(date.inputValue()).resolves.toBe(typed.Date);
        await expect(date.isEditable()).resolves.toBe(false);
      } else {
        await page.keyboard.press("Control+A");
        await page.keyboard.type(typed[field.type]);
      }
      for (let presses = 0; (await active(page))?.field === field.id; presses++) {
        expect(presses, `Tab never left ${field.id}`).toBeLessThan(3);
        await page.keyboard.press("Tab");
      }
    }
    expect(visited).toEqual(fields.map((field) => field.id));
    await expect(page.locator("#progress-text").textContent()).resolves.toBe(
      `${fields.length} of ${fields.length} fields completed`,
    );
    expect((await active(page))?.id).toBe("finish-end");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Signed, thank you" }).waitFor();
  }

  beforeAll(async () => {
    [running, browser, pdf] = await Promise.all([startSandbox(), launchChromium(), makePdf([{}, { rotate: 90 }])]);
    context = await browser.newContext({
      locale: "en-US",
      colorScheme: "light",
      viewport: { width: 1280, height: 800 },
    });
    await context.exposeFunction("__reportCsp", (text: string) => problems.push(`CSP violation: ${text}`));
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { __reportCsp(text: string): Promise<void> }).__reportCsp;
        void report(
          `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
    context.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()} at ${message.location().url}`);
    });
    context.on("weberror", (error) => problems.push(`page error: ${error.error().message}`));
    context.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });

    const created = await api("POST", "/createNewTemplate", {
      form: templateForm({ file: pdf, templateName: "Two-party lease", fields: [firstGroup, secondGroup] }),
    });
    const sent = await api("POST", "/createFromTemplate", {
      json: { templateId: created.template_id, recipients: [ada, bo], emailSubject: "Please sign the lease" },
    });
    twoPdfId = String(sent.pdf_id);
  });

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("lists both messages in the inbox and signs recipient 1's part with the keyboard only", async () => {
    const page = await context.newPage();
    await page.goto(`${running.url}/_sandbox/inbox`);
    const key = page.getByLabel("Sandbox API key");
    await expect(key.getAttribute("type")).resolves.toBe("password");
    await key.focus();
    await page.keyboard.type(running.key);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#messages > li").count()).toBe(2);
    const list = (await page.locator("#messages").textContent()) ?? "";
    expect(list).toContain(`${ada.name} <${ada.email}>`);
    expect(list).toContain(`${bo.name} <${bo.email}>`);
    expect(list).toContain("Please sign the lease");

    await page.getByRole("link", { name: `Open signing page for ${ada.name}: Please sign the lease` }).click();
    await page.waitForURL(/\/sign\/[^/]+$/);
    adaLink = page.url();
    expect(adaLink).toBe(await linkOf(twoPdfId, ada.email));
    await expect.poll(() => page.locator(".field-control").count()).toBe(firstGroup.length);
    // The fields appear with their page's image (sandbox-signing-page.test.ts): Tab reaches them once it is drawn.
    await expect.poll(() => page.locator(".page-canvas").count()).toBe(2);
    await expect(page.locator("h1").textContent()).resolves.toBe("Two-party lease");

    await signByKeyboard(page, firstGroup, ada.name);
    await expect.poll(() => active(page).then((now) => now?.id)).toBe("outcome");
    await expect(page.locator(".field-control:enabled").count()).resolves.toBe(0);
    expect(posts.filter((route) => route.startsWith("/sign/"))).toHaveLength(1);
    await expect(status(twoPdfId)).resolves.toBe("partially_signed");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("lets recipient 2 decline through the page; recipient 1's link then shows the signed state", async () => {
    const page = await openSigningPage(await linkOf(twoPdfId, bo.email), secondGroup.length);
    await page.getByRole("button", { name: "Decline", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Decline to sign?" });
    await dialog.waitFor();
    await expect(active(page).then((now) => now?.id)).resolves.toBe("decline-cancel");
    await dialog.getByRole("button", { name: "Decline to sign" }).click();
    await page.getByRole("heading", { name: "You declined" }).waitFor();
    await expect(status(twoPdfId)).resolves.toBe("declined");

    await page.goto(adaLink);
    await page.getByRole("heading", { name: "You have already signed this document" }).waitFor();
    await expect(page.locator("#panel").isHidden()).resolves.toBe(true);
    await page.close();
  });

  it("tells a recipient in words when a co-signer declined meanwhile, or when the link is not valid", async () => {
    // Its own context: the 404 and 409 answers here are expected, not problems of the run.
    const quiet = await browser.newContext({ locale: "en-US" });
    try {
      const sent = await api("POST", "/createFromTemplate", {
        json: { templateId: await templateIdOf(twoPdfId), recipients: [ada, bo] },
      });
      const pdfId = String(sent.pdf_id);
      const page = await quiet.newPage();
      await page.goto(await linkOf(pdfId, ada.email));
      await expect.poll(() => page.locator(".field-control").count()).toBe(firstGroup.length);
      const declined = await callApi(await linkOf(pdfId, bo.email), "POST", "", { json: { decline: true } });
      expect(declined.status).toBe(200);
      await page.getByRole("button", { name: "Decline", exact: true }).click();
      await page
        .getByRole("dialog", { name: "Decline to sign?" })
        .getByRole("button", { name: "Decline to sign" })
        .click();
      await page.getByRole("heading", { name: "This document can no longer be signed" }).waitFor();
      await expect(
        page.getByText("This document was declined and can no longer be signed.").count(),
      ).resolves.toBeGreaterThan(0);

      const unknown = await page.goto(`${running.url}/sign/no-such-link`);
      expect(unknown?.status()).toBe(404);
      expect(unknown?.headers()["content-type"]).toMatch(/^text\/html/);
      await page.getByRole("heading", { name: "This signing page cannot be opened" }).waitFor();
    } finally {
      await quiet.close();
    }
  });

  it("signs a single-recipient document; the final PDF holds the typed values, the signature and the audit page", async () => {
    const created = await api("POST", "/createNewTemplate", {
      form: templateForm({ file: pdf, templateName: "Solo form", fields: [firstGroup], recipients: [ada] }),
    });
    const pdfId = String(created.pdf_id);
    const page = await openSigningPage(await linkOf(pdfId, ada.email), firstGroup.length);
    await signByKeyboard(page, firstGroup, ada.name);
    await page.close();

    const { document } = (await api("GET", `/getDocumentDetails?pdf_id=${pdfId}`)) as {
      document: { status: string; finalUrl: string | null };
    };
    expect(document.status).toBe("signed");
    const response = await fetch(document.finalUrl ?? "");
    expect(response.status).toBe(200);
    const final = new Uint8Array(await response.arrayBuffer());
    const items = await readTextItems(final);
    for (const type of ["Text", "Name", "Email", "Date"] as const) {
      const box = firstGroup.find((field) => field.type === type) as Field;
      const item = items.find((candidate) => candidate.text === typed[type]);
      expect(item, `${type} value in the final PDF`).toBeDefined();
      expect(item?.page).toBe(box.page);
      expect(Math.abs((item?.x ?? 0) - (box.x + 2))).toBeLessThanOrEqual(1);
      expect(item?.y).toBeGreaterThanOrEqual(box.y);
      expect(item?.y).toBeLessThanOrEqual(box.y + 24);
    }
    const images = await withPdfDocument(final, async (doc) => {
      const counts: number[] = [];
      for (const number of [1, 2]) {
        const operators = await (await doc.getPage(number)).getOperatorList();
        counts.push(operators.fnArray.filter((op) => op === pdfjs.OPS.paintImageXObject).length);
      }
      return counts;
    });
    expect(images).toEqual([1, 1]);
    const audit = await readPageText(final, 3);
    expect(audit).toContain("Audit trail");
    expect(audit).toContain(`1. ${ada.name}`);
    expect(audit).toContain(`Email: ${ada.email}`);
  });

  it("keeps focus on the first empty field and sends nothing when Finish is pressed too early", async () => {
    const created = await api("POST", "/createNewTemplate", {
      form: templateForm({ file: pdf, templateName: "Early finish", fields: [firstGroup], recipients: [ada] }),
    });
    const pdfId = String(created.pdf_id);
    const page = await openSigningPage(await linkOf(pdfId, ada.email), firstGroup.length);
    const postsBefore = posts.length;
    await page.locator("#finish").focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await active(page))?.field).toBe("sig");
    await expect(page.locator('[data-field-id="sig"]').getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(page.locator(".field-callout").textContent()).resolves.toBe("Add your signature here.");

    // With the signature added, Finish moves focus to the next empty field: Initials, on page 2.
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await active(page))?.id).toBe("sig-text");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await active(page))?.field).toBe("sig");
    await page.locator("#finish-end").focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await active(page))?.field).toBe("initials");
    await expect(page.locator("#message").textContent()).resolves.toContain(
      "Initials, page 2: Add your initials here.",
    );
    expect(posts.length).toBe(postsBefore);
    await expect(status(pdfId)).resolves.toBe("pending");

    // axe-core and a screenshot in each colour scheme, with the error callout showing.
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const violations = await seriousAxeViolations(page);
      if (violations.length > 0) console.log(`axe, signing page (${scheme}):`, JSON.stringify(violations, null, 2));
      expect(violations).toEqual([]);
      await page.screenshot({ path: `/tmp/signdesk-signing-page-${scheme}.png`, fullPage: true });
    }
    await page.close();
  });

  it("passes axe-core on the inbox with its messages listed", async () => {
    const page = await context.newPage();
    await page.goto(`${running.url}/_sandbox/inbox`);
    // The key is remembered per tab only: this new tab asks for it again.
    await expect(page.locator("#messages-section").isHidden()).resolves.toBe(true);
    await page.getByLabel("Sandbox API key").fill(running.key);
    await page.getByRole("button", { name: "Show messages" }).click();
    const sent = ((await api("GET", "/_sandbox/outbox")).messages as unknown[]).length;
    await expect.poll(() => page.locator("#messages > li").count()).toBe(sent);
    const violations = await seriousAxeViolations(page);
    if (violations.length > 0) console.log("axe, inbox:", JSON.stringify(violations, null, 2));
    expect(violations).toEqual([]);
    await page.close();
  });

  it("saw no CSP violation, console error or page error on any page (and would have)", async () => {
    expect(problems).toEqual([]);
    // The watchers work: an inline script the pages' CSP refuses, a console error and an uncaught error are reported.
    const page = await context.newPage();
    await page.goto(`${running.url}/_sandbox/inbox`);
    await page.evaluate(() => {
      document.body.append(Object.assign(document.createElement("script"), { text: "1" }));
      console.error("probe");
      setTimeout(() => {
        throw new Error("thrown probe");
      });
    });
    const seen = () => problems.map((problem) => problem.split(":")[0]);
    await expect.poll(() => new Set(seen())).toEqual(new Set(["CSP violation", "console error", "page error"]));
    await page.close();
  });
});
