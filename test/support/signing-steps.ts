import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { goTo, type Party, slow } from "./round-trip-basics";

/** A recipient's part of the round trip: the sandbox's inbox, its signing page, signing or declining there. */
/** The Sandbox inbox's message to `party` for the document, on the Accounts screen (after "Refresh inbox"). */
export async function inboxMessage(page: Page, pdfId: string, party: Party): Promise<Locator> {
  await goTo(page, "Accounts");
  const inbox = page.getByRole("region", { name: "Sandbox inbox" });
  await inbox.getByRole("button", { name: "Refresh inbox" }).click();
  const message = inbox
    .getByRole("list", { name: "Sandbox inbox" })
    .getByRole("listitem")
    .filter({ hasText: `To ${party.name} <${party.email}> · document ${pdfId}` });
  await message.waitFor(slow);
  const link = message.getByRole("link", { name: new RegExp(`^Open signing page for ${party.name} `) });
  const address = message.getByRole("textbox", { name: `Signing page address for ${party.name}` });
  await expect(link.getAttribute("href")).resolves.toBe(await address.inputValue());
  return message;
}

/** The recipient's signing page, loaded: the document's name, who it is for, and their fields. */
export async function waitForSigningPage(
  signing: Page,
  documentName: string,
  party: Party,
  fieldCount: number,
): Promise<void> {
  await signing.getByRole("heading", { level: 1, name: documentName }).waitFor(slow);
  await expect
    .poll(() => signing.locator("#doc-recipient").textContent(), slow)
    .toBe(`For ${party.name} <${party.email}>`);
  await expect.poll(() => signing.locator(".field-control").count(), slow).toBe(fieldCount);
}

/**
 * Signs on the signing page: types into each text field (by its label, e.g. "Text, page 1"), types a
 * signature in the dialog for each signature field, then "Finish and sign".
 */
export async function signThroughPage(
  signing: Page,
  values: {
    texts: readonly { field: string; value: string }[];
    signatures: readonly { field: string; name: string }[];
  },
): Promise<void> {
  for (const { field, value } of values.texts) {
    const input = signing.getByRole("textbox", { name: field, exact: true });
    await input.click();
    await signing.keyboard.type(value);
    await expect(input.inputValue()).resolves.toBe(value);
  }
  for (const { field, name } of values.signatures) {
    await signing.getByRole("button", { name: `${field} (empty, press to sign)` }).click();
    const dialog = signing.getByRole("dialog", { name: "Add your signature" });
    await dialog.waitFor(slow);
    const typed = dialog.getByRole("textbox", { name: "Type your name" });
    await typed.fill("");
    await typed.pressSequentially(name);
    await dialog.getByRole("button", { name: "Apply" }).click();
    await signing.getByRole("button", { name: `${field} (added, press to change)` }).waitFor(slow);
  }
  const total = values.texts.length + values.signatures.length;
  await expect
    .poll(() => signing.locator("#progress-text").textContent(), slow)
    .toBe(`${total} of ${total} ${total === 1 ? "field" : "fields"} completed`);
  await signing.getByRole("button", { name: "Finish and sign" }).first().click();
  await signing.getByRole("heading", { name: "Signed, thank you" }).waitFor(slow);
}

/** Declines on the signing page, through its confirmation dialog. */
export async function declineThroughPage(signing: Page): Promise<void> {
  await signing.getByRole("button", { name: "Decline", exact: true }).click();
  const dialog = signing.getByRole("dialog", { name: "Decline to sign?" });
  await dialog.waitFor(slow);
  await dialog.getByRole("button", { name: "Decline to sign" }).click();
  await signing.getByRole("heading", { name: "You declined" }).waitFor(slow);
}
