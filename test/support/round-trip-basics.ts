import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import type { FieldType } from "../../common/fields";

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
