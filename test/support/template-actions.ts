import type { Page } from "playwright-core";

/**
 * On the Templates screen: one of a template's actions under its "More" menu ("Send to many…", "Rename…", "New
 * version from its draft", "Remove…"), chosen as a person does: the menu button, then the action.
 */
export async function chooseTemplateAction(page: Page, templateName: string, action: string): Promise<void> {
  const name = `More actions for ${templateName}`;
  await page.getByRole("button", { name, exact: true }).click();
  await page.getByRole("menu", { name, exact: true }).getByRole("menuitem", { name: action, exact: true }).click();
}
