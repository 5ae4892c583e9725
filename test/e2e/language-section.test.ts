import type { Page } from "playwright-core";
import { afterEach, expect, it } from "vitest";
import { shippedLocales } from "../../common/i18n/locales";
import { screenIds } from "../../common/screens";
import { type AppHarness, openApp } from "../support/app-harness";
import { catalogWords } from "../support/catalog-words";
import { describeWith } from "../support/requirements";
import { slow } from "../support/round-trip-basics";

/*
 * Issue 33: the Language section of Accounts, as a person finds it, by keyboard: every shipped language named in
 * itself, the choice applied at once (words, `lang`, `dir`) and kept.
 */
describeWith(["chromium", "secret-service"], "choosing the language on the Accounts screen, in Chromium", () => {
  let app: AppHarness | undefined;
  const english = catalogWords("en");
  const german = catalogWords("de");
  const arabic = catalogWords("ar");

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** Opens the app on the Accounts screen, its system speaking `system` first. */
  async function open(system: string, reopen?: AppHarness["persisted"]): Promise<Page> {
    app = await openApp({ core: { systemLanguages: () => [system] }, ...(reopen === undefined ? {} : { reopen }) });
    await app.page.getByTestId("app-version").waitFor(slow);
    // Accounts' item in the sidebar, whatever the language its words are in.
    await app.page.locator("nav.sidebar .nav-item").nth(screenIds.indexOf("accounts")).click();
    await app.page.locator("#accounts-title").waitFor(slow);
    return app.page;
  }

  const select = (page: Page) => page.locator("section[aria-labelledby='language-title'] select");
  const chosen = (page: Page) =>
    select(page).evaluate((element: HTMLSelectElement) => [element.value, element.selectedOptions[0]?.textContent]);
  const documentLanguage = (page: Page) =>
    page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

  it("follows a system language Signdesk speaks, and English for one it does not", async () => {
    let page = await open("de-AT");
    await expect(documentLanguage(page)).resolves.toEqual(["de", "ltr"]);
    await expect(
      page.getByRole("combobox", { name: german("accounts.language.label", { app: "Signdesk" }) }).count(),
    ).resolves.toBe(1);
    await app?.quit();
    page = await open("sv-SE", app?.persisted);
    await expect(documentLanguage(page)).resolves.toEqual(["en", "ltr"]);
    await expect(chosen(page)).resolves.toEqual([
      "system",
      english("accounts.language.system", { known: "yes", language: "English" }),
    ]);
  });

  it("names every language in itself, applies a choice at once by keyboard, and keeps it", async () => {
    let page = await open("sv-SE");
    const language = page.getByRole("combobox", { name: english("accounts.language.label", { app: "Signdesk" }) });
    await expect(
      language
        .locator("option")
        .evaluateAll((options: HTMLOptionElement[]) => options.map((option) => [option.value, option.lang])),
    ).resolves.toEqual([["system", ""], ...shippedLocales.map((locale) => [locale, locale])]);
    const names = await language.locator("option").allTextContents();
    expect(names.slice(1)).toEqual(
      shippedLocales.map((locale) => new Intl.DisplayNames([locale], { type: "language" }).of(locale)),
    );

    // By keyboard: English is next after the system's, then German.
    await language.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => app?.core.intl.state, slow).toEqual({ choice: "de", locale: "de" });
    await expect.poll(() => documentLanguage(page), slow).toEqual(["de", "ltr"]);
    // The whole window speaks German at once, the section's own heading included; the list keeps the focus.
    await page.getByRole("heading", { name: german("accounts.language.heading") }).waitFor(slow);
    await expect(page.locator("#accounts-title").textContent()).resolves.toBe(german("screen.accounts"));
    await expect(select(page).evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(page.getByRole("alert").count()).resolves.toBe(0);

    // Arabic: right to left at once.
    await select(page).selectOption("ar");
    await expect.poll(() => documentLanguage(page), slow).toEqual(["ar", "rtl"]);
    await expect(page.locator("#accounts-title").textContent()).resolves.toBe(arabic("screen.accounts"));

    // Kept: the app opened again shows Arabic chosen.
    await app?.quit();
    page = await open("sv-SE", app?.persisted);
    await expect(documentLanguage(page)).resolves.toEqual(["ar", "rtl"]);
    await expect(chosen(page)).resolves.toEqual(["ar", "العربية"]);

    // And back to the system's: English, left to right.
    await select(page).selectOption("system");
    await expect.poll(() => app?.core.intl.state.choice, slow).toBe("system");
    await expect.poll(() => documentLanguage(page), slow).toEqual(["en", "ltr"]);
  });
});
