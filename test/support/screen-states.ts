import type { Page } from "playwright-core";
import type { DraftField } from "../../common/draft";
import type { DocumentRecord, TemplateRecord } from "../../common/records";
import { bridgeCall } from "./bridge-call";
import { actAsRecipient, draftThroughBridge } from "./documents-setup";

/** The documents, templates and webhook the screens' visual test shows, and the text it fixes before each shot. */

/** What the sandbox's own address is shown as (its port changes every run). */
const shownSandboxOrigin = "http://127.0.0.1:4780";

const purchaseGroups = [
  { id: "buyer", label: "Buyer", color: "#0072b2" },
  { id: "seller", label: "Seller", color: "#e69f00" },
];
const purchaseFields: DraftField[] = [
  { id: "buyer-name", type: "Text", groupId: "buyer", page: 1, x: 72, y: 600 },
  { id: "buyer-agree", type: "Checkbox", groupId: "buyer", page: 1, x: 72, y: 560 },
  { id: "seller-name", type: "Text", groupId: "seller", page: 2, x: 72, y: 600 },
  { id: "seller-date", type: "Date", groupId: "seller", page: 2, x: 300, y: 600 },
];
const leaseGroups = [{ id: "tenant", label: "Tenant", color: "#009e73" }];
const leaseFields: DraftField[] = [{ id: "tenant-name", type: "Text", groupId: "tenant", page: 1, x: 72, y: 600 }];

/** What each recipient enters on the signing page (their own fields only). */
const signatures: Record<string, Record<string, string | boolean>> = {
  "ada@example.com": { "buyer-name": "Ada Buyer", "buyer-agree": true },
  "cy@example.com": { "buyer-name": "Cy Buyer", "buyer-agree": true },
  // No "seller-date": the sandbox stamps the date of signing in Date fields.
  "dee@example.com": { "seller-name": "Dee Seller" },
};

/**
 * Replaces, in the page's text and fields, what differs between runs: relative times ("just now", "2 minutes
 * ago") become "just now", ids (UUIDs) fixed ones numbered in order of appearance, the sandbox's port a fixed
 * one, signing links' secrets a fixed string, an outbox item's count of tries a fixed one; hides the status bar
 * (the port again). Only text nodes' values, titles and inputs' values are changed, which React overwrites
 * without harm when it renders again.
 */
export async function neutralise(page: Page): Promise<void> {
  await page.evaluate((origin) => {
    const relativeTime =
      /\b(?:just now|this (?:minute|hour)|in \d+ (?:seconds?|minutes?|hours?|days?)|\d+ (?:seconds?|minutes?|hours?|days?) ago|yesterday|tomorrow)\b/g;
    const uuid = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
    // One numbering for the whole run (the page is not reloaded), in order of first appearance.
    const holder = window as unknown as { __screenIds?: Map<string, string> };
    holder.__screenIds ??= new Map();
    const ids = holder.__screenIds;
    const placeholderStart = "00000000-0000-4000-8000-";
    const fixed = (text: string) =>
      text
        .replace(/http:\/\/(?:127\.0\.0\.1|localhost):\d+/g, origin)
        .replace(/\/sign\/[A-Za-z0-9_-]+/g, `/sign/${"x".repeat(32)}`)
        .replace(uuid, (id) => {
          if (id.startsWith(placeholderStart)) return id;
          const known = ids.get(id.toLowerCase());
          if (known !== undefined) return known;
          const placeholder = `${placeholderStart}${String(ids.size + 1).padStart(12, "0")}`;
          ids.set(id.toLowerCase(), placeholder);
          return placeholder;
        })
        // A template's ID as its row shows it: its first characters.
        .replace(/\b[0-9a-f]{8}…/g, "00000000…")
        .replace(relativeTime, "just now")
        // How often the outbox has tried an item by itself while the service is away grows with the time waited.
        .replace(/\btried \d+ times\b/g, "tried 2 times");
    // Titles too, in their place among the texts: a template's whole ID is its short ID's title, and numbered there.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node instanceof Element) {
        const title = node.getAttribute("title");
        if (title !== null && fixed(title) !== title) node.setAttribute("title", fixed(title));
        continue;
      }
      const text = node.nodeValue ?? "";
      const next = fixed(text);
      if (next !== text) node.nodeValue = next;
    }
    // A document's next check falls due ("now") while the screenshots are taken on a busy machine.
    for (const time of document.querySelectorAll('[data-testid="next-check"] time')) {
      if (time.textContent === "now") time.textContent = "in under a minute";
    }
    for (const input of document.querySelectorAll("input")) {
      const next = fixed(input.value);
      if (next !== input.value) input.value = next;
    }
    for (const bar of document.querySelectorAll<HTMLElement>(".status-bar")) bar.style.visibility = "hidden";
  }, shownSandboxOrigin);
}

