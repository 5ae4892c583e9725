import { afterAll, beforeAll, expect, it } from "vitest";
import type { DocumentRecord, TemplateRecord } from "../../common/records";
import { type AppHarness, openApp } from "../support/app-harness";
import { bridgeCall } from "../support/bridge-call";
import { draftThroughBridge, twoPartyLease } from "../support/documents-setup";
import { axeInBothThemes, collectPageProblems } from "../support/page-checks";
import { describeWith } from "../support/requirements";
import { matchBaseline } from "../support/screenshots";
import { chooseTemplateAction } from "../support/template-actions";

/** Where the screenshots of each state are saved, to look at (not compared). */
const shots = process.env.TEMPLATES_MANAGE_SCREENSHOTS_DIR ?? "/tmp";
const slow = { timeout: 30_000 };

describeWith(["chromium", "secret-service"], "Managing templates, naming sends, and calm forms", () => {
  let app: AppHarness;
  let draftId = "";
  let first: TemplateRecord;
  const problems: string[] = [];

  const page = () => app.page;
  const templateRows = () => page().getByRole("list", { name: "Templates created" }).locator(":scope > li");
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, slow);
  const checkBothThemes = (what: string) => axeInBothThemes(page(), what, shots);
  const goTo = async (screen: "Templates" | "Documents" | "Accounts") => {
    await page()
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: new RegExp(`^${screen}`) })
      .click();
    await page().locator(`#${screen.toLowerCase()}-title`).waitFor(slow);
  };

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 820 } });
    collectPageProblems(page(), problems);
    await page().locator("#templates-title").waitFor(slow);
    draftId = await draftThroughBridge(page(), "Lease.pdf", twoPartyLease.groups, twoPartyLease.fields);
    first = (
      await bridgeCall<{ template: TemplateRecord }>(page(), "templatesCreate", {
        draftId,
        transferId: crypto.randomUUID(),
      })
    ).template;
    await page().reload();
    await page().locator("#templates-title").waitFor(slow);
  });
  afterAll(async () => app?.close());

  it("lists each template's groups and last use, and renames it in Signdesk only", async () => {
    await poll(() => templateRows().count()).toBe(1);
    await expect(templateRows().first().textContent()).resolves.toContain(
      `Recipient groups: Tenant, Landlord · created just now · not sent yet · ID ${first.templateId.slice(0, 8)}…`,
    );

    await chooseTemplateAction(page(), "Lease", "Rename…");
    const dialog = page().getByRole("dialog", { name: "Rename “Lease”" });
    await dialog.waitFor();
    const name = dialog.getByLabel("Name");
    await expect(name.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await expect(dialog.textContent()).resolves.toContain("kept in Signdesk on this computer");
    await name.fill("   ");
    await dialog.getByRole("button", { name: "Rename" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Give the template a name." }).waitFor();
    await checkBothThemes("template-rename-problem");
    await name.fill("Lease 2031");
    for (const scheme of ["light", "dark"] as const) {
      await page().emulateMedia({ colorScheme: scheme });
      const outcome = await matchBaseline(`template-rename-dialog-${scheme}`, await dialog.screenshot(), {
        channel: 48,
        fraction: 0.0001,
      });
      expect(outcome.status, outcome.message).toMatch(/^(matched|written)$/);
    }
    await page().emulateMedia({ colorScheme: "light" });
    await page().keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await page().getByRole("status").filter({ hasText: "Renamed to “Lease 2031” in Signdesk." }).waitFor();
    // The list is read again after the rename answers: it may come a moment after the status.
    await expect.poll(() => templateRows().first().locator(".template-name").textContent()).toBe("Lease 2031");
    const stored = app.core.records.templates.all().find((record) => record.templateId === first.templateId);
    expect(stored?.name).toBe("Lease 2031");
  });

  it("sends under a name of its own, defaulting to the template's; a message never changes the Name box", async () => {
    await page().getByRole("button", { name: "Send… Lease 2031" }).click();
    await page().locator("#send-title").waitFor(slow);
    const documentName = page().getByLabel("Document name");
    await expect(documentName.inputValue()).resolves.toBe("Lease 2031");
    await expect(page().getByText("the service takes no name when sending").count()).resolves.toBe(1);

    const tenant = page().getByRole("group", { name: "Tenant" });
    const landlord = page().getByRole("group", { name: "Landlord" });
    await tenant.getByLabel("Name").fill("Ada Tenant");
    await tenant.getByLabel("E-mail").fill("ada@example.com");
    await landlord.getByLabel("Name").fill("Bob Landlord");
    await landlord.getByLabel("E-mail").fill("ADA@example.com");
    await documentName.fill("");
    const nameBox = landlord.getByLabel("Name");
    const before = await nameBox.boundingBox();
    await page().getByRole("button", { name: "Send", exact: true }).click();
    await page()
      .getByRole("alert")
      .filter({ hasText: "2 fields need correcting before sending: ADA@example.com is already Tenant's address" })
      .filter({ hasText: "Give the document a name." })
      .waitFor();
    const emailProblem = landlord.locator(".field-problem");
    await expect(emailProblem.count()).resolves.toBe(1);
    // The duplicate e-mail's message is under the E-mail box; the Name box beside it keeps its height.
    const after = await nameBox.boundingBox();
    expect(after?.height).toBe(before?.height);
    await checkBothThemes("send-problems");

    await landlord.getByLabel("E-mail").fill("bob@example.com");
    await documentName.fill("Lease 2031 – Ada Tenant");
    await page().getByRole("button", { name: "Send", exact: true }).click();
    await page().getByRole("heading", { name: "Lease 2031 – Ada Tenant" }).waitFor(slow);
    const { documents } = await bridgeCall<{ documents: DocumentRecord[] }>(page(), "documentsList");
    expect(documents.map((document) => [document.name, document.templateId])).toEqual([
      ["Lease 2031 – Ada Tenant", first.templateId],
    ]);

    await goTo("Templates");
    await poll(() => templateRows().first().textContent()).toContain("· last sent just now ·");
  });

  it("makes a new version from the draft, which supersedes the old one in the list", async () => {
    await chooseTemplateAction(page(), "Lease 2031", "New version from its draft");
    await page().getByRole("button", { name: "Create template…" }).waitFor(slow);
    await page().getByRole("button", { name: "Create template…" }).click();
    const create = page().getByRole("dialog", { name: "Create template" });
    await create.getByRole("button", { name: "Create template", exact: true }).click();
    await page().getByRole("status").filter({ hasText: "Template “Lease” created." }).waitFor(slow);
    await page().getByRole("button", { name: "Back to templates" }).click();
    await page().locator("#templates-title").waitFor(slow);

    await poll(() => templateRows().count()).toBe(1);
    const row = templateRows().first();
    await expect(row.locator(".template-name").textContent()).resolves.toBe("Lease");
    await expect(row.locator(".draft-meta").first().textContent()).resolves.toContain("· version 2 · created just now");
    const earlier = row.getByText("Earlier versions (1)");
    await expect(row.getByRole("list", { name: "Earlier versions of Lease" }).isVisible()).resolves.toBe(false);
    await earlier.focus();
    await page().keyboard.press("Enter");
    const earlierList = row.getByRole("list", { name: "Earlier versions of Lease" });
    await expect(earlierList.isVisible()).resolves.toBe(true);
    await expect(earlierList.textContent()).resolves.toContain(
      `Version 1: “Lease 2031” · created just now · last sent just now · ID ${first.templateId.slice(0, 8)}…`,
    );
    await checkBothThemes("templates-versions");

    const stored = app.core.records.templates.all();
    const newest = stored.find((record) => record.templateId !== first.templateId);
    expect(stored.find((record) => record.templateId === first.templateId)?.supersededBy).toBe(newest?.templateId);

    // The Send screen offers the newest version only.
    await row.getByRole("button", { name: "Send… Lease", exact: true }).click();
    await page().locator("#send-title").waitFor(slow);
    await expect(page().getByLabel("Template").locator("option").allTextContents()).resolves.toEqual([
      "Lease (2 recipients)",
    ]);
    await page().getByRole("button", { name: "Cancel" }).click();
    // Sent from "Earlier versions", the earlier one is offered too, and said to be one.
    await goTo("Templates");
    await templateRows().first().getByText("Earlier versions (1)").click();
    await page().getByRole("button", { name: "Send… version 1 of Lease" }).click();
    await page().locator("#send-title").waitFor(slow);
    await expect(page().getByLabel("Template").locator("option:checked").textContent()).resolves.toBe(
      "Lease 2031, an earlier version (2 recipients)",
    );
    await expect(page().getByLabel("Document name").inputValue()).resolves.toBe("Lease 2031");
    await page().getByRole("button", { name: "Cancel" }).click();
    await goTo("Templates");
  });

  it("removes the newest version from the list only, and the earlier one takes its place", async () => {
    await chooseTemplateAction(page(), "Lease", "Remove…");
    const confirm = page().getByRole("dialog", { name: "Remove “Lease”?" });
    await confirm.waitFor();
    await expect(confirm.textContent()).resolves.toContain("The template itself stays at the service");
    await expect(confirm.textContent()).resolves.toContain(
      "Its earlier version, created just now, is listed in its place.",
    );
    await checkBothThemes("template-remove-confirm");
    await confirm.getByRole("button", { name: "Remove from list" }).click();
    await confirm.waitFor({ state: "detached" });
    await page().getByRole("status").filter({ hasText: "Removed “Lease” from Signdesk’s list." }).waitFor();
    await poll(() => templateRows().count()).toBe(1);
    // The list is read again after the rename answers: it may come a moment after the status.
    await expect.poll(() => templateRows().first().locator(".template-name").textContent()).toBe("Lease 2031");
    await expect(
      templateRows()
        .first()
        .getByText(/Earlier versions/)
        .count(),
    ).resolves.toBe(0);
    expect(app.core.records.templates.all().map((record) => record.supersededBy)).toEqual([undefined]);
  });

  it("says so when the template's draft was deleted", async () => {
    await page().getByRole("button", { name: "Delete Lease" }).click();
    await page().getByText("No drafts yet.").waitFor(slow);
    await chooseTemplateAction(page(), "Lease 2031", "New version from its draft");
    await page()
      .getByRole("alert")
      .filter({ hasText: "has been deleted, so there is no draft to make a new version from" })
      .waitFor();
    await expect(page().locator("#templates-title").isVisible()).resolves.toBe(true);
  });

  it("keeps the coordinate origin under a folded “Advanced settings”, opened by keyboard", async () => {
    await goTo("Accounts");
    // The form is folded away too while an account exists.
    await page().getByRole("button", { name: "Add an account…" }).click();
    const form = page().getByRole("form", { name: "Add an account" });
    const summary = form.getByText("Advanced settings");
    await summary.waitFor();
    await expect(form.getByRole("radio", { name: /^Bottom-left/ }).isVisible()).resolves.toBe(false);
    await summary.focus();
    await page().keyboard.press("Enter");
    await expect(form.getByRole("radio", { name: /^Bottom-left/ }).isVisible()).resolves.toBe(true);
    await expect(form.getByRole("radio", { name: /^Top-left/ }).isChecked()).resolves.toBe(true);
    await checkBothThemes("accounts-advanced-open");
    await page().keyboard.press("Enter");
    await expect(form.getByRole("radio", { name: /^Bottom-left/ }).isVisible()).resolves.toBe(false);
  });

  it("met no page error", () => {
    expect(problems).toEqual([]);
  });
});
