import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppHarness, openApp } from "../support/app-harness";
import { describeWith } from "../support/requirements";
import { goTo, slow } from "../support/round-trip";

/* Issue 31: "Save diagnostics…" as a person finds it on the Accounts screen, by keyboard. */
describeWith(["chromium", "secret-service"], "saving diagnostics for support, in Chromium", () => {
  let app: AppHarness;
  const page = (): Page => app.page;

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1100, height: 900 } });
    await page().getByTestId("app-version").waitFor(slow);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("saves the bundle to Downloads and says where", async () => {
    await goTo(page(), "Accounts");
    const button = page().getByRole("button", { name: "Save diagnostics…" });
    await button.focus();
    await page().keyboard.press("Enter");
    const saved = page().getByRole("status").filter({ hasText: "Saved as" });
    await saved.waitFor(slow);
    const file = (await saved.locator("code").textContent()) ?? "";
    expect(file).toMatch(/Signdesk diagnostics .+\.zip$/);
    const entries = unzipSync(await readFile(file));
    expect(JSON.parse(strFromU8(entries["records.json"] ?? new Uint8Array()))).toMatchObject({
      integrityCheck: ["ok"],
    });
    await page().getByRole("heading", { name: "Diagnostics" }).scrollIntoViewIfNeeded();
    await page().screenshot({ path: "/tmp/signdesk-diagnostics.png" });
  });
});
