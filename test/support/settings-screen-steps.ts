import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { AppHarness } from "./app-harness";
import { seriousAxeViolations } from "./axe";
import { bridgeCall } from "./bridge-call";
import { draftThroughBridge, leaseTenant, tenantSignature } from "./documents-setup";

/** The steps of the Webhooks and Accounts screens' tests (test/e2e/settings-screens.test.ts) on the fixture page. */

const root = path.resolve(import.meta.dirname, "../..");
/** The fixture page of the two screens, and where it is built. */
export const settingsFixture = {
  fixtureDir: path.join(root, "test/support/settings-fixture"),
  outDir: path.join(root, ".cache/settings-fixture"),
};

/** Where to save screenshots of each state checked with axe (none unless set). */
export const screenshots = process.env.SETTINGS_SCREENSHOTS_DIR;

export type Screen = "webhooks" | "accounts";

export type Scheme = "light" | "dark";

/** Collects the page's console errors and page errors into `problems`. */
export function watch(page: Page, problems: string[]): void {
  page.on("console", (message) => {
    if (message.location().url.endsWith("/favicon.ico")) return;
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
}
/** Opens a settings screen of the fixture page. */
export async function goTo(page: Page, screen: Screen): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/index.html?screen=${screen}`);
  await page.locator(`#${screen}-title`).waitFor();
}
export const html = (page: Page) => page.evaluate(() => document.documentElement.outerHTML);
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
export async function screenshot(page: Page, name: string, fullPage: boolean): Promise<void> {
  if (screenshots !== undefined && screenshots !== "")
    await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage });
}
/** Creates a one-recipient template from a fresh draft and sends it, through the page's bridge. */
export async function sendThroughBridge(page: Page, recipient: { name: string; email: string }, subject: string) {
  const draftId = await draftThroughBridge(page, "Lease.pdf", [leaseTenant], [{ ...tenantSignature, id: "sign" }]);
  const sent = await bridgeCall<{ document: { pdfId: string } | null }>(page, "templatesCreate", {
    draftId,
    transferId: randomUUID(),
    send: { recipients: [recipient], emailSubject: subject },
  });
  return sent.document?.pdfId ?? "";
}
export const webhookForm = (page: Page) => page.getByRole("form", { name: "Register a webhook" });
export const accountRow = (page: Page, name: string): Locator =>
  page.getByRole("listitem").filter({ has: page.locator(".settings-row-title", { hasText: new RegExp(`^${name}`) }) });
export async function registeredInSandbox(harness: AppHarness) {
  const state = JSON.parse(await readFile(path.join(harness.userDataDir, "sandbox", "state.json"), "utf8")) as {
    webhooks: { url: string; eventType: string; secret: string | null }[];
  };
  return state.webhooks;
}

/** Registers a webhook for `address` with the form as it is (its event and secret as chosen). */
export async function registerAt(form: Locator, address: string): Promise<void> {
  await form.getByLabel("Address to notify").fill(address);
  await form.getByRole("button", { name: "Register webhook" }).click();
}

/** Adds an account through the Accounts screen's form. */
export async function addAccount(page: Page, account: { name: string; address: string; key: string }): Promise<void> {
  await page.getByRole("button", { name: "Add an account…" }).click();
  const add = page.getByRole("form", { name: "Add an account" });
  await add.getByLabel("Name").fill(account.name);
  await add.getByLabel("Service address").fill(account.address);
  await add.getByLabel("API key").fill(account.key);
  await add.getByRole("button", { name: "Add account" }).click();
}
