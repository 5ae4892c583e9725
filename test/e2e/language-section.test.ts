import type { Page } from "playwright-core";
import { afterEach, expect, it } from "vitest";
import { screenIds } from "../../common/screens";
import { type AppHarness, openApp } from "../support/app-harness";
import { describeWith } from "../support/requirements";
import { slow } from "../support/round-trip-basics";

/* Issue 33: the Language section of Accounts, as a person finds it, by keyboard; the choice is kept. */
describeWith(["chromium", "secret-service"], "choosing the language on the Accounts screen, in Chromium", () => {
  let app: AppHarness | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** Opens the app on the Accounts screen, its system speaking German (which Signdesk does not yet). */
  async function open(reopen?: AppHarness["persisted"]): Promise<Page> {
    app = await openApp({ core: { systemLanguages: () => ["de-DE"] }, ...(reopen === undefined ? {} : { reopen }) });
    await app.page.getByTestId("app-version").waitFor(slow);
    // Accounts' item in the sidebar, whatever the language its words are in.
    await app.page.locator("nav.sidebar .nav-item").nth(screenIds.indexOf("accounts")).click();
    await app.page.locator("#accounts-title").waitFor(slow);
    return app.page;
  }

  const language = (page: Page) => page.getByRole("combobox", { name: "Language of Signdesk" });
  const chosen = (page: Page) =>
    language(page).evaluate((select: HTMLSelectElement) => [select.value, select.selectedOptions[0]?.textContent]);

  it("shows the system's choice, stores English when chosen, and the page's lang follows", async () => {
    let page = await open();
    await page.getByRole("heading", { name: "Language" }).waitFor(slow);
    // German is not shipped: the system's choice means English, and says so.
    await expect(chosen(page)).resolves.toEqual(["system", "Same as the system (English)"]);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("en");
    // Each language named in itself, marked with its language.
    await expect(
      language(page)
        .locator("option")
        .evaluateAll((options: HTMLOptionElement[]) => options.map((option) => [option.value, option.lang])),
    ).resolves.toEqual([
      ["system", ""],
      ["en", "en"],
    ]);

    // By keyboard: the list focused, the next choice is English.
    await language(page).focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => app?.core.intl.state, slow).toEqual({ choice: "en", locale: "en" });
    await expect(chosen(page)).resolves.toEqual(["en", "English"]);
    await expect(page.getByRole("alert").count()).resolves.toBe(0);
    // Still usable by keyboard: the list keeps the focus.
    await expect(language(page).evaluate((select) => select === document.activeElement)).resolves.toBe(true);

    // Kept: the app opened again shows English chosen.
    await app?.quit();
    page = await open(app?.persisted);
    await expect(chosen(page)).resolves.toEqual(["en", "English"]);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("en");

    // From another language (the accented pseudo-locale, as tests choose it), English applies at once: lang follows.
    await app?.core.intl.choose("en-XA");
    await app?.quit();
    page = await open(app?.persisted);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("en-XA");
    const select = page.locator("section[aria-labelledby='language-title'] select");
    await expect(select.inputValue()).resolves.toBe("en-XA");
    await select.selectOption({ label: "English" });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), slow).toBe("en");
    await expect(chosen(page)).resolves.toEqual(["en", "English"]);
    await expect(app?.core.intl.state).toEqual({ choice: "en", locale: "en" });

    // And back to the system's.
    await language(page).selectOption("system");
    await expect.poll(() => app?.core.intl.state.choice, slow).toBe("system");
    await expect(chosen(page)).resolves.toEqual(["system", "Same as the system (English)"]);
  });
});
