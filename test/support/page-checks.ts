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

/**
 * pdf.js's worker, ended while it still reads a page (a draft closed mid-render), warns that it ignored the errors
 * of the task it was told to end. Which task is still running then depends on the machine's speed, and nothing is
 * wrong: pdf.js's own viewer does the same. Any other warning of pdf.js (a font or CMap it could not fetch) counts.
 */
const workerEndedMidTask = /ignoring errors during "[^"]*" task: "?(?:Error: )?Worker task was terminated"?\.?$/;

/** Whether a console message of `type` saying `text` from `url` is a problem of the page. */
export function isConsoleProblem(type: string, text: string, url: string): boolean {
  if (url.endsWith("/favicon.ico")) return false;
  if (type !== "error" && type !== "warning") return false;
  return !(type === "warning" && workerEndedMidTask.test(text));
}

/** Collects the page's errors and its console's errors and warnings (a missing favicon aside) into `problems`. */
export function collectPageProblems(page: Page, problems: string[]): void {
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (isConsoleProblem(message.type(), message.text(), message.location().url)) {
      problems.push(`console: ${message.text()}`);
    }
  });
}
