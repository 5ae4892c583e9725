import { afterAll, beforeAll, expect, it } from "vitest";
import { newDocumentRecord } from "../../main/documents/send-document";
import { type AppHarness, openApp } from "../support/app-harness";
import { axeInBothThemes, collectPageProblems } from "../support/page-checks";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, templateForm } from "../support/sandbox";
import { chooseTemplateAction } from "../support/template-actions";

/** Where the screenshots of the dialog are saved, to look at (not compared). */
const shots = process.env.TEMPLATES_BY_ID_SCREENSHOTS_DIR ?? "/tmp";

describeWith(["chromium", "secret-service"], "“Add a template by ID” on the Templates screen", () => {
  let app: AppHarness;
  /** A template made at the service outside the app (as in its web app). */
  let outsideId = "";
  const problems: string[] = [];

  const page = () => app.page;
  const dialog = () => page().getByRole("dialog", { name: "Add a template by ID" });
  const focused = () =>
    page().evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const label = element?.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
      return { tag: element?.tagName.toLowerCase() ?? "", label: label?.textContent ?? "", text: element?.textContent };
    });
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
  const checkBothThemes = (what: string) => axeInBothThemes(page(), what, shots);

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 860 } });
    collectPageProblems(page(), problems);
    const account = app.core.accounts.active();
    if (account === null) throw new Error("no account");
    const key = await app.core.accounts.apiKey(account.id);
    const fields = [1, 2].map((group) => [
      { id: `sign-${group}`, x: 72, y: 100 * group, page: 1, type: "Signature", recipient: group },
    ]);
    const made = await callApi(account.baseUrl, "POST", "/createNewTemplate", {
      key,
      form: templateForm({ file: await makePdf(), templateName: "Mutual NDA", fields }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    outsideId = (made.body as { template_id: string }).template_id;
    // An imported document that names it (a service whose listing carries the template's ID).
    app.core.records.documents.add({
      ...newDocumentRecord(
        account,
        crypto.randomUUID(),
        "Mutual NDA",
        outsideId,
        [{ name: "Ada", email: "ada@example.com" }],
        new Date().toISOString(),
        { imported: true },
      ),
    });
    await page().reload();
    await page().locator("#templates-title").waitFor({ timeout: 30_000 });
  });
  afterAll(async () => app?.close());

  it("adds a template by keyboard, from an ID seen in the documents, and lists it", async () => {
    await page().getByText("None yet: open a draft").waitFor();
    await page().getByRole("button", { name: "Add a template by ID…" }).focus();
    await page().keyboard.press("Enter");
    await dialog().waitFor();
    // The ID field has the focus; the ID the documents name is offered.
    await poll(async () => (await focused()).label).toBe("Template ID");
    const seen = dialog().getByLabel("Or pick one your documents were sent from");
    await expect(seen.locator("option").allTextContents()).resolves.toEqual([
      "Choose a template ID…",
      `“Mutual NDA”, 1 document (latest just now) · ${outsideId}`,
    ]);

    // Saving with nothing entered names each problem and moves the focus to the first.
    await page().keyboard.press("Enter");
    await dialog().getByRole("alert").waitFor();
    await poll(async () => (await focused()).label).toBe("Template ID");
    await expect(dialog().getByText("Enter the template's ID.").count()).resolves.toBe(1);
    await expect(dialog().getByText("Give the template a name.").count()).resolves.toBe(1);

    // Picked from the list: the ID, and the document's name as the template's name.
    await seen.selectOption(outsideId);
    await expect(dialog().getByLabel("Template ID").inputValue()).resolves.toBe(outsideId);
    await expect(dialog().getByLabel("Name", { exact: true }).inputValue()).resolves.toBe("Mutual NDA");

    const first = dialog().getByLabel("Label of group 1");
    await first.fill("Discloser");
    await dialog().getByRole("button", { name: "Add a group" }).click();
    await poll(async () => (await focused()).label).toBe("Label of group 2");
    await page().keyboard.press("ControlOrMeta+a");
    await page().keyboard.type(" discloser ");
    await dialog().getByRole("button", { name: "Add template" }).click();
    await dialog().getByText("“discloser” is already the label of group 1: each group needs its own.").waitFor();
    await poll(async () => (await focused()).label).toBe("Label of group 2");
    await checkBothThemes("add-template-by-id-problems");
    await page().keyboard.press("ControlOrMeta+a");
    await page().keyboard.type("Receiver");
    await checkBothThemes("add-template-by-id");
    await page().keyboard.press("Enter");

    await dialog().waitFor({ state: "detached" });
    const rows = page().getByRole("list", { name: "Templates created" }).getByRole("listitem");
    await poll(() => rows.count()).toBe(1);
    await expect(rows.first().textContent()).resolves.toMatch(
      /^Mutual NDARecipient groups: Discloser, Receiver · added by ID just now · last sent just now · /,
    );
    await expect(page().getByRole("status").filter({ hasText: "Added “Mutual NDA”" }).count()).resolves.toBe(1);
    // The focus is back on the button that opened the dialog.
    await poll(async () => (await focused()).text).toBe("Add a template by ID…");
    await checkBothThemes("templates-with-one-by-id");
  });

  it("sends it from the Send screen with one recipient per group, then removes it", async () => {
    await page()
      .getByRole("button", { name: /^Send… Mutual NDA/ })
      .click();
    await page().locator("#send-title").waitFor();
    await expect(page().getByRole("group", { name: "Discloser" }).count()).resolves.toBe(1);
    await expect(page().getByRole("group", { name: "Receiver" }).count()).resolves.toBe(1);
    await expect(
      page()
        .getByText(/Recipient groups: Discloser, Receiver · added by ID/)
        .count(),
    ).resolves.toBe(1);
    await page().getByRole("button", { name: "Cancel" }).click();

    await page()
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Templates/ })
      .click();
    await page().locator("#templates-title").waitFor();
    await chooseTemplateAction(page(), "Mutual NDA", "Remove…");
    const confirm = page().getByRole("dialog", { name: "Remove “Mutual NDA”?" });
    await confirm.getByRole("button", { name: "Remove from list" }).click();
    await confirm.waitFor({ state: "detached" });
    await page().getByText("None yet: open a draft").waitFor();
    await expect(page().getByRole("status").filter({ hasText: "Removed “Mutual NDA”" }).count()).resolves.toBe(1);
  });

  it("met no page error", () => {
    expect(problems).toEqual([]);
  });
});
