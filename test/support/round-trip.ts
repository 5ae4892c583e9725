/**
 * Signdesk's round trip, step by step as a user takes it in the app's window: register webhooks, drop a PDF,
 * place fields, create a template, send it, follow the signing links from the sandbox's Inbox, watch the
 * statuses move, download the signed PDF. Shared by the Chromium test (test/e2e/round-trip.test.ts, the real
 * handlers over the harness bridge) and the Electron test (test/electron/round-trip.test.ts, the real app):
 * the selectors are the same for both; only what differs between the two hosts is passed in
 * (`RoundTripHost`).
 */
import { createHmac, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { type FieldType, fieldBoxSizes } from "../../common/fields";
import { makePdf } from "./pdf-fixtures";
import { readPageCount, readPageText, readTextItems, withPdfDocument } from "./pdf-text";
import type { ReceivedEvent, WebhookReceiver } from "./webhook-receiver";

/**
 * For waits on the app and the sandbox: they only bound a hang, so generous, as the machine may be shared with other
 * suites (a template's upload, tried at once by the sandbox, took over 30 s on a machine with both cores busy).
 */
export const slow = { timeout: 90_000 };

export type ScreenName = "Templates" | "Documents" | "Webhooks" | "Accounts";
export type WebhookEventType = "document.signed" | "document.finalized";

/** A recipient: the template's group label, and who is sent the document for it. */
export interface Party {
  label: string;
  name: string;
  email: string;
}

/** A field placed in the editor: with the mouse at (x, y) points, or with the keyboard (at 36, 36 of the page). */
export type Placement =
  | { group: string; type: FieldType; page: number; by: "mouse"; x: number; y: number }
  | { group: string; type: FieldType; page: number; by: "keyboard" };

/** A short id that keeps this run's names (documents, downloaded files) apart from any other run's. */
export function runId(): string {
  return randomBytes(3).toString("hex");
}

/** Opens a screen from the sidebar and waits for its heading. */
export async function goTo(page: Page, screen: ScreenName): Promise<void> {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: new RegExp(`^${screen}`) })
    .click();
  await page.locator(`#${screen.toLowerCase()}-title`).waitFor(slow);
}

/** The Documents list (not a document's details, which the Documents screen keeps open while it is shown). */
export async function openDocumentList(page: Page): Promise<void> {
  await goTo(page, "Documents");
  const back = page.getByRole("button", { name: "All documents" });
  if ((await back.count()) > 0) await back.click();
  await page.getByRole("heading", { level: 1, name: "Documents", exact: true }).waitFor(slow);
}

export function documentRow(page: Page, pdfId: string): Locator {
  return page.locator(`tr[data-pdf-id="${pdfId}"]`);
}

/** The status badge of the open document's details. */
export function detailBadge(page: Page): Locator {
  return page.locator("header .status-badge");
}

export async function expectRowStatus(page: Page, pdfId: string, text: string): Promise<void> {
  await expect.poll(() => documentRow(page, pdfId).locator(".status-badge").textContent(), slow).toContain(text);
}

/** Registers a webhook with a generated secret on the Webhooks screen; answers the secret, shown there once. */
export async function registerWebhook(page: Page, url: string, eventType: WebhookEventType): Promise<string> {
  await goTo(page, "Webhooks");
  const form = page.getByRole("form", { name: "Register a webhook" });
  await form.getByLabel("Address to notify").fill(url);
  await form.getByRole("radio", { name: new RegExp(eventType.replace(".", "\\.")) }).check();
  await expect(form.getByRole("radio", { name: /^Generate one/ }).isChecked()).resolves.toBe(true);
  await form.getByRole("button", { name: "Register webhook" }).click();
  const shown = page.getByRole("textbox", { name: `Signing secret (${eventType})` });
  await shown.waitFor(slow);
  const secret = await shown.inputValue();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.getByRole("button", { name: "I have stored it" }).click();
  await expect.poll(() => shown.count(), slow).toBe(0);
  const listed = page
    .getByRole("list", { name: "Registered from Signdesk" })
    .getByRole("listitem")
    .filter({ hasText: eventType });
  await expect.poll(() => listed.textContent(), slow).toContain("signed with a secret");
  await expect(listed.textContent()).resolves.toContain(url);
  return secret;
}

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

