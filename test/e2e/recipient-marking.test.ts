import type { Locator } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TemplateRecord } from "../../common/records";
import { type AppHarness, openApp } from "../support/app-harness";
import { bridgeCall } from "../support/bridge-call";
import { draftThroughBridge, twoPartyLease } from "../support/documents-setup";
import { axeInBothThemes, collectPageProblems } from "../support/page-checks";
import { describeWith } from "../support/requirements";
import { goTo, slow } from "../support/round-trip";

/** Where the screenshots of each state are saved, to look at (not compared). */
const shots = process.env.RECIPIENT_MARKING_SCREENSHOTS_DIR ?? "/tmp";

/** What both forms must say, each under its own field, for a nameless second recipient with the first's address. */
const expected = {
  landlordName: "Enter a name for Landlord.",
  landlordEmail: "ADA@Example.com is already Tenant's address: each recipient needs their own.",
};

/** A field's marking as a person using a screen reader meets it: invalid or not, and the message it points to. */
async function marking(input: Locator): Promise<{ invalid: string | null; message: string | null }> {
  return input.evaluate((element) => {
    const ids = element.getAttribute("aria-describedby")?.split(/\s+/) ?? [];
    const messages = ids.map((id) => document.getElementById(id)?.textContent ?? `(no element ${id})`);
    return {
      invalid: element.getAttribute("aria-invalid"),
      message: messages.length === 0 ? null : messages.join(" "),
    };
  });
}

const isFocused = (input: Locator) => input.evaluate((element) => element === document.activeElement);

/** Fills a form's two recipient groups: Ada for Tenant, a nameless Landlord with Ada's address in other case. */
async function fillWithDuplicate(form: Locator): Promise<void> {
  const tenant = form.getByRole("group", { name: "Tenant" });
  const landlord = form.getByRole("group", { name: "Landlord" });
  await tenant.getByLabel("Name").fill("Ada Tenant");
  await tenant.getByLabel("E-mail").fill("ada@example.com");
  await landlord.getByLabel("Name").fill("");
  await landlord.getByLabel("E-mail").fill("ADA@Example.com");
}

/** After a refused submit: the Landlord's two fields are marked with their messages, the first focused. */
async function expectLandlordMarked(form: Locator): Promise<void> {
  const tenant = form.getByRole("group", { name: "Tenant" });
  const landlord = form.getByRole("group", { name: "Landlord" });
  await expect
    .poll(() => marking(landlord.getByLabel("Name")), slow)
    .toEqual({
      invalid: "true",
      message: expected.landlordName,
    });
  await expect(marking(landlord.getByLabel("E-mail"))).resolves.toEqual({
    invalid: "true",
    message: expected.landlordEmail,
  });
  for (const field of ["Name", "E-mail"])
    await expect(marking(tenant.getByLabel(field))).resolves.toEqual({ invalid: "false", message: null });
  await expect.poll(() => isFocused(landlord.getByLabel("Name")), slow).toBe(true);
}

describeWith(["chromium", "secret-service"], "one recipient check, marked on its field in every form", () => {
  let app: AppHarness;
  let draftId = "";
  const problems: string[] = [];
  const page = () => app.page;

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 820 } });
    collectPageProblems(page(), problems);
    await page().locator("#templates-title").waitFor(slow);
    draftId = await draftThroughBridge(page(), "Lease.pdf", twoPartyLease.groups, twoPartyLease.fields);
    await page().reload();
    await page().locator("#templates-title").waitFor(slow);
  });
  afterAll(async () => app?.close());

  it("the Create template dialog marks each problem on its field, a duplicate address in any case too", async () => {
    await page().getByRole("list", { name: "Drafts" }).getByRole("button", { name: "Lease", exact: true }).click();
    await page().getByRole("toolbar", { name: "Editor" }).waitFor(slow);
    await page().getByRole("button", { name: "Create template…" }).click();
    const dialog = page().getByRole("dialog", { name: "Create template" });
    await dialog.getByRole("checkbox", { name: /Send it now/ }).check();
    await fillWithDuplicate(dialog);
    await dialog.getByRole("button", { name: "Create and send" }).click();

    await expectLandlordMarked(dialog);
    const alert = dialog.getByRole("alert");
    await expect(alert.textContent()).resolves.toBe(`${expected.landlordName}${expected.landlordEmail}`);
    await axeInBothThemes(page(), "create-template-recipient-problems", shots);
    expect(app.core.records.templates.all()).toHaveLength(0);

    // Corrected, the marks go as the fields change; nothing was uploaded meanwhile.
    const landlord = dialog.getByRole("group", { name: "Landlord" });
    await landlord.getByLabel("Name").fill("Bo Landlord");
    await landlord.getByLabel("E-mail").fill("bo@example.com");
    await expect.poll(() => marking(landlord.getByLabel("E-mail")), slow).toEqual({ invalid: "false", message: null });
    await expect(alert.count()).resolves.toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached", ...slow });
  });

  it("the Send screen catches the same problems in the same words, on the same fields", async () => {
    const template = (
      await bridgeCall<{ template: TemplateRecord }>(page(), "templatesCreate", {
        draftId,
        transferId: crypto.randomUUID(),
      })
    ).template;
    // A fresh window, whatever the dialog's test left open.
    await page().reload();
    await goTo(page(), "Templates");
    await page()
      .getByRole("list", { name: "Templates created" })
      .getByRole("button", { name: `Send… ${template.name}` })
      .click();
    const form = page().getByRole("form", { name: "Send a document" });
    await form.waitFor(slow);
    await fillWithDuplicate(form);
    await form.getByRole("button", { name: "Send", exact: true }).click();
    await expectLandlordMarked(form);
    await axeInBothThemes(page(), "send-recipient-problems", shots);
    expect(app.core.records.documents.all()).toHaveLength(0);
    expect(problems).toEqual([]);
  });
});
