import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { describeWith } from "../support/requirements";

/** Where the screenshots are saved, to look at (not compared). */
const shots = process.env.WEBHOOK_USER_ID_SCREENSHOTS_DIR ?? "/tmp";

describeWith(["chromium", "secret-service"], "an account's webhook user ID on the Accounts screen", () => {
  let app: AppHarness;
  const problems: string[] = [];
  const page = () => app.page;

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 900 } });
    page().on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await page().locator("#templates-title").waitFor({ timeout: 30_000 });
    await page()
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Accounts/ })
      .click();
    await page().locator("#accounts-title").waitFor();
  });
  afterAll(async () => app?.close());

  it("is set, shown and cleared from the account's Edit form", async () => {
    const account = app.core.accounts.active();
    if (account === null) throw new Error("no account");
    await page().getByRole("button", { name: "Edit Sandbox" }).click();
    const form = page().getByRole("form", { name: "Edit Sandbox" });
    const field = form.getByLabel("Webhook user ID (optional)");
    await expect(field.inputValue()).resolves.toBe("");
    await field.fill("  user-42 ");
    for (const scheme of ["light", "dark"] as const) {
      await page().emulateMedia({ colorScheme: scheme });
      expect(await seriousAxeViolations(page()), scheme).toEqual([]);
      await form.screenshot({ path: `${shots}/signdesk-webhook-user-id-${scheme}.png` });
    }
    await page().emulateMedia({ colorScheme: "light" });
    await field.press("Enter");
    await form.waitFor({ state: "detached" });
    expect(app.core.accounts.active()?.webhookUserId).toBe("user-42");
    // The list reloads after the form closes: wait for the row to show the new value.
    await page().locator(".account-row").first().filter({ hasText: "webhook user ID user-42" }).waitFor();

    await page().getByRole("button", { name: "Edit Sandbox" }).click();
    await expect(field.inputValue()).resolves.toBe("user-42");
    await field.fill("");
    await form.getByRole("button", { name: "Save changes" }).click();
    await form.waitFor({ state: "detached" });
    expect(app.core.accounts.active()).not.toHaveProperty("webhookUserId");
    await page().locator(".account-row").first().filter({ hasText: "webhook user ID" }).waitFor({ state: "detached" });
  });

  it("met no page error", () => {
    expect(problems).toEqual([]);
  });
});
