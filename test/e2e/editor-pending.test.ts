import { afterAll, beforeAll, expect, it } from "vitest";
import { HandlerError } from "../../main/handler-error";
import { type AppHarness, openApp } from "../support/app-harness";
import { chooseFile, editorToolbar } from "../support/editor-driver";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";

/**
 * A PDF's pages show as soon as pdf.js has opened it, before main has made the draft: main is held back
 * here (its DraftStore.createFromFile waits for the test) to see the editor in between.
 */
describeWith(["chromium", "secret-service"], "the editor while main is still making the draft", () => {
  let app: AppHarness;
  const problems: string[] = [];
  /** Main's draft creations waiting for the test to let them go on, or fail. */
  const holds: { release: () => void; refuse: (message: string) => void }[] = [];
  /** Whether page 1 was on screen (1) or not (0) when main was asked for each draft. */
  const pageOneDrawnWhenCalled: number[] = [];

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1400, height: 900 } });
    app.page.on("pageerror", (error) => problems.push(String(error)));
    const drafts = app.core.drafts;
    const create = drafts.createFromFile.bind(drafts);
    drafts.createFromFile = async (...args) => {
      pageOneDrawnWhenCalled.push(await firstPageCanvas().count());
      await new Promise<void>((resolve, reject) => {
        holds.push({ release: resolve, refuse: (message) => reject(new HandlerError("internal", message)) });
      });
      return create(...args);
    };
    await app.page.getByTestId("app-version").waitFor();
  });
  afterAll(async () => app?.close());

  const held = async () => {
    // Once page 1 is drawn: on a busy machine that takes longer than poll's default second.
    await expect.poll(() => holds.length, { timeout: 10_000 }).toBe(1);
    const found = holds.shift();
    if (found === undefined) throw new Error("main is not making a draft");
    return found;
  };
  const firstPageCanvas = () => app.page.locator('.editor-pages [data-page-index="0"] .pdf-canvas-host canvas');

  it("shows the pages at once, nothing editable, then the very same pages become the draft's", async () => {
    // Page 2 is landscape: until main's draft arrives every page is laid out as page 1.
    await chooseFile(app.page, {
      name: "Lease.pdf",
      mimeType: "application/pdf",
      bytes: await makePdf([{}, { rotate: 90 }]),
    });
    const main = await held();
    // Main is asked for the draft only once page 1 is on screen (TemplatesScreen's mainMayStart): the
    // two would otherwise share the cores while the person waits to see the page.
    expect(pageOneDrawnWhenCalled).toEqual([1]);
    // Main has not made the draft, yet page 1 is drawn in the editor.
    await firstPageCanvas().waitFor({ timeout: 20_000 });
    await editorToolbar(app.page).getByRole("status").filter({ hasText: "Preparing the draft…" }).waitFor();
    await expect(editorToolbar(app.page).getByRole("button", { name: "Create template…" }).isDisabled()).resolves.toBe(
      true,
    );
    await expect(app.page.locator(".editor-panels").getAttribute("inert")).resolves.not.toBeNull();
    expect(await app.core.drafts.list()).toEqual([]);
    await firstPageCanvas().evaluate((canvas: HTMLCanvasElement) => {
      canvas.dataset.seen = "before the draft";
    });

    main.release();
    await expect
      // Main reads the whole PDF first: on a busy machine that takes longer than poll's default second.
      .poll(() => editorToolbar(app.page).getByRole("button", { name: "Create template…" }).isDisabled(), {
        timeout: 20_000,
      })
      .toBe(false);
    await expect(app.page.locator(".editor-panels").getAttribute("inert")).resolves.toBeNull();
    // Not drawn again: the canvas is the one drawn before the draft existed.
    await expect(firstPageCanvas().getAttribute("data-seen")).resolves.toBe("before the draft");
    // The landscape page 2 now widens the column; page 1, which fits the view, stays centred in it.
    const centreOffset = async () => {
      const view = await app.page.locator(".editor-pages .pdf-pages").boundingBox();
      const first = await app.page.locator('.editor-pages [data-page-index="0"]').boundingBox();
      if (view === null || first === null) throw new Error("page 1 is not shown");
      return Math.abs(first.x + first.width / 2 - (view.x + view.width / 2));
    };
    await expect.poll(centreOffset).toBeLessThanOrEqual(10);
    const [summary] = await app.core.drafts.list();
    if (summary === undefined) throw new Error("no draft");
    const made = await app.core.drafts.open(summary.id);
    // The editor now works on main's draft: its recipient, and nothing saved over it.
    await app.page.getByRole("button", { name: /^Recipient 1, recipient 1/ }).waitFor();
    expect(made.revision).toBe(0);

    await app.page.getByRole("button", { name: /^Text/ }).focus();
    await app.page.keyboard.press("Enter");
    await expect.poll(async () => (await app.core.drafts.open(summary.id)).fields.length).toBe(1);
    const saved = await app.core.drafts.open(summary.id);
    expect(saved.fields[0]?.groupId).toBe(made.groups[0]?.id);
    expect(problems).toEqual([]);
  });

  it("goes back to the Templates screen with main's reason when main refuses a file it was showing", async () => {
    await app.page.getByRole("button", { name: "Back to templates" }).click();
    await app.page.getByTestId("new-draft-input").waitFor({ state: "attached" });
    const before = await app.core.drafts.list();
    await chooseFile(app.page, { name: "Refused.pdf", mimeType: "application/pdf", bytes: await makePdf([{}]) });
    const main = await held();
    await firstPageCanvas().waitFor({ timeout: 20_000 });
    main.refuse("No space is left on the disk.");
    await app.page
      .getByRole("alert")
      .filter({ hasText: "Refused.pdf could not be opened: No space is left on the disk." })
      .waitFor();
    await expect(editorToolbar(app.page).count()).resolves.toBe(0);
    expect(await app.core.drafts.list()).toEqual(before);
    expect(problems).toEqual([]);
  });

  it("lists the draft once main has made it, when the editor was left before", async () => {
    await chooseFile(app.page, { name: "Early.pdf", mimeType: "application/pdf", bytes: await makePdf([{}]) });
    const main = await held();
    await firstPageCanvas().waitFor({ timeout: 20_000 });
    await app.page.getByRole("button", { name: "Back to templates" }).click();
    await app.page.getByRole("heading", { name: "Templates", exact: true }).waitFor();
    // The list the screen read on arrival does not have it: main is still making it.
    await app.page
      .getByRole("button", { name: /^Duplicate / })
      .first()
      .waitFor();
    await expect(app.page.getByRole("button", { name: "Duplicate Early" }).count()).resolves.toBe(0);
    main.release();
    await app.page.getByRole("button", { name: "Duplicate Early" }).waitFor();
    expect(problems).toEqual([]);
  });
});
