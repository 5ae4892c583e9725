import { afterAll, beforeAll, expect, it } from "vitest";
import type { TemplateRecord } from "../../common/records";
import { type AppHarness, openApp } from "../support/app-harness";
import { bridgeCall } from "../support/bridge-call";
import { draftThroughBridge, leaseTenant, tenantSignature } from "../support/documents-setup";
import { axeInBothThemes, collectPageProblems } from "../support/page-checks";
import { describeWith } from "../support/requirements";
import { slow } from "../support/round-trip";

/** Where the screenshots of each state are saved, to look at (not compared). */
const shots = process.env.TEMPLATE_ROW_SCREENSHOTS_DIR ?? "/tmp";

describeWith(["chromium", "secret-service"], "a template's row: its ID out of the way, one main action", () => {
  let app: AppHarness;
  let template: TemplateRecord;
  const problems: string[] = [];
  const page = () => app.page;
  const row = () => page().getByRole("list", { name: "Templates created" }).locator(":scope > li").first();
  const more = () => row().getByRole("button", { name: "More actions for Lease" });
  const menu = () => page().getByRole("menu", { name: "More actions for Lease" });
  const focusedText = () => page().evaluate(() => document.activeElement?.textContent ?? null);

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 820 } });
    collectPageProblems(page(), problems);
    await page().locator("#templates-title").waitFor(slow);
    const draftId = await draftThroughBridge(page(), "Lease.pdf", [leaseTenant], [tenantSignature]);
    template = (
      await bridgeCall<{ template: TemplateRecord }>(page(), "templatesCreate", {
        draftId,
        transferId: crypto.randomUUID(),
      })
    ).template;
    await page().reload();
    await page().locator("#templates-title").waitFor(slow);
    await row().waitFor(slow);
  });
  afterAll(async () => app?.close());

  it("shows the ID short and muted, and copies it whole through main's clipboard, saying so", async () => {
    const text = (await row().textContent()) ?? "";
    expect(text).not.toContain(template.templateId);
    expect(text).toContain(`ID ${template.templateId.slice(0, 8)}…`);
    // Beside it, one main action and one menu: no row of look-alike buttons.
    const buttons = await row()
      .getByRole("button")
      .evaluateAll((elements) =>
        elements.map((element) => ({
          name: element.textContent?.trim(),
          primary: element.classList.contains("primary"),
          popup: element.getAttribute("aria-haspopup"),
        })),
      );
    expect(buttons).toEqual([
      { name: "Copy ID of Lease", primary: false, popup: null },
      { name: "Send… Lease", primary: true, popup: null },
      { name: "More actions for Lease▾", primary: false, popup: "menu" },
    ]);

    await row().getByRole("button", { name: "Copy ID of Lease" }).click();
    await row().getByRole("status").filter({ hasText: "Template ID copied." }).waitFor(slow);
    expect(app.clipboard.readText()).toBe(template.templateId);
    await axeInBothThemes(page(), "template-row-copied", shots);
    // "Copied" goes once the focus moves on; nothing is left to read out of date.
    await page().keyboard.press("Tab");
    await expect.poll(() => row().getByRole("status").first().textContent(), slow).toBe("");
    expect(problems).toEqual([]);
  });

  it("groups the other actions under More, a menu the keyboard works as the menu button pattern says", async () => {
    await expect(more().getAttribute("aria-expanded")).resolves.toBe("false");
    await more().focus();
    await page().keyboard.press("Enter");
    await menu().waitFor(slow);
    await expect(more().getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(menu().getByRole("menuitem").allTextContents()).resolves.toEqual([
      "Send to many…",
      "Rename…",
      "New version from its draft",
      "Remove…",
    ]);
    await expect.poll(focusedText, slow).toBe("Send to many…");
    await axeInBothThemes(page(), "template-row-menu", shots);
    const steps: [string, string][] = [
      ["ArrowDown", "Rename…"],
      ["ArrowDown", "New version from its draft"],
      ["ArrowDown", "Remove…"],
      ["ArrowDown", "Send to many…"],
      ["ArrowUp", "Remove…"],
      ["Home", "Send to many…"],
      ["End", "Remove…"],
    ];
    for (const [key, focused] of steps) {
      await page().keyboard.press(key);
      await expect.poll(focusedText, slow).toBe(focused);
    }
    await page().keyboard.press("Escape");
    await menu().waitFor({ state: "detached", ...slow });
    await expect.poll(focusedText, slow).toBe("More actions for Lease▾");
    await expect(more().getAttribute("aria-expanded")).resolves.toBe("false");

    // Up opens it on its last action; Tab closes it and moves on.
    await page().keyboard.press("ArrowUp");
    await expect.poll(focusedText, slow).toBe("Remove…");
    await page().keyboard.press("Tab");
    await menu().waitFor({ state: "detached", ...slow });

    // An action chosen from the keyboard runs: Rename… opens its dialog.
    await more().focus();
    await page().keyboard.press("ArrowDown");
    await page().keyboard.press("ArrowDown");
    await expect.poll(focusedText, slow).toBe("Rename…");
    await page().keyboard.press("Enter");
    const rename = page().getByRole("dialog", { name: "Rename “Lease”" });
    await rename.waitFor(slow);
    await page().keyboard.press("Escape");
    await rename.waitFor({ state: "detached", ...slow });

    // With the mouse: a click elsewhere closes it.
    await more().click();
    await menu().waitFor(slow);
    await page().locator("#templates-title").click();
    await menu().waitFor({ state: "detached", ...slow });
    expect(problems).toEqual([]);
  });
});
