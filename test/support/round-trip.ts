/**
 * Signdesk's round trip, step by step as a user takes it in the app's window: register webhooks, drop a PDF,
 * place fields, create a template, send it, follow the signing links from the sandbox's Inbox, watch the
 * statuses move, download the signed PDF. Shared by the Chromium test (test/e2e/round-trip.test.ts, the real
 * handlers over the harness bridge) and the Electron test (test/electron/round-trip.test.ts, the real app):
 * the selectors are the same for both; only what differs between the two hosts is passed in
 * (`RoundTripHost`).
 */
import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { buildTemplate, templateRow } from "./editor-steps";
import { readPageCount, readPageText, readTextItems, withPdfDocument } from "./pdf-text";
import { goTo, type Party, runId, slow, type WebhookEventType } from "./round-trip-basics";
import { declineThroughPage, inboxMessage, signThroughPage, waitForSigningPage } from "./signing-steps";
import type { ReceivedEvent, WebhookReceiver } from "./webhook-receiver";

export * from "./editor-steps";
export * from "./round-trip-basics";
export * from "./signing-steps";

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
    expect(audit).toContain(`${index + 1}. ${signer.name}`);
    expect(audit).toContain(`Email: ${signer.email}`);
  }
}