function templateRow(page: Page, name: string): Locator {
  return page.getByRole("list", { name: "Templates created" }).getByRole("listitem").filter({ hasText: name });
}

/** On the Templates screen: "Send…" the template `name`. */
export async function sendTemplateFromTemplates(page: Page, name: string): Promise<void> {
  await goTo(page, "Templates");
  // Its name also holds the template's name, for screen readers: its row is the template's.
  await templateRow(page, name)
    .getByRole("button", { name: /^Send…/ })
    .click();
  await page.locator("#send-title").waitFor(slow);
}

/** On the Send screen: checks the template chosen, enters one recipient per group. */
export async function fillSendForm(page: Page, templateName: string, parties: readonly Party[]): Promise<void> {
  await page.locator("#send-title").waitFor(slow);
  const template = page.getByLabel("Template");
  await expect.poll(() => template.locator("option:checked").textContent(), slow).toContain(templateName);
  for (const party of parties) {
    const group = page.getByRole("group", { name: party.label, exact: true });
    await group.getByLabel("Name").fill(party.name);
    await group.getByLabel("E-mail").fill(party.email);
  }
}

/**
 * Sends from the Send screen under the name it offers (the template's and the first recipient's); answers the new
 * document's id, read from its details.
 */
export async function sendDocument(page: Page, templateName: string, parties: readonly Party[]): Promise<string> {
  await fillSendForm(page, templateName, parties);
  const name = sentDocumentName(templateName, parties);
  await expect(page.getByLabel("Document name").inputValue()).resolves.toBe(name);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.getByRole("heading", { level: 1, name, exact: true }).waitFor(slow);
  await expect.poll(() => detailBadge(page).textContent(), slow).toContain("Waiting for signatures");
  const details = page.locator(".document-detail");
  for (const party of parties) {
    await expect(details.textContent()).resolves.toContain(`${party.label}: ${party.name} <${party.email}>`);
  }
  const pdfId =
    (await page
      .locator(".detail-facts > div")
      .filter({ has: page.locator("dt", { hasText: "Document ID" }) })
      .locator("code")
      .textContent()) ?? "";
  expect(pdfId).not.toBe("");
  return pdfId;
}

/** What Signdesk names a document sent from `templateName` to `parties` when the person does not name it. */
export function sentDocumentName(templateName: string, parties: readonly Party[]): string {
  return `${templateName} – ${parties[0]?.name ?? ""}`;
}

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

/** Records, in the page, every `documents:changed` event main sends it. */
export async function recordDocumentChanges(page: Page): Promise<() => Promise<DocumentChange[]>> {
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { __documentChanges: unknown[] }).__documentChanges = seen;
    window.signdesk?.on("documents:changed", (change) => seen.push(change));
  });
  return async () =>
    (await page.evaluate(
      () => (window as unknown as { __documentChanges: unknown[] }).__documentChanges,
    )) as DocumentChange[];
}

export interface DocumentChange {
  pdfId: string;
  from: string;
  to: string;
  finalPdfReady: boolean;
  finished: boolean;
}

/** x-webhook-signature as the service computes it: hex HMAC-SHA256 of the raw body, keyed by the secret. */
export function webhookSignature(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
}

/** What differs between the Chromium harness and the Electron app. */
export interface RoundTripHost {
  /** The app's window. */
  page: Page;
  receiver: WebhookReceiver;
  /** Follows the signing link of an Inbox message in a second browser page, as the recipient would. */
  openSigningPage(message: Locator, party: Party): Promise<Page>;
  /** Has the app's document tracker poll the service by itself, with nothing done in the window. */
  pokeTracker(): Promise<void>;
  /** Told the path of the downloaded file as soon as the window shows it (to check it, or clean it up). */
  onSaved(path: string): void;
}

