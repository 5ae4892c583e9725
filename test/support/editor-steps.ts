import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { fieldBoxSizes } from "../../common/fields";
import { makePdf } from "./pdf-fixtures";
import { goTo, type Placement, slow } from "./round-trip-basics";

/** The editor, step by step as a person uses it: drop a PDF, name the recipients, place fields, create the template. */
/** Drops a PDF on the window, as a file dragged from the desktop (useFileDrop listens on the window). */
export async function dropPdfOnWindow(page: Page, fileName: string, bytes: Uint8Array): Promise<void> {
  await page.evaluate(
    ({ name, data }) => {
      const file = new File([new Uint8Array(data)], name, { type: "application/pdf" });
      const transfer = new DataTransfer();
      transfer.items.add(file);
      for (const type of ["dragenter", "dragover", "drop"]) {
        window.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    { name: fileName, data: [...bytes] },
  );
}

const editorPageSlot = (page: Page, index: number) => page.locator(`.editor-pages [data-page-index="${index}"]`);
/** The toolbar's save status (its other live region is the zoom). */
export const editorStatus = (page: Page) =>
  page.getByRole("toolbar", { name: "Editor" }).locator(".save-status[role=status]");

/** Waits for the editor on the draft `name` with its pages, then fits the page width so whole pages are in view. */
export async function waitForEditor(page: Page, name: string, pageCount: number): Promise<void> {
  await page.getByRole("toolbar", { name: "Editor" }).waitFor(slow);
  await expect.poll(() => page.locator("#editor-title").textContent(), slow).toBe(name);
  const thumbnails = page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: /^Go to page/ });
  await expect.poll(() => thumbnails.count(), slow).toBe(pageCount);
  await page.getByRole("button", { name: "Fit width" }).click();
  // Fitted once the field overlay (Konva's stage) has the size of the page as now shown.
  const overlay = editorPageSlot(page, 0).locator(".pdf-page-overlay canvas").first();
  await overlay.waitFor(slow);
  await expect
    .poll(async () => {
      const [slot, stage] = await Promise.all([editorPageSlot(page, 0).boundingBox(), overlay.boundingBox()]);
      return slot !== null && stage !== null && Math.abs(slot.width - stage.width) < 1 && slot.width < 1000;
    }, slow)
    .toBe(true);
}

const groupButton = (page: Page, label: string) =>
  page.getByRole("region", { name: "Recipients" }).getByRole("button", { name: new RegExp(`^${label}, recipient`) });

/** Renames recipient 1 and adds the others, in order. */
export async function setRecipientGroups(page: Page, labels: readonly string[]): Promise<void> {
  for (const [index, label] of labels.entries()) {
    if (index > 0) await page.getByRole("button", { name: "Add recipient" }).click();
    await page.getByRole("button", { name: `Rename Recipient ${index + 1}` }).click();
    const input = page.getByLabel(`Label for recipient ${index + 1}`);
    await input.fill(label);
    await input.press("Enter");
    await groupButton(page, label).waitFor(slow);
  }
}

