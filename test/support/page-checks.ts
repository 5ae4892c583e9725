import type { Page } from "playwright-core";
import { expect } from "vitest";
import { seriousAxeViolations } from "./axe";

/** Checks the page with axe in the light and the dark theme, saving a screenshot of each to `dir` to look at. */
export async function axeInBothThemes(page: Page, what: string, dir: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousAxeViolations(page), `${what}, ${scheme}`).toEqual([]);
    await page.screenshot({ path: `${dir}/signdesk-${what}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Collects the page's errors and its console's errors and warnings (a missing favicon aside) into `problems`. */
export function collectPageProblems(page: Page, problems: string[]): void {
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.location().url.endsWith("/favicon.ico")) return;
    if (message.type() === "error" || message.type() === "warning") problems.push(`console: ${message.text()}`);
  });
}