/**
 * Two templates, "Purchase agreement" (Buyer, Seller; created alone) and "Office lease" (Tenant; created and sent to
 * Tess at once), and four documents sent in this order, then signed or declined through the sandbox's links:
 * pending, partly signed, signed, declined; a webhook registered. Answers the partly signed and signed documents'
 * IDs and the purchase template's.
 */
export async function seedScreenStates(
  page: Page,
): Promise<{ partlyId: string; signedId: string; purchaseId: string }> {
  const purchaseDraft = await draftThroughBridge(page, "Purchase agreement.pdf", purchaseGroups, purchaseFields, 2);
  const purchase = (
    await bridgeCall<{ template: TemplateRecord }>(page, "templatesCreate", {
      draftId: purchaseDraft,
      transferId: "purchase-upload",
    })
  ).template;
  const leaseDraft = await draftThroughBridge(page, "Office lease.pdf", leaseGroups, leaseFields);
  const lease = (
    await bridgeCall<{ template: TemplateRecord }>(page, "templatesCreate", {
      draftId: leaseDraft,
      transferId: "lease-upload",
      send: {
        recipients: [{ name: "Tess Tenant", email: "tess@example.com" }],
        emailSubject: "Please sign: lease",
      },
    })
  ).template;
  const send = async (templateId: string, recipients: { name: string; email: string }[], emailSubject: string) =>
    (await bridgeCall<DocumentRecord>(page, "documentsSend", { templateId, recipients, emailSubject })).pdfId;
  const partlyId = await send(
    purchase.templateId,
    [
      { name: "Ada Buyer", email: "ada@example.com" },
      { name: "Bo Seller", email: "bo@example.com" },
    ],
    "Please sign: purchase",
  );
  const signedId = await send(
    purchase.templateId,
    [
      { name: "Cy Buyer", email: "cy@example.com" },
      { name: "Dee Seller", email: "dee@example.com" },
    ],
    "Please sign: purchase",
  );
  const declinedId = await send(
    lease.templateId,
    [{ name: "Uma Tenant", email: "uma@example.com" }],
    "Please sign: lease",
  );

  // Signed (or declined) through the sandbox's signing links, as a recipient's browser would.
  const sign = (pdfId: string, email: string, body: unknown) => actAsRecipient(page, pdfId, email, body);
  // The app learns the statuses from the service (and whether the signed PDF is ready).
  const reachStatuses = async (...wanted: string[]) => {
    const expected = wanted.join("\n");
    let seen = "";
    for (const deadline = Date.now() + 60_000; seen !== expected; ) {
      if (Date.now() > deadline) throw new Error(`the statuses stayed:\n${seen}\nnot:\n${expected}`);
      if (seen !== "") await new Promise((resolve) => setTimeout(resolve, 500));
      await bridgeCall(page, "documentsRefresh");
      const { documents } = await bridgeCall<{ documents: DocumentRecord[] }>(page, "documentsList");
      seen = documents
        .map((record) => `${record.name}: ${record.lastStatus}${record.hasFinalPdf ? " (final PDF)" : ""}`)
        .sort()
        .join("\n");
    }
  };
  await sign(partlyId, "ada@example.com", { fields: signatures["ada@example.com"] });
  await sign(signedId, "cy@example.com", { fields: signatures["cy@example.com"] });
  await sign(declinedId, "uma@example.com", { decline: true });
  // Each send is named after its template and first recipient; the one sent with its template, after it alone.
  await reachStatuses(
    "Office lease – Uma Tenant: declined",
    "Office lease: pending",
    "Purchase agreement – Ada Buyer: partially_signed",
    "Purchase agreement – Cy Buyer: partially_signed",
  );
  // The signed one is seen partly signed first: its history has three steps.
  await sign(signedId, "dee@example.com", { fields: signatures["dee@example.com"] });
  await reachStatuses(
    "Office lease – Uma Tenant: declined",
    "Office lease: pending",
    "Purchase agreement – Ada Buyer: partially_signed",
    "Purchase agreement – Cy Buyer: signed (final PDF)",
  );

  await bridgeCall(page, "webhooksRegister", {
    url: "https://hooks.example.com/signdesk",
    eventType: "document.finalized",
    generateSecret: true,
  });
  return { partlyId, signedId, purchaseId: purchase.templateId };
}
