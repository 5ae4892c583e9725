import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { catalogLead, catalogWords } from "../support/catalog-words";
import { makePdf } from "../support/pdf-fixtures";
import { readPageCount, readPageText } from "../support/pdf-text";
import { describeWith } from "../support/requirements";
import { detailBadge, dropPdfOnWindow, runId, slow } from "../support/round-trip";

/**
 * The round trip in Arabic, as a person whose system speaks Arabic takes it: the window right to left, every control
 * found by its Arabic name (from the ar catalog, never typed again here), an Arabic document and recipient name; the
 * sandbox's signing page stands in for the service's and stays English. The signed PDF prints the name as written.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describeWith(["chromium", "secret-service"], "the round trip in Arabic, in Chromium", () => {
  let app: AppHarness;
  const ar = catalogWords("ar");
  /** A message's words before its first tag: what a control shows, its screen-reader-only part aside. */
  const shownStart = (id: string) => new RegExp(`^${escapeRegExp(catalogLead("ar", id))}`);
  const id = runId();
  const documentName = `عقد إيجار ${id}`;
  const signer = { name: "ليلى حداد", email: `layla.${id}@example.com` };
  const problems: string[] = [];

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 820 }, core: { systemLanguages: () => ["ar-EG", "en"] } });
    app.page.on("pageerror", (error) => problems.push(error.message));
    await app.page.getByTestId("app-version").waitFor(slow);
  });

  afterAll(async () => {
    await app?.close();
  });

  const page = () => app.page;

  it("drafts, creates, sends, has it signed and downloads the signed PDF, every step in Arabic", async () => {
    await expect(page().evaluate(() => [document.documentElement.lang, document.documentElement.dir])).resolves.toEqual(
      ["ar", "rtl"],
    );
    await page()
      .getByRole("heading", { level: 1, name: ar("screen.templates") })
      .waitFor(slow);

    // A PDF dropped on the window opens in the editor; a Signature field goes on page 1.
    await dropPdfOnWindow(page(), `${documentName}.pdf`, await makePdf([{}]));
    await expect.poll(() => page().locator("#editor-title").textContent(), slow).toBe(documentName);
    await page().locator('.editor-pages [data-page-index="0"] .pdf-page-overlay canvas').first().waitFor(slow);
    const fields = page().getByRole("region", { name: ar("editor.palette.title") });
    // A field type's button is named by its type, then its size.
    const signature = new RegExp(
      `^${escapeRegExp(ar("editor.fieldType.name", { type: "Signature" }))}(?![\\p{L}\\p{N}])`,
      "u",
    );
    await fields.getByRole("button", { name: signature }).click();
    const slot = await page().locator('.editor-pages [data-page-index="0"]').boundingBox();
    if (slot === null) throw new Error("page 1 is not shown");
    await page().mouse.click(slot.x + slot.width / 3, slot.y + Math.min(slot.height / 3, 300));
    const inspector = page().getByRole("region", { name: ar("editor.inspector.title") });
    await expect.poll(() => inspector.getByLabel(ar("editor.inspector.type")).inputValue(), slow).toBe("Signature");

    // The template, created from the draft.
    await page()
      .getByRole("button", { name: ar("editor.toolbar.create"), exact: true })
      .click();
    const dialog = page().getByRole("dialog", { name: ar("editor.create.title") });
    await dialog.getByRole("button", { name: ar("editor.create.submit"), exact: true }).click();
    await page()
      .getByRole("status")
      .filter({ hasText: ar("editor.create.created", { name: documentName }) })
      .waitFor(slow);
    await page()
      .getByRole("button", { name: ar("editor.screen.back"), exact: true })
      .first()
      .click();

    // Sent to one recipient with an Arabic name.
    const created = page().getByRole("list", { name: ar("templates.screen.templatesCreated") });
    await created
      .getByRole("listitem")
      .filter({ hasText: documentName })
      .getByRole("button", { name: shownStart("templates.row.send") })
      .click();
    await page().locator("#send-title").waitFor(slow);
    const recipient = page().getByRole("group").first();
    await recipient.getByLabel(ar("recipients.fields.name"), { exact: true }).fill(signer.name);
    await recipient.getByLabel(ar("recipients.fields.email"), { exact: true }).fill(signer.email);
    await page()
      .getByRole("button", { name: ar("send.send"), exact: true })
      .click();
    const signingPages = page().getByRole("region", { name: ar("documents.signingPages.title") });
    await signingPages.waitFor(slow);
    expect(await seriousAxeViolations(page()), "a document's details, right to left").toEqual([]);

    // The signing page (the sandbox's, in English): signed with the name as written.
    const [signing] = await Promise.all([
      app.context.waitForEvent("page", slow),
      signingPages.getByRole("link", { name: shownStart("documents.signingPages.open") }).click(),
    ]);
    await signing.waitForLoadState();
    await signing.getByRole("button", { name: "Signature" }).click();
    const pad = signing.getByRole("dialog", { name: "Add your signature" });
    await pad.getByLabel("Type your name").fill(signer.name);
    await pad.getByRole("button", { name: "Apply" }).click();
    await signing.getByRole("button", { name: "Finish and sign" }).first().click();
    await signing.getByRole("heading", { name: "Signed, thank you" }).waitFor(slow);

    // Back in Signdesk: signed, then downloaded in one click.
    await page().bringToFront();
    await expect
      .poll(async () => {
        if ((await detailBadge(page()).textContent())?.includes(ar("components.statusBadge.signed"))) return true;
        const check = page().getByRole("button", { name: ar("documents.detail.checkNow"), exact: true });
        if (await check.isEnabled().catch(() => false)) await check.click().catch(() => {});
        return false;
      }, slow)
      .toBe(true);
    await page()
      .getByRole("button", { name: ar("documents.download.button"), exact: true })
      .click();
    await page()
      .getByRole("button", { name: ar("documents.download.showInFolder"), exact: true })
      .waitFor(slow);
    const saved = await readdir(app.downloadsDir);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.startsWith(documentName)).toBe(true);

    // The signed PDF's audit page names the signer as written.
    const pdf = new Uint8Array(await readFile(path.join(app.downloadsDir, saved[0] ?? "")));
    const audit = await readPageText(pdf, await readPageCount(pdf));
    expect(audit.replace(/[\u2068\u2069]/g, "")).toContain(signer.name);
    expect(problems).toEqual([]);
  }, 300_000);
});