/**
 * A recipient's own browser (`context`) opening an Inbox message's signing page from the address shown under it,
 * as the Inbox says one can (in Electron the link goes to the system browser, which a test cannot follow).
 */
export function openSigningPageIn(context: BrowserContext): RoundTripHost["openSigningPage"] {
  return async (message, party) => {
    const address = await message.getByRole("textbox", { name: `Signing page address for ${party.name}` }).inputValue();
    const signing = await context.newPage();
    await signing.goto(address);
    return signing;
  };
}

export interface RoundTripOutcome {
  /** The template's name, which the service (its signing pages, the audit page) gives the documents. */
  documentName: string;
  /** Signdesk's name for the signed document (the template's and its first recipient's): its file is named so. */
  signedDocumentName: string;
  signedPdfId: string;
  declinedPdfId: string;
  savedPath: string;
}

/**
 * The whole round trip (see the file's comment), with every check on the way: webhooks with generated
 * secrets; a 2-page template with Buyer (Text, Signature) and Seller (Text); sent to two recipients who
 * sign through their signing pages; Documents follows (the tracker's documents:changed, "Refresh now",
 * "Check status now"); one Download; the PDF's text and audit page; the webhook deliveries and their
 * signatures. Then a second document, declined by one recipient: Declined, and nothing to download.
 */