/** Places one field for its group and checks, in the inspector, where it landed. */
export async function placeField(page: Page, placement: Placement, pageWidthPt: number): Promise<void> {
  await groupButton(page, placement.group).click();
  await expect(groupButton(page, placement.group).getAttribute("aria-pressed")).resolves.toBe("true");
  const paletteItem = page
    .getByRole("region", { name: "Fields" })
    .getByRole("button", { name: new RegExp(`^${placement.type} \\(`) });
  const size = fieldBoxSizes[placement.type];
  if (placement.by === "mouse") {
    // Choose the type, then click the page where the field's centre goes.
    await paletteItem.click();
    await expect(paletteItem.getAttribute("aria-pressed")).resolves.toBe("true");
    const slot = await editorPageSlot(page, placement.page - 1).boundingBox();
    if (slot === null) throw new Error(`page ${placement.page} is not shown`);
    const scale = slot.width / pageWidthPt;
    await page.mouse.click(
      slot.x + (placement.x + size.width / 2) * scale,
      slot.y + (placement.y + size.height / 2) * scale,
    );
  } else {
    // Bring the page into view from its thumbnail; Enter on a type places it on the page in view.
    const thumbnail = page.getByRole("navigation", { name: "Pages" }).getByRole("button", {
      name: `Go to page ${placement.page}`,
      exact: true,
    });
    await thumbnail.click();
    await expect.poll(() => thumbnail.getAttribute("aria-current"), slow).toBe("page");
    await paletteItem.focus();
    await page.keyboard.press("Enter");
  }
  const inspector = page.getByRole("region", { name: "Selection" });
  await expect.poll(() => inspector.getByLabel("Page").inputValue(), slow).toBe(String(placement.page));
  await expect(inspector.getByLabel("Type").inputValue()).resolves.toBe(placement.type);
  if (placement.by === "mouse") {
    // A click lands on a whole CSS pixel, so within a point of the aim; the exact numbers go in the inspector.
    for (const [label, aim] of [
      ["x (pt)", placement.x],
      ["y (pt)", placement.y],
    ] as const) {
      const input = inspector.getByLabel(label);
      expect(Math.abs(Number(await input.inputValue()) - aim), `${label} of the click`).toBeLessThanOrEqual(1);
      await input.fill(String(aim));
      await expect.poll(() => input.inputValue(), slow).toBe(String(aim));
    }
  } else {
    // Enter puts it in the part of the page in view (test/e2e/editor-ux.test.ts); the inspector takes it to
    // 36, 36, where the final PDF is checked for its stamp.
    await expect(inspector.getByLabel("Page").inputValue()).resolves.toBe(String(placement.page));
    for (const label of ["x (pt)", "y (pt)"]) {
      const input = inspector.getByLabel(label);
      await input.fill("36");
      await expect.poll(() => input.inputValue(), slow).toBe("36");
    }
  }
  await expect(inspector.getByLabel("Recipient").locator("option:checked").textContent()).resolves.toMatch(
    new RegExp(`^\\d+\\. ${placement.group}$`),
  );
}

/** Waits until the editor says every change is saved (autosave). */
export async function waitForAllSaved(page: Page): Promise<void> {
  await expect.poll(() => editorStatus(page).textContent(), slow).toBe("All changes saved");
}

/** "Create template…" in the editor, create only (nothing sent), then back to the Templates screen. */
export async function createTemplateFromEditor(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "Create template…" }).click();
  const dialog = page.getByRole("dialog", { name: "Create template" });
  await dialog.waitFor(slow);
  await expect(dialog.getByRole("checkbox", { name: /Send it now/ }).isChecked()).resolves.toBe(false);
  await dialog.getByRole("button", { name: "Create template", exact: true }).click();
  await page
    .getByRole("status")
    .filter({ hasText: `Template “${name}” created.` })
    .waitFor(slow);
  await page.getByRole("button", { name: "Back to templates" }).click();
  await page.locator("#templates-title").waitFor(slow);
}

/**
 * From the Templates screen: drops `fileName` (a PDF of `pageCount` US Letter pages), names the recipient
 * groups, places the fields, and creates the template. The template's name is the file's name without ".pdf".
 */
export async function buildTemplate(
  page: Page,
  options: { fileName: string; pageCount: number; groups: readonly string[]; placements: readonly Placement[] },
): Promise<string> {
  const name = options.fileName.replace(/\.pdf$/, "");
  await goTo(page, "Templates");
  await dropPdfOnWindow(page, options.fileName, await makePdf(Array.from({ length: options.pageCount }, () => ({}))));
  await waitForEditor(page, name, options.pageCount);
  await setRecipientGroups(page, options.groups);
  for (const placement of options.placements) await placeField(page, placement, 612);
  for (const label of options.groups) {
    const count = options.placements.filter((placement) => placement.group === label).length;
    await expect.poll(() => groupButton(page, label).getAttribute("aria-label"), slow).toContain(`, ${count} fields`);
  }
  await waitForAllSaved(page);
  await createTemplateFromEditor(page, name);
  await expect.poll(() => templateRow(page, name).textContent(), slow).toContain(options.groups.join(", "));
  return name;
}

export function templateRow(page: Page, name: string): Locator {
  return page.getByRole("list", { name: "Templates created" }).getByRole("listitem").filter({ hasText: name });
}
