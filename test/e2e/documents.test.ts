import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DocumentRecord, TemplateRecord } from "../../common/records";
import { type AppHarness, openApp } from "../support/app-harness";
import { bridgeCall } from "../support/bridge-call";
import { buildPage } from "../support/build-page";
import {
  actAsRecipient,
  checkBothThemes as checkThemes,
  saleFields as fields,
  saleGroups as groups,
  saleSignatures as signatures,
  templateThroughBridge,
} from "../support/documents-setup";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, templateForm } from "../support/sandbox";
import type { FixtureScreen } from "../support/screens-fixture/main";

const root = path.resolve(import.meta.dirname, "../..");
const fixtureDir = path.join(root, "test/support/screens-fixture");
const outDir = path.join(root, ".cache/screens-fixture");

describeWith(["chromium", "secret-service"], "the Documents and Send screens, against the real handlers", () => {
  let app: AppHarness;
  let template: TemplateRecord;
  let sentId = "";
  const problems: string[] = [];

  const page = () => app.page;
  const open = async (screen: FixtureScreen, extra = "") => {
    await page().goto(`${app.origin}/index.html?screen=${screen}${extra}`);
    await page()
      .locator(screen === "send" ? "#send-title" : "#documents-title")
      .waitFor();
  };
  const focused = () =>
    page().evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const labelled = element?.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
      return {
        tag: element?.tagName.toLowerCase() ?? "",
        id: element?.id ?? "",
        label: labelled?.textContent ?? "",
        group: element?.closest("fieldset.recipient-group")?.querySelector("legend")?.textContent ?? "",
        text: element?.textContent ?? "",
      };
    });
  const documents = async () => (await bridgeCall<{ documents: DocumentRecord[] }>(page(), "documentsList")).documents;
  const sign = (pdfId: string, email: string, body: unknown) => actAsRecipient(page(), pdfId, email, body);
  const badge = () => page().locator("header .status-badge");
  /** Waits for the page to show something (longer than expect.poll's default second, for slow machines). */
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
  const checkBothThemes = (what: string) => checkThemes(page(), what);

  beforeAll(async () => {
    await buildPage(outDir, fixtureDir);
    app = await openApp({
      rendererDir: outDir,
      pagePath: "/index.html?screen=documents",
      viewport: { width: 1280, height: 860 },
    });
    page().on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page().on("console", (message) => {
      // Chromium asks for /favicon.ico by itself; the fixture has none.
      if (message.location().url.endsWith("/favicon.ico")) return;
      if (message.type() === "error" || message.type() === "warning") problems.push(`console: ${message.text()}`);
    });

    // A template with two recipient groups, created through the bridge.
    template = await templateThroughBridge(page(), "Sale.pdf", groups, fields);
    await open("documents");
  });
  afterAll(async () => app?.close());

  it("sends the template from the Send screen by keyboard, after refusing a duplicate e-mail", async () => {
    await page().getByText("No documents yet.").waitFor();
    await page().getByRole("button", { name: "Send a document" }).focus();
    await page().keyboard.press("Enter");
    await page().locator("#send-title").waitFor();
    await poll(async () => (await focused()).id).toBe("send-title");
    // The form appears once the templates are read.
    await page().getByLabel("Template").waitFor();

    await page().keyboard.press("Tab");
    expect(await focused()).toMatchObject({ tag: "select", label: "Template" });
    await expect(page().getByLabel("Template").inputValue()).resolves.toBe(template.templateId);
    // One row per recipient group, labelled with the group's label.
    await expect(page().locator("fieldset.recipient-group").count()).resolves.toBe(2);
    await expect(page().getByRole("group", { name: "Buyer" }).getByLabel("Name").count()).resolves.toBe(1);
    await expect(page().getByRole("group", { name: "Seller" }).getByLabel("E-mail").count()).resolves.toBe(1);

    const typeInto = async (label: string, group: string, text: string) => {
      await page().keyboard.press("Tab");
      expect(await focused()).toMatchObject({ label, group: expect.stringContaining(group) });
      await page().keyboard.type(text);
    };
    await typeInto("Name", "Buyer", "Ada Buyer");
    await typeInto("E-mail", "Buyer", "ada@example.com");
    await typeInto("Name", "Seller", "Bo Seller");
    await typeInto("E-mail", "Seller", "ADA@example.com");
    // Then the document's name, made from the template's and the first recipient's, and the subject made from it.
    await page().keyboard.press("Tab");
    expect(await focused()).toMatchObject({ label: "Document name" });
    await expect(page().getByLabel("Document name").inputValue()).resolves.toBe("Sale – Ada Buyer");
    await page().keyboard.press("Tab");
    expect(await focused()).toMatchObject({ label: "E-mail subject" });
    await expect(page().getByLabel("E-mail subject").inputValue()).resolves.toBe("Please sign: Sale – Ada Buyer");
    await page().keyboard.press("ControlOrMeta+A");
    await page().keyboard.type("Please sign the sale");
    await page().keyboard.press("Enter");

    // Refused before anything is sent: said next to the field and in an alert; focus goes to the field.
    const refusal = page().getByRole("alert").filter({ hasText: "already Buyer's address" });
    await refusal.waitFor();
    const sellerEmail = page().getByRole("group", { name: "Seller" }).getByLabel("E-mail");
    await expect(sellerEmail.getAttribute("aria-invalid")).resolves.toBe("true");
    await poll(async () => (await focused()).group).toContain("Seller");
    expect(await focused()).toMatchObject({ label: "E-mail" });
    expect(await documents()).toEqual([]);

    await page().keyboard.press("ControlOrMeta+A");
    await page().keyboard.type("bo@example.com");
    await page().keyboard.press("Enter");

    // Sent: the document's details open, waiting for signatures.
    await page().getByRole("heading", { level: 1, name: "Sale" }).waitFor({ timeout: 20_000 });
    await poll(() => badge().textContent()).toContain("Waiting for signatures");
    const [record] = await documents();
    if (record === undefined) throw new Error("nothing was recorded");
    sentId = record.pdfId;
    expect(record.recipients).toEqual([
      { name: "Ada Buyer", email: "ada@example.com" },
      { name: "Bo Seller", email: "bo@example.com" },
    ]);
    const outbox = await bridgeCall<{ pdf_id: string; subject: string }[]>(page(), "sandboxOutbox");
    expect(outbox.filter((message) => message.pdf_id === sentId).map((message) => message.subject)).toEqual([
      "Please sign the sale",
      "Please sign the sale",
    ]);
    const details = page().locator(".document-detail");
    // The template it came from, by name, and its group labels for the recipients.
    await poll(() => details.textContent()).toContain("Buyer: Ada Buyer <ada@example.com>");
    await expect(details.textContent()).resolves.toContain("Seller: Bo Seller <bo@example.com>");
    await expect(details.locator(".detail-facts").textContent()).resolves.toContain(`Sale ${template.templateId}`);

    // Escape returns to the list, focus on the document; the list shows it pending.
    await page().keyboard.press("Escape");
    await poll(async () => (await focused()).text).toBe("Sale – Ada Buyer");
    const row = page().locator(`tr[data-pdf-id="${sentId}"]`);
    await expect(row.textContent()).resolves.toContain("Ada Buyer, Bo Seller");
    await expect(row.locator(".status-badge").textContent()).resolves.toContain("Waiting for signatures");
    await checkBothThemes("documents-pending");
  });

  it("follows the signatures (partly signed, then signed) and downloads the signed PDF in one click", async () => {
    const row = page().locator(`tr[data-pdf-id="${sentId}"]`);
    await sign(sentId, "ada@example.com", { fields: signatures["ada@example.com"] });
    // Live: the tracker's own poll finds the change, and the list follows (documents:changed).
    await app.core.tracker.refreshNow();
    await expect.poll(() => row.locator(".status-badge").textContent(), { timeout: 20_000 }).toContain("Partly signed");
    await page().getByRole("button", { name: "Refresh now" }).click();
    await page().getByRole("status").filter({ hasText: "checked with the service" }).waitFor();
    await checkBothThemes("documents-partly-signed");

    await row.getByRole("button", { name: "Sale" }).click();
    await poll(() => badge().textContent()).toContain("Partly signed");
    await expect(page().getByRole("button", { name: "Download" }).count()).resolves.toBe(0);
    const history = page().getByRole("list", { name: "Status history" });
    await expect(history.textContent()).resolves.toMatch(/Partly signed.*Waiting for signatures/);

    await sign(sentId, "bo@example.com", { fields: signatures["bo@example.com"] });
    await page().getByRole("button", { name: "Check status now" }).click();
    await expect.poll(() => badge().textContent(), { timeout: 20_000 }).toBe("✓Signed · Finished");
    await expect(history.textContent()).resolves.toMatch(/Signed.*Partly signed.*Waiting for signatures/);

    // One click saves it; the progress events carry the transfer's own id.
    await page().evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { __downloads: unknown[] }).__downloads = seen;
      window.signdesk?.on("transfer:progress", (event) => seen.push(event));
    });
    await page().getByRole("button", { name: "Download", exact: true }).click();
    const saved = page().getByRole("status").filter({ hasText: "Saved" });
    await saved.waitFor({ timeout: 20_000 });
    const files = await readdir(app.downloadsDir);
    // Saved under the document's own name.
    expect(files).toEqual(["Sale – Ada Buyer - signed.pdf"]);
    const bytes = await readFile(path.join(app.downloadsDir, "Sale – Ada Buyer - signed.pdf"));
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expect(saved.locator("code").textContent()).resolves.toBe(
      path.join(app.downloadsDir, "Sale – Ada Buyer - signed.pdf"),
    );
    const progress = async () =>
      (await page().evaluate(() => (window as unknown as { __downloads: unknown[] }).__downloads)) as {
        transferId: string;
        kind: string;
        done: number;
      }[];
    await poll(async () => (await progress()).at(-1)?.done).toBe(bytes.length);
    expect(new Set((await progress()).map((event) => `${event.kind} ${event.transferId}`)).size).toBe(1);
    expect((await progress())[0]?.kind).toBe("download");

    // Then "Show in folder" and "Open" for the saved file (the Chromium harness has no shell: it says so).
    await page().getByRole("button", { name: "Show in folder" }).click();
    await page().getByRole("alert").filter({ hasText: "needs the Signdesk app" }).waitFor();
    await expect(page().getByRole("button", { name: "Open", exact: true }).count()).resolves.toBe(1);
    await expect(page().getByRole("button", { name: "Download again" }).count()).resolves.toBe(1);
    await checkBothThemes("document-downloaded");
  });

  it("suggests recent recipients, and shows a declined document as Declined with no download", async () => {
    await page().keyboard.press("Escape");
    await page().getByRole("button", { name: "Send a document" }).click();
    await page().locator("#send-title").waitFor();
    const buyer = page().getByRole("group", { name: "Buyer" });
    // Earlier recipients are offered (once each); choosing a known name fills in the e-mail.
    await poll(() => page().locator("datalist option[value='ada@example.com']").count()).toBe(1);
    await expect(page().locator("datalist option[value='Ada Buyer']").count()).resolves.toBe(1);
    await buyer.getByLabel("Name").fill("Ada Buyer");
    await expect(buyer.getByLabel("E-mail").inputValue()).resolves.toBe("ada@example.com");
    const seller = page().getByRole("group", { name: "Seller" });
    await seller.getByLabel("Name").fill("Cy Seller");
    await seller.getByLabel("E-mail").fill("cy@example.com");
    await page().getByRole("button", { name: "Send", exact: true }).click();
    await expect.poll(() => badge().textContent(), { timeout: 20_000 }).toContain("Waiting for signatures");
    const declined = (await documents()).find((record) => record.recipients.some((r) => r.email === "cy@example.com"));
    if (declined === undefined) throw new Error("the second document was not recorded");

    await sign(declined.pdfId, "cy@example.com", { decline: true });
    await page().getByRole("button", { name: "Check status now" }).click();
    await expect.poll(() => badge().textContent(), { timeout: 20_000 }).toBe("✕Declined");
    await expect(page().locator(".document-detail").textContent()).resolves.toContain(
      "Declined. There is no signed PDF for a declined document.",
    );
    await expect(
      page()
        .getByRole("button", { name: /Download/ })
        .count(),
    ).resolves.toBe(0);
    await expect(page().getByRole("button", { name: "Check status now" }).count()).resolves.toBe(0);
    await checkBothThemes("document-declined");

    // Back in the list: filter, search and sort.
    await page().getByRole("button", { name: "All documents" }).click();
    await expect(page().locator("tbody tr").count()).resolves.toBe(2);
    await page().getByLabel("Status").selectOption("declined");
    await poll(() => page().locator("tbody tr").count()).toBe(1);
    await expect(page().getByTestId("documents-count").textContent()).resolves.toBe("Showing 1 of 2 documents");
    await page().getByLabel("Status").selectOption("all");
    await page().getByLabel("Search").fill("bo@example");
    await poll(() => page().locator("tbody tr").getAttribute("data-pdf-id")).toBe(sentId);
    await page().getByLabel("Search").fill("");
    await page().getByLabel("Sort by").selectOption("status");
    await poll(() => page().locator("tbody tr .status-badge").allTextContents()).toEqual([
      "✓Signed · Finished",
      "✕Declined",
    ]);
  });

  it("opens a document's details when asked to (a notification click)", async () => {
    await app.emit("app:navigate", { screen: "documents", pdfId: sentId });
    await page().getByRole("heading", { level: 1, name: "Sale" }).waitFor();
    await poll(() => badge().textContent()).toBe("✓Signed · Finished");
    await page().keyboard.press("Escape");
    await poll(async () => (await focused()).text).toBe("Sale – Ada Buyer");
  });

  it("says while the service cannot be reached, and tries again on request", async () => {
    const [account] = app.core.accounts.list();
    await app.emit("service:reachability", {
      accountId: account?.id ?? "",
      reachable: false,
      message: "The service did not answer (connection refused).",
    });
    const banner = page().getByTestId("offline-banner");
    await banner.waitFor();
    const text = await banner.textContent();
    expect(text).toContain("The signing service cannot be reached.");
    expect(text).toContain("connection refused");
    expect(text).toContain("You can keep drafting templates");
    expect(text).toContain("Sending, status updates and downloads wait");
    await banner.getByRole("button", { name: "Try again" }).click();
    await banner.waitFor({ state: "detached" });
  });

  it("imports the documents the service has and the app does not, saying how many", async () => {
    const sandbox = app.core.sandbox;
    const [account] = app.core.accounts.list();
    if (sandbox === null || account === undefined) throw new Error("no sandbox account");
    const created = await callApi(sandbox.url, "POST", "/createNewTemplate", {
      key: await app.core.accounts.apiKey(account.id),
      form: templateForm({
        file: await makePdf(),
        templateName: "Lease",
        fields: [[{ id: "note", x: 72, y: 72, page: 1, type: "Text", recipient: 1 }]],
        recipients: [{ name: "Dee Tenant", email: "dee@example.com" }],
      }),
    });
    expect(created.status).toBe(200);
    await open("documents");
    await page().getByRole("button", { name: "Import from service" }).click();
    await page().getByRole("status").filter({ hasText: "Added 1 document from the service." }).waitFor();
    const imported = page().locator("tbody tr").filter({ hasText: "Lease" });
    await poll(() => imported.textContent()).toContain("Dee Tenant");
    await expect(imported.textContent()).resolves.toContain("imported");
    await page().getByRole("button", { name: "Import from service" }).click();
    await page().getByRole("status").filter({ hasText: "Nothing new" }).waitFor();
  });

  it("shows the service's refusal next to the Send form, and stays on it", async () => {
    const saved = app.core.records.templates.all();
    const [real] = saved;
    if (real === undefined) throw new Error("no template");
    // A template this app remembers but the service does not know (as after the service lost it).
    const unknown = { ...real, templateId: "no-such-template", name: "Forgotten", createdAt: new Date().toISOString() };
    app.core.records.templates.setAll([...saved, unknown]);
    try {
      await open("send", "&template=no-such-template");
      await expect(page().getByLabel("Template").inputValue()).resolves.toBe("no-such-template");
      await page().getByRole("group", { name: "Buyer" }).getByLabel("Name").fill("Eve");
      await page().getByRole("group", { name: "Buyer" }).getByLabel("E-mail").fill("eve@example.com");
      await page().getByRole("group", { name: "Seller" }).getByLabel("Name").fill("Fay");
      await page().getByRole("group", { name: "Seller" }).getByLabel("E-mail").fill("fay@example.com");
      await page().getByRole("button", { name: "Send", exact: true }).click();
      const refusal = page().getByRole("alert").filter({ hasText: "The service did not send the document" });
      await refusal.waitFor({ timeout: 20_000 });
      await expect(refusal.textContent()).resolves.toContain("Template not found");
      await expect(page().locator("#send-title").count()).resolves.toBe(1);
      await expect(page().getByRole("group", { name: "Seller" }).getByLabel("E-mail").inputValue()).resolves.toBe(
        "fay@example.com",
      );
      await page().screenshot({ path: "/tmp/signdesk-send-refused-light.png", fullPage: true });
    } finally {
      app.core.records.templates.setAll(saved);
    }
  });

  it("has no serious accessibility violations on both screens, and follows the light and dark themes", async () => {
    await open("documents");
    await page().locator("tbody tr").first().waitFor();
    await checkBothThemes("documents");
    const backgrounds: Record<string, string> = {};
    for (const scheme of ["light", "dark"] as const) {
      await page().emulateMedia({ colorScheme: scheme });
      backgrounds[scheme] = await page().evaluate(
        () => getComputedStyle(document.querySelector(".content") as Element).backgroundColor,
      );
    }
    expect(backgrounds).toEqual({ light: "rgb(245, 246, 248)", dark: "rgb(23, 25, 29)" });
    await page().emulateMedia({ colorScheme: "light" });

    await page().locator(`[data-open-document="${sentId}"]`).click();
    await page().getByRole("button", { name: "Download", exact: true }).waitFor();
    await checkBothThemes("document-detail");

    await open("send");
    await page().getByLabel("Template").waitFor();
    await checkBothThemes("send");
    await page().getByRole("group", { name: "Seller" }).getByLabel("E-mail").fill("not-an-address");
    await page().getByRole("button", { name: "Send", exact: true }).click();
    await page().getByRole("alert").first().waitFor();
    await checkBothThemes("send-problems");

    const [account] = app.core.accounts.list();
    await app.emit("service:reachability", { accountId: account?.id ?? "", reachable: false, message: null });
    await page().getByTestId("offline-banner").waitFor();
    await checkBothThemes("offline");
    // No CSP violation (an inline style would be refused and logged), no React warning, no page error.
    expect(problems).toEqual([]);
  });
});