export async function runRoundTrip(host: RoundTripHost): Promise<RoundTripOutcome> {
  const { page, receiver } = host;
  const id = runId();
  const hookUrl = `${receiver.url}/hooks/signdesk`;
  const buyer: Party = { label: "Buyer", name: "Ada Buyer", email: `ada.${id}@example.com` };
  const seller: Party = { label: "Seller", name: "Bo Seller", email: `bo.${id}@example.com` };
  const buyerText = `Buyer agrees ${id}`;
  const sellerText = `Seller agrees ${id}`;
  const changes = await recordDocumentChanges(page);

  // Webhooks: one registration per event, to the same address, each with its own generated secret.
  const secrets: Record<WebhookEventType, string> = {
    "document.signed": await registerWebhook(page, hookUrl, "document.signed"),
    "document.finalized": await registerWebhook(page, hookUrl, "document.finalized"),
  };
  expect(secrets["document.signed"]).not.toBe(secrets["document.finalized"]);

  // The template: a dropped 2-page PDF; Buyer's fields by mouse on page 1, Seller's by keyboard on page 2.
  const documentName = await buildTemplate(page, {
    fileName: `Purchase agreement ${id}.pdf`,
    pageCount: 2,
    groups: ["Buyer", "Seller"],
    placements: [
      { group: "Buyer", type: "Text", page: 1, by: "mouse", x: 72, y: 120 },
      { group: "Buyer", type: "Signature", page: 1, by: "mouse", x: 72, y: 200 },
      { group: "Seller", type: "Text", page: 2, by: "keyboard" },
    ],
  });

  // Sent from the template's "Send…": pending, in its details and in the list.
  await sendTemplateFromTemplates(page, documentName);
  const pdfId = await sendDocument(page, documentName, [buyer, seller]);
  await openDocumentList(page);
  await expectRowStatus(page, pdfId, "Waiting for signatures");
  await expect(documentRow(page, pdfId).textContent()).resolves.toContain("Ada Buyer, Bo Seller");

  // Each recipient's message in the sandbox's Inbox, followed to a signing page in a second browser page.
  const buyerPage = await host.openSigningPage(await inboxMessage(page, pdfId, buyer), buyer);
  const sellerPage = await host.openSigningPage(await inboxMessage(page, pdfId, seller), seller);
  await waitForSigningPage(buyerPage, documentName, buyer, 2);
  await waitForSigningPage(sellerPage, documentName, seller, 1);

  // Buyer signs while the app shows Documents: the tracker alone updates the list (documents:changed).
  await openDocumentList(page);
  await signThroughPage(buyerPage, {
    texts: [{ field: "Text, page 1", value: buyerText }],
    signatures: [{ field: "Signature, page 1", name: buyer.name }],
  });
  await host.pokeTracker();
  await expectRowStatus(page, pdfId, "Partly signed");
  await expect
    .poll(changes, slow)
    .toContainEqual(expect.objectContaining({ pdfId, from: "pending", to: "partially_signed", finished: false }));
  await page.getByRole("button", { name: "Refresh now" }).click();
  await page.getByRole("status").filter({ hasText: "Statuses checked with the service just now." }).waitFor(slow);
  await expectRowStatus(page, pdfId, "Partly signed");

  // In the details: partly signed, nothing to download yet; Seller signs; "Check status now": Signed.
  await documentRow(page, pdfId).getByRole("button", { name: documentName }).click();
  await expect.poll(() => detailBadge(page).textContent(), slow).toContain("Partly signed");
  await expect(page.getByRole("button", { name: /^Download/ }).count()).resolves.toBe(0);
  await signThroughPage(sellerPage, { texts: [{ field: "Text, page 2", value: sellerText }], signatures: [] });
  await page.getByRole("button", { name: "Check status now" }).click();
  await expect.poll(() => detailBadge(page).textContent(), slow).toBe("✓Signed · Finished");
  const history = page.getByRole("list", { name: "Status history" });
  await expect(history.textContent()).resolves.toMatch(/^Signed.*Partly signed.*Waiting for signatures/);
  await expect
    .poll(changes, slow)
    .toContainEqual(
      expect.objectContaining({ pdfId, from: "partially_signed", to: "signed", finalPdfReady: true, finished: true }),
    );

  // Download, once: the window says where it saved the file.
  await page.getByRole("button", { name: "Download", exact: true }).click();
  const saved = page.getByRole("status").filter({ hasText: "Saved" });
  await saved.waitFor(slow);
  const savedPath = (await saved.locator("code.saved-path").textContent()) ?? "";
  host.onSaved(savedPath);
  const signedDocumentName = sentDocumentName(documentName, [buyer, seller]);
  expect(savedPath.endsWith(`${signedDocumentName} - signed.pdf`)).toBe(true);
  await expect(page.getByRole("button", { name: "Download again" }).count()).resolves.toBe(1);
  // The details say the saved file carries the sandbox's seal over every byte, and which certificate made it.
  const seal = page.getByRole("status").filter({ hasText: "Sealed and intact." });
  await expect(seal.textContent()).resolves.toContain("by Signdesk Sandbox Test Certificate");
  await expect(seal.locator("code.seal-fingerprint").textContent()).resolves.toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  const pdf = new Uint8Array(await readFile(savedPath));
  expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  await checkSignedPdf(pdf, {
    pdfId,
    documentName,
    documentPages: 2,
    values: [
      { text: buyerText, page: 1, x: 72, y: 120 },
      { text: sellerText, page: 2, x: 36, y: 36 },
    ],
    signers: [buyer, seller],
  });

  // The receiver: two document.signed (in signing order) and one document.finalized, each signed with its secret.
  await receiver.waitFor((received) => deliveriesFor(received, pdfId).length >= 3, 30_000);
  const deliveries = deliveriesFor(receiver.received, pdfId);
  expect(deliveries.map((event) => event.body.event)).toEqual([
    "document.signed",
    "document.signed",
    "document.finalized",
  ]);
  for (const event of deliveries) {
    const eventType = event.body.event as WebhookEventType;
    expect(event.path).toBe("/hooks/signdesk");
    expect(event.headers["x-webhook-signature"]).toBe(webhookSignature(secrets[eventType], event.rawBody));
  }
  const [first, second, finalized] = deliveries;
  expect(first?.body).toMatchObject({
    recipient: { name: buyer.name, email: buyer.email },
    status: "partially_signed",
    completed_fields: expect.arrayContaining([expect.objectContaining({ type: "Text", value: buyerText })]),
  });
  expect(second?.body).toMatchObject({
    recipient: { name: seller.name, email: seller.email },
    status: "signed",
    completed_fields: [expect.objectContaining({ type: "Text", page: 2, value: sellerText })],
  });
  expect(finalized?.body).toMatchObject({ final_pdf_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//) });

  // A second document, which Seller declines through the signing page: Declined, and no Download.
  const buyer2: Party = { label: "Buyer", name: "Cy Buyer", email: `cy.${id}@example.com` };
  const seller2: Party = { label: "Seller", name: "Dee Seller", email: `dee.${id}@example.com` };
  await openDocumentList(page);
  await page.getByRole("button", { name: "Send a document" }).click();
  const declinedPdfId = await sendDocument(page, documentName, [buyer2, seller2]);
  const declinePage = await host.openSigningPage(await inboxMessage(page, declinedPdfId, seller2), seller2);
  await waitForSigningPage(declinePage, documentName, seller2, 1);
  await declineThroughPage(declinePage);
  await openDocumentList(page);
  await documentRow(page, declinedPdfId).getByRole("button", { name: documentName }).click();
  // Opening Documents checked at once (and keeps checking while it is on screen): no need to ask.
  await expect.poll(() => detailBadge(page).textContent(), slow).toBe("✕Declined");
  await expect(page.locator(".document-detail").textContent()).resolves.toContain(
    "Declined. There is no signed PDF for a declined document.",
  );
  await expect(page.getByRole("button", { name: /Download/ }).count()).resolves.toBe(0);
  await expect(page.getByRole("button", { name: "Check status now" }).count()).resolves.toBe(0);
  await openDocumentList(page);
  await expectRowStatus(page, declinedPdfId, "Declined");
  await expectRowStatus(page, pdfId, "Signed · Finished");
  // Declining notifies no webhook.
  expect(deliveriesFor(receiver.received, declinedPdfId)).toEqual([]);

  for (const opened of [buyerPage, sellerPage, declinePage]) await opened.close();
  return { documentName, signedDocumentName, signedPdfId: pdfId, declinedPdfId, savedPath };
}

function deliveriesFor(received: readonly ReceivedEvent[], pdfId: string): ReceivedEvent[] {
  return received.filter((event) => event.body.pdf_id === pdfId);
}

/**
 * The signed PDF holds each typed value in its field's box on its page, an image (the signature) on page 1,
 * and, after the document's pages, the audit page naming the document and every signer.
 */
export async function checkSignedPdf(
  pdf: Uint8Array,
  expected: {
    pdfId: string;
    documentName: string;
    /** Pages of the document as sent; the audit page comes after them. */
    documentPages: number;
    values: readonly { text: string; page: number; x: number; y: number }[];
    signers: readonly Party[];
  },
): Promise<void> {
  const items = await readTextItems(pdf);
  for (const value of expected.values) {
    const item = items.find((candidate) => candidate.text === value.text);
    expect(item, `${value.text} in the signed PDF`).toBeDefined();
    expect(item?.page).toBe(value.page);
    expect(Math.abs((item?.x ?? 0) - (value.x + 2))).toBeLessThanOrEqual(1);
    expect(item?.y).toBeGreaterThanOrEqual(value.y);
    expect(item?.y).toBeLessThanOrEqual(value.y + 24);
  }
  const pageCount = await readPageCount(pdf);
  expect(pageCount).toBe(expected.documentPages + 1);
  const images = await withPdfDocument(pdf, async (doc) => {
    const operators = await (await doc.getPage(1)).getOperatorList();
    return operators.fnArray.filter((op) => op === pdfjs.OPS.paintImageXObject).length;
  });
  expect(images, "the signature's image on page 1").toBe(1);
  const audit = await readPageText(pdf, pageCount);
  expect(audit).toContain("Audit trail");
  expect(audit).toContain(`Document name: ${expected.documentName}`);
  expect(audit).toContain(`Document ID: ${expected.pdfId}`);
  for (const [index, signer] of expected.signers.entries()) {
    expect(audit).toContain(`${index + 1}. ${signer.name} <${signer.email}>`);
  }
}
