import { afterAll, beforeAll, expect, it } from "vitest";
import type { Draft } from "../../common/draft";
import { type AppHarness, openApp } from "../support/app-harness";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";

describeWith(["chromium", "secret-service"], "the template editor, against the real handlers", () => {
  let app: AppHarness;
  const problems: string[] = [];

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1400, height: 900 } });
    app.page.on("pageerror", (error) => problems.push(String(error)));
    await app.page.getByTestId("app-version").waitFor();
  });
  afterAll(async () => app?.close());

  /** An autosave reaches the disk 400 ms after a change, later on a busy machine. */
  const saving = { timeout: 30_000 };
  const inspector = (label: string) => app.page.getByRole("region", { name: "Selection" }).getByLabel(label);
  const savedDraft = async (): Promise<Draft> => {
    const [summary] = await app.core.drafts.list();
    if (summary === undefined) throw new Error("no draft");
    return app.core.drafts.open(summary.id);
  };

  it("opens a dropped PDF, places fields by mouse and keyboard for two recipients, and keeps them", async () => {
    const bytes = [...(await makePdf([{}, { rotate: 90 }, {}]))];
    await app.page.evaluate(async (data) => {
      const file = new File([new Uint8Array(data)], "Lease.pdf", { type: "application/pdf" });
      const transfer = new DataTransfer();
      transfer.items.add(file);
      for (const type of ["dragenter", "dragover", "drop"]) {
        window.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    }, bytes);
    await app.page.getByRole("toolbar", { name: "Editor" }).waitFor({ timeout: 20_000 });
    // Usable at once; main stores the draft meanwhile (editor-pending.test.ts). Checked on disk below, so waited for.
    await app.page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor({ timeout: 30_000 });
    // Pages open at the view's width when 100% would not fit; Ctrl+0 shows them at 100%.
    await expect(app.page.locator(".zoom-value").textContent()).resolves.not.toBe("100%");
    await app.page.keyboard.press("Control+0");
    await expect.poll(() => app.page.locator(".zoom-value").textContent()).toBe("100%");
    await expect.poll(() => app.page.locator(".editor-pages canvas").count()).toBeGreaterThan(0);

    // Recipients: rename the first to Buyer, add Seller.
    await app.page.getByRole("button", { name: "Rename Recipient 1" }).click();
    await app.page.getByLabel("Label for recipient 1").fill("Buyer");
    await app.page.keyboard.press("Enter");
    await app.page.getByRole("button", { name: "Add recipient" }).click();
    await app.page.getByRole("button", { name: "Rename Recipient 2" }).click();
    await app.page.getByLabel("Label for recipient 2").fill("Seller");
    await app.page.keyboard.press("Enter");

    // Mouse: choose Signature, click on page 1 for Buyer.
    await app.page.getByRole("button", { name: /^Buyer, recipient 1/ }).click();
    await app.page.getByRole("button", { name: /^Signature/ }).click();
    const page1 = await app.page.locator("[data-page-index='0']").boundingBox();
    if (page1 === null) throw new Error("page 1 is not shown");
    const scale = 96 / 72;
    await app.page.mouse.click(page1.x + (100 + 80) * scale, page1.y + (500 + 24) * scale);
    await expect(inspector("x (pt)").inputValue()).resolves.toBe("100");
    await expect(inspector("y (pt)").inputValue()).resolves.toBe("500");

    // Keyboard: Seller active, Enter on Text places it in the page in view (editor-ux.test.ts says where);
    // arrows nudge it.
    await app.page.getByRole("button", { name: /^Seller, recipient 2/ }).click();
    await app.page.getByRole("button", { name: /^Text/ }).focus();
    await app.page.keyboard.press("Enter");
    await expect(inspector("Recipient").inputValue()).resolves.not.toBe("");
    const placedX = Number(await inspector("x (pt)").inputValue());
    const placedY = Number(await inspector("y (pt)").inputValue());
    await app.page.locator(".editor-pages").focus();
    for (let press = 0; press < 3; press += 1) await app.page.keyboard.press("ArrowRight");
    await app.page.keyboard.press("Shift+ArrowDown");
    await expect(inspector("x (pt)").inputValue()).resolves.toBe(String(placedX + 3));
    await expect(inspector("y (pt)").inputValue()).resolves.toBe(String(placedY + 10));

    // Undo and redo, by keyboard.
    await app.page.keyboard.press("Control+Z");
    await expect(inspector("y (pt)").inputValue()).resolves.toBe(String(placedY));
    await app.page.keyboard.press("Control+Shift+Z");
    await expect(inspector("y (pt)").inputValue()).resolves.toBe(String(placedY + 10));

    // Exact numbers in the inspector.
    await inspector("x (pt)").fill("200");
    await expect
      .poll(async () => (await savedDraft()).fields.find((field) => field.type === "Text")?.x, saving)
      .toBe(200);

    await app.page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
    const saved = await savedDraft();
    expect(saved.groups.map((group) => group.label)).toEqual(["Buyer", "Seller"]);
    expect(saved.fields.map(({ type, page, x, y }) => ({ type, page, x, y }))).toEqual([
      { type: "Signature", page: 1, x: 100, y: 500 },
      { type: "Text", page: 1, x: 200, y: placedY + 10 },
    ]);
    expect(saved.fields[1]?.groupId).toBe(saved.groups[1]?.id);

    // Close and reopen: exactly as left.
    await app.page.getByRole("button", { name: "Back to templates" }).click();
    await app.page.getByRole("button", { name: "Lease", exact: true }).click();
    await app.page.getByRole("toolbar", { name: "Editor" }).waitFor();
    await app.page.getByRole("button", { name: /^Buyer, recipient 1, 1 fields/ }).waitFor();
    await app.page.getByRole("button", { name: /^Seller, recipient 2, 1 fields/ }).waitFor();
    expect(await savedDraft()).toEqual(saved);
    // The undo history outlives closing and reopening the draft (within the session).
    await app.page.locator(".editor-pages").focus();
    await app.page.keyboard.press("Control+Z");
    await expect
      .poll(async () => (await savedDraft()).fields.find((field) => field.type === "Text")?.x, saving)
      .toBe(placedX + 3);
    await app.page.keyboard.press("Control+Shift+Z");
    await expect
      .poll(async () => (await savedDraft()).fields.find((field) => field.type === "Text")?.x, saving)
      .toBe(200);
    expect(problems).toEqual([]);
  });

  it("creates the template from the editor, with the upload's progress, and keeps the draft", async () => {
    await app.page.getByRole("button", { name: "Create template…" }).click();
    const dialog = app.page.getByRole("dialog", { name: "Create template" });
    await dialog.getByRole("button", { name: "Create template" }).click();
    // The sandbox tries the final PDF in a worker before it answers: slow on a busy machine.
    await app.page.getByRole("status").filter({ hasText: "Template “Lease” created." }).waitFor({ timeout: 100_000 });
    const templates = app.core.records.templates.all();
    expect(templates.map((template) => template.name)).toEqual(["Lease"]);
    expect(await app.core.drafts.list()).toHaveLength(1);
  });
});
