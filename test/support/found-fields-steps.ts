import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { DraftField } from "../../common/draft";
import { fieldBoxSizes } from "../../common/fields";
import { drawnOnPage } from "./pdf-drawn";
import { readTextItems } from "./pdf-text";
import { detailBadge, documentRow, openDocumentList } from "./round-trip";
import { type Party, slow } from "./round-trip-basics";

/** The editor's review of what was found in the document (issue 34), step by step as a person uses it. */

export const foundPanel = (page: Page): Locator => page.getByRole("region", { name: "Found in the document" });

/** Waits for the review to say what it found ("4 fields on 1 page for 1 recipient"). */
export async function waitForFound(page: Page, summary: string): Promise<void> {
  await expect.poll(() => foundPanel(page).locator(".found-summary").textContent(), slow).toBe(summary);
}

/** A found field's tick box in the review, by what it says ("Checkbox for Recipient 1, page 1"). */
export function foundItem(page: Page, text: string): Locator {
  return foundPanel(page).getByRole("checkbox", { name: new RegExp(`^${text}`) });
}

/** The number of fields the editor's recipient group shows (its button's name says it). */
export async function groupFieldCount(page: Page, label: string): Promise<number> {
  const button = page
    .getByRole("region", { name: "Recipients" })
    .getByRole("button", { name: new RegExp(`^${label}, recipient`) });
  const name = (await button.getAttribute("aria-label")) ?? "";
  return Number(/, (\d+) fields?/.exec(name)?.[1] ?? "0");
}

/** Signs on the signing page every field of the recipient: signatures typed, checkboxes ticked, the rest as given. */
export async function signEveryField(signing: Page, party: Party): Promise<void> {
  for (const button of await signing.locator("button.sig-button").all()) {
    const label = (await button.getAttribute("aria-label")) ?? "";
    await button.click();
    const dialog = signing.getByRole("dialog", { name: "Add your signature" });
    await dialog.waitFor(slow);
    const typed = dialog.getByRole("textbox", { name: "Type your name" });
    await typed.fill("");
    await typed.pressSequentially(party.name);
    await dialog.getByRole("button", { name: "Apply" }).click();
    const field = label.replace(/ \(empty, .*\)$/, "");
    await signing.getByRole("button", { name: `${field} (added, press to change)` }).waitFor(slow);
  }
  for (const box of await signing.locator("input[type=checkbox].field-control").all()) await box.check();
  await signing.getByRole("button", { name: "Finish and sign" }).first().click();
  await signing.getByRole("heading", { name: "Signed, thank you" }).waitFor(slow);
}

/** From Documents: the document's details, checked until it is signed, and its signed PDF downloaded and read. */
export async function downloadSigned(page: Page, pdfId: string, documentName: string): Promise<Uint8Array> {
  await openDocumentList(page);
  await documentRow(page, pdfId).getByRole("button", { name: documentName }).click();
  await expect
    .poll(async () => {
      await page
        .getByRole("button", { name: "Check status now" })
        .click({ timeout: 5_000 })
        .catch(() => {});
      return detailBadge(page).textContent();
    }, slow)
    .toBe("✓Signed · Finished");
  await page.getByRole("button", { name: "Download", exact: true }).click();
  const saved = page.getByRole("status").filter({ hasText: "Saved" });
  await saved.waitFor(slow);
  return new Uint8Array(await readFile((await saved.locator("code.saved-path").textContent()) ?? ""));
}

/**
 * Every field's stamp in the signed PDF lies in the field's box, where it was found: a signature's image, a check's
 * path, a typed value's text at the box's padding.
 */
export async function expectStampsInBoxes(
  pdf: Uint8Array,
  fields: readonly DraftField[],
  values: ReadonlyMap<string, RegExp>,
): Promise<void> {
  const texts = await readTextItems(pdf);
  for (const field of fields) {
    const box = fieldBoxSizes[field.type];
    const inside = (drawn: { x: number; y: number; width: number; height: number }) =>
      drawn.x >= field.x - 0.5 &&
      drawn.y >= field.y - 0.5 &&
      drawn.x + drawn.width <= field.x + box.width + 0.5 &&
      drawn.y + drawn.height <= field.y + box.height + 0.5;
    const drawn = await drawnOnPage(pdf, field.page);
    if (field.type === "Signature" || field.type === "Initials") {
      expect(
        drawn.filter((each) => each.kind === "image" && inside(each)),
        `${field.type} at ${field.x}, ${field.y}`,
      ).toHaveLength(1);
    } else if (field.type === "Checkbox") {
      expect(
        drawn.some((each) => each.kind === "path" && inside(each) && each.width > 2),
        "the check",
      ).toBe(true);
    } else {
      const pattern = values.get(field.type) ?? /\S/;
      const item = texts.find(
        (text) =>
          text.page === field.page &&
          pattern.test(text.text) &&
          Math.abs(text.x - (field.x + 2)) <= 1 &&
          text.y >= field.y - 0.5 &&
          text.y <= field.y + box.height,
      );
      expect(item, `${field.type} value at ${field.x}, ${field.y}`).toBeDefined();
    }
  }
}
