import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppHarness, openApp } from "../support/app-harness";
import { chooseFile } from "../support/editor-driver";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";

/**
 * The editor's code is a chunk loaded after the first screen (renderer/editor/lazy-editor.ts). When it cannot be
 * loaded, the window says so and leads back to the templates, rather than React unmounting the whole app.
 */
describeWith(["chromium", "secret-service"], "the editor when its code cannot be loaded", () => {
  let app: AppHarness;
  let blocked = 0;
  const slow = { timeout: 30_000 };

  beforeAll(async () => {
    app = await openApp({
      beforeLoad: async (context) => {
        await context.route(/\/assets\/EditorScreen-[^/]*\.js$/, (route) => {
          blocked += 1;
          return route.abort("failed");
        });
      },
    });
    await app.page.getByTestId("app-version").waitFor();
  });
  afterAll(async () => app?.close());

  it("says the draft could not be opened and goes back to the templates", async () => {
    await chooseFile(app.page, { name: "Lease.pdf", mimeType: "application/pdf", bytes: await makePdf([{}]) });
    const alert = app.page.getByRole("alert").filter({ hasText: "The draft could not be opened:" });
    await alert.waitFor(slow);
    expect(blocked).toBeGreaterThan(0);
    await app.page.getByRole("button", { name: "Back to templates" }).click();
    await app.page.locator("#templates-title").waitFor(slow);
    await expect.poll(() => alert.count()).toBe(0);
    // The app is still whole: its sidebar answers.
    await app.page.getByRole("navigation").first().waitFor(slow);
  });
});
