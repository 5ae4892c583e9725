import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { DraftField, DraftGroup } from "../../common/draft";
import type { TemplateRecord } from "../../common/records";
import { seriousAxeViolations } from "./axe";
import { bridgeCall } from "./bridge-call";
import { makePdf } from "./pdf-fixtures";

/** The "Sale" template of the Documents tests: a buyer and a seller, each with fields to fill. */
export const saleGroups: DraftGroup[] = [
  { id: "buyer", label: "Buyer", color: "#0072b2" },
  { id: "seller", label: "Seller", color: "#e69f00" },
];
export const saleFields: DraftField[] = [
  { id: "b-text", type: "Text", groupId: "buyer", page: 1, x: 72, y: 600 },
  { id: "s-text", type: "Text", groupId: "seller", page: 1, x: 72, y: 660 },
  { id: "s-date", type: "Date", groupId: "seller", page: 1, x: 300, y: 660 },
];
/** What each recipient of a Sale document fills in, by e-mail address. */
export const saleSignatures: Record<string, Record<string, string>> = {
  "ada@example.com": { "b-text": "Agreed" },
  // No "s-date": the sandbox stamps the date of signing in Date fields.
  "bo@example.com": { "s-text": "Agreed too" },
};

/** A draft of a fresh PDF of `pages` pages with these groups and fields, made through the bridge; answers its id. */
export async function draftThroughBridge(
  page: Page,
  fileName: string,
  groups: DraftGroup[],
  fields: DraftField[],
  pages = 1,
): Promise<string> {
  const bytes = [...(await makePdf(Array.from({ length: pages }, () => ({}))))];
  const draft = await page.evaluate(
    async ([name, data]) => {
      const api = window.signdesk;
      if (api === undefined) throw new Error("no bridge");
      return api.draftsCreateFromFile({ fileName: name, bytes: new Uint8Array(data) });
    },
    [fileName, bytes] as const,
  );
  if (!draft.ok) throw new Error(draft.error.message);
  await bridgeCall(page, "draftsSave", { draft: { ...draft.value, groups, fields } });
  return draft.value.id;
}

/** A one-page template with these groups and fields, made through the bridge (draft, then templatesCreate). */
export async function templateThroughBridge(
  page: Page,
  fileName: string,
  groups: DraftGroup[],
  fields: DraftField[],
): Promise<TemplateRecord> {
  const created = await bridgeCall<{ template: TemplateRecord }>(page, "templatesCreate", {
    draftId: await draftThroughBridge(page, fileName, groups, fields),
    transferId: "template-upload",
  });
  return created.template;
}

/** The "Lease" drafts of the Templates tests: a tenant, and a landlord when asked, each with a signature. */
export const leaseTenant: DraftGroup = { id: "tenant", label: "Tenant", color: "#0072b2" };
export const leaseLandlord: DraftGroup = { id: "landlord", label: "Landlord", color: "#e69f00" };
export const tenantSignature: DraftField = {
  id: "t-sign",
  type: "Signature",
  groupId: "tenant",
  page: 1,
  x: 72,
  y: 600,
};
export const landlordSignature: DraftField = {
  id: "l-sign",
  type: "Signature",
  groupId: "landlord",
  page: 1,
  x: 320,
  y: 600,
};

/** A recipient acts on their sandbox signing page (signs or declines), as their browser would; the app is not told. */
export async function actAsRecipient(page: Page, pdfId: string, email: string, body: unknown): Promise<void> {
  const outbox = await bridgeCall<{ to: string; pdf_id: string; signingUrl: string }[]>(page, "sandboxOutbox");
  const message = outbox.find((entry) => entry.pdf_id === pdfId && entry.to === email);
  if (message === undefined) throw new Error(`no signing link for ${email}`);
  const response = await fetch(message.signingUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** axe-core in the light and the dark theme (no serious or critical violation), with a screenshot of each in /tmp. */
export async function checkBothThemes(page: Page, what: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousAxeViolations(page), `${what}, ${scheme}`).toEqual([]);
    await page.screenshot({ path: `/tmp/signdesk-${what}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A "Lease" for a tenant and a landlord, each with a signature. */
export const twoPartyLease = { groups: [leaseTenant, leaseLandlord], fields: [tenantSignature, landlordSignature] };
