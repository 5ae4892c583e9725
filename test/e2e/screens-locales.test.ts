import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Locale, pseudoLocales, shippedLocales, textDirection } from "../../common/i18n/locales";
import { type ScreenId, screenIds, screenInfo } from "../../common/screens";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { bridgeCall } from "../support/bridge-call";
import { loadWatched } from "../support/editor-driver";
import { describeWith } from "../support/requirements";
import { seedScreenStates } from "../support/screen-states";
import { textLayoutProblems } from "../support/text-layout";

/**
 * Every screen in the languages that stretch a layout most — the pseudo-locales en-XA (40% longer, accented) and
 * ar-XB (right to left), and the shipped ones written right to left or in CJK — at 1280 × 800 and at the window's
 * smallest content size, light and dark: no text cut off or covered, `lang` and `dir` on the document, and axe clean
 * where the text runs right to left. The screenshots go to .cache/screens-locales/ to be looked at.
 */
const sizes = [
  { name: "1280x800", width: 1280, height: 800 },
  // The window's minimum (880 × 600, main/electron/window.ts) less a title bar and the menu bar.
  { name: "880x540", width: 880, height: 540 },
] as const;
const wanted = ["en-XA", "ar-XB", "ar", "he", "ja", "zh-CN"];
const locales = wanted.filter((locale): locale is Locale =>
  [...pseudoLocales, ...shippedLocales].some((known) => known === locale),
);
const shotsDir = path.resolve(import.meta.dirname, "../../.cache/screens-locales");

describeWith(["chromium", "secret-service"], "every screen in long, right-to-left and CJK languages", () => {
  let app: AppHarness;
  let signedId = "";
  const problems: string[] = [];
  const page = () => app.page;

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 800 } });
    await loadWatched(page(), app.origin, problems);
    ({ signedId } = await seedScreenStates(page()));
    await mkdir(shotsDir, { recursive: true });
  });

  afterAll(async () => {
    await app?.close();
  });

  const showScreen = async (screen: ScreenId) => {
    await page().keyboard.press(`Control+${screenInfo[screen].shortcutDigit}`);
    await page().locator(`#${screen}-title`).waitFor({ timeout: 120_000 });
  };

  /** The views beyond the five screens: a document's details, the editor, the send form. */
  const views: { name: string; show: () => Promise<void> }[] = [
    ...screenIds.map((screen) => ({ name: screen, show: () => showScreen(screen) })),
    {
      name: "document",
      show: async () => {
        await showScreen("documents");
        await page().locator(`[data-open-document="${signedId}"]`).click();
        await page().locator("#detail-title, .document-detail h2").first().waitFor();
      },
    },
    {
      name: "send",
      show: async () => {
        await showScreen("templates");
        await page().locator(".template-row button.primary").first().click();
        await page().locator("#send-title").waitFor();
      },
    },
    {
      name: "editor",
      show: async () => {
        // Opened once; at the second size it is still open (the Templates screen shows it instead of the list).
        if ((await page().locator(".editor-pages").count()) === 0) {
          await showScreen("templates");
          await page().locator(".draft-row button.draft-name").first().click();
        }
        await page().locator(".editor-pages canvas").first().waitFor({ timeout: 120_000 });
      },
    },
  ];

  /** The locales whose screenshots are looked at in light and dark, and those checked with axe. */
  const bothSchemes = new Set<string>(["ar", "ja"]);
  const checkedByAxe = (locale: Locale) => textDirection(locale) === "rtl";

  describe.each(locales)("%s", (locale) => {
    beforeAll(async () => {
      await bridgeCall(page(), "localeSet", { choice: locale });
      await page().reload();
      await page().waitForFunction(() => (document.getElementById("root")?.childElementCount ?? 0) > 0);
    });

    afterAll(async () => {
      await page().setViewportSize({ width: 1280, height: 800 });
      await page().emulateMedia({ colorScheme: "light" });
      await bridgeCall(page(), "localeSet", { choice: "system" });
    });

    it("is the document's language and direction", async () => {
      await expect(page().evaluate(() => document.documentElement.lang)).resolves.toBe(locale);
      await expect(page().evaluate(() => document.documentElement.dir)).resolves.toBe(textDirection(locale));
    });

    it.each(views.map((view) => view.name))(
      "%s: no text cut off or covered at either size",
      async (name) => {
        const view = views.find((each) => each.name === name);
        if (view === undefined) throw new Error(`no view ${name}`);
        const found: string[] = [];
        for (const size of sizes) {
          await page().setViewportSize({ width: size.width, height: size.height });
          await page().emulateMedia({ colorScheme: "light" });
          await view.show();
          await page().evaluate(() => document.fonts.ready.then(() => undefined));
          const schemes =
            bothSchemes.has(locale) && size === sizes[0] ? (["light", "dark"] as const) : (["light"] as const);
          for (const scheme of schemes) {
            await page().emulateMedia({ colorScheme: scheme });
            if (scheme === "light") {
              for (const problem of await textLayoutProblems(page())) found.push(`${size.name}: ${problem}`);
            }
            const shot = await page().screenshot({ animations: "disabled", caret: "hide" });
            await writeFile(path.join(shotsDir, `${locale}-${name}-${size.name}-${scheme}.png`), shot);
            if (checkedByAxe(locale) && size === sizes[0]) {
              for (const violation of await seriousAxeViolations(page())) {
                found.push(`${scheme}: axe ${violation.id}: ${violation.help} at ${violation.targets.join(", ")}`);
              }
            }
          }
        }
        expect(found, found.join("\n")).toEqual([]);
        expect(problems).toEqual([]);
      },
      300_000,
    );
  });
});
