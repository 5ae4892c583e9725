import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { HandlerError } from "../../main/handler-error";
import { type AppHarness, openApp } from "../support/app-harness";
import {
  chooseFile,
  editorToolbar,
  inspector,
  pageCanvasesAtZoom,
  pageElement,
  pxPerPointAt100,
} from "../support/editor-driver";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";

/** What the test reads of the sandbox's state.json: a template's fields, by recipient. */
interface SandboxState {
  templates: { id: string; groups: { x: number; y: number; page: number; type: string }[][] }[];
}

/**
 * A new PDF's draft is usable as soon as page 1 is on screen: main makes the draft in the background (held
 * here: its DraftStore.createFromFile waits for the test), and what is done meanwhile is stored in it.
 */
describeWith(["chromium", "secret-service"], "the editor while main is still making the draft", () => {
  let app: AppHarness;
  const problems: string[] = [];
  /** Main's draft creations waiting for the test to let them go on, or fail. */
  const holds: { release: () => void; refuse: (message: string) => void }[] = [];
  /** The fields of the draft each time main read it after the held creation was released (the upload reads it). */
  const readAfterRelease: string[][] = [];
  const slow = { timeout: 30_000 };
  /** The upload goes to the sandbox, which tries the final PDF in a worker first: slow on a busy machine. */
  const upload = { timeout: 100_000 };
  /** Main's draft creation the first test holds, released by the second. */
  let heldDraft: { release: () => void } | undefined;

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1400, height: 900 } });
    app.page.on("pageerror", (error) => problems.push(String(error)));
    const drafts = app.core.drafts;
    const create = drafts.createFromFile.bind(drafts);
    drafts.createFromFile = async (...args) => {
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
    await expect.poll(() => holds.length, slow).toBe(1);
    const found = holds.shift();
    if (found === undefined) throw new Error("main is not making a draft");
    return found;
  };
  const firstPageCanvas = () => app.page.locator('.editor-pages [data-page-index="0"] .pdf-canvas-host canvas');
  const toolbarStatus = (text: string) => editorToolbar(app.page).getByRole("status").filter({ hasText: text });
  /** Places a field of `type` from the keyboard, on the page in view. */
  const placeFromKeyboard = async (type: string) => {
    await app.page.getByRole("button", { name: new RegExp(`^${type} \\(`) }).focus();
    await app.page.keyboard.press("Enter");
    await expect.poll(() => inspector(app.page, "Type").inputValue(), slow).toBe(type);
  };

  it("is usable once page 1 is on screen, while main is still making the draft", async () => {
    // Page 2 is landscape: read here while main is held, it is laid out as such before main's draft exists.
    await chooseFile(app.page, {
      name: "Lease.pdf",
      mimeType: "application/pdf",
      bytes: await makePdf([{}, { rotate: 90 }, {}, {}]),
    });
    heldDraft = await held();
    await firstPageCanvas().waitFor(slow);
    // Every page is read here; what remains is main's work, said in the toolbar.
    await toolbarStatus("Saving the draft…").waitFor(slow);
    const create = editorToolbar(app.page).getByRole("button", { name: "Create template…" });
    await expect(create.isEnabled()).resolves.toBe(true);
    await expect(app.page.locator(".editor-panels").getAttribute("inert")).resolves.toBeNull();
    const second = await pageElement(app.page, 1).boundingBox();
    expect(second !== null && second.width > second.height).toBe(true);
    expect(await app.core.drafts.list()).toEqual([]);

    // A Signature placed with the mouse, centred at (280, 324) pt on page 1: its box's corner at (200, 300).
    await app.page.keyboard.press("Control+0");
    await expect.poll(() => app.page.locator(".zoom-value").textContent()).toBe("100%");
    await pageElement(app.page, 0).locator(".pdf-page-overlay canvas").first().waitFor(slow);
    await app.page.getByRole("button", { name: /^Signature \(/ }).click();
    const box = await pageElement(app.page, 0).boundingBox();
    if (box === null) throw new Error("page 1 is not shown");
    await app.page.mouse.click(box.x + 280 * pxPerPointAt100, box.y + 324 * pxPerPointAt100);
    await expect.poll(() => inspector(app.page, "x (pt)").inputValue(), slow).toBe("200");
    await expect(inspector(app.page, "y (pt)").inputValue()).resolves.toBe("300");
    await expect.poll(() => pageCanvasesAtZoom(app.page), slow).toBe(true);
    await firstPageCanvas().evaluate((canvas: HTMLCanvasElement) => {
      canvas.dataset.seen = "before the draft";
    });

    // Creating the template waits for main's draft, and uploads it with the field.
    await create.click();
    const dialog = app.page.getByRole("dialog", { name: "Create template" });
    await dialog.getByRole("button", { name: "Create template" }).click();
    await dialog.getByText("Preparing…").waitFor(slow);
    expect(app.core.records.templates.all()).toEqual([]);
    expect(await app.core.drafts.list()).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("stores what was done meanwhile in main's draft once main has made it, and uploads it", async () => {
    const drafts = app.core.drafts;
    const open = drafts.open.bind(drafts);
    drafts.open = async (...args) => {
      const draft = await open(...args);
      readAfterRelease.push(draft.fields.map((field) => field.type));
      return draft;
    };
    heldDraft?.release();
    // The upload reads the draft from main: by then it holds the field placed before main had made it.
    await expect.poll(() => readAfterRelease.length, upload).toBeGreaterThan(0);
    expect(readAfterRelease[0]).toEqual(["Signature"]);
    await app.page.getByRole("status").filter({ hasText: "Template “Lease” created." }).waitFor(upload);
    await toolbarStatus("All changes saved").waitFor(slow);
    const [summary] = await app.core.drafts.list();
    if (summary === undefined) throw new Error("no draft");
    const stored = await app.core.drafts.open(summary.id);
    expect(stored.fields).toEqual([expect.objectContaining({ type: "Signature", page: 1, x: 200, y: 300 })]);
    expect(stored.pages).toHaveLength(4);
    const [record] = app.core.records.templates.all();
    const state = JSON.parse(
      await readFile(path.join(app.userDataDir, "sandbox", "state.json"), "utf8"),
    ) as SandboxState;
    const template = state.templates.find((candidate) => candidate.id === record?.templateId);
    expect(template?.groups).toEqual([[expect.objectContaining({ x: 200, y: 300, page: 1, type: "Signature" })]]);
    // Not drawn again: the canvas is the one drawn before the draft existed.
    await expect(firstPageCanvas().getAttribute("data-seen")).resolves.toBe("before the draft");
    // The field placed before main's draft existed can be undone like any other, and the undo is saved.
    await app.page.locator(".editor-pages").focus();
    await app.page.keyboard.press("Control+Z");
    await expect.poll(async () => (await app.core.drafts.open(summary.id)).fields, slow).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("goes back to the Templates screen with main's reason when main refuses a file it was showing", async () => {
    await app.page.getByRole("button", { name: "Back to templates" }).click();
    await app.page.getByTestId("new-draft-input").waitFor({ state: "attached" });
    const before = await app.core.drafts.list();
    await chooseFile(app.page, { name: "Refused.pdf", mimeType: "application/pdf", bytes: await makePdf([{}]) });
    const main = await held();
    await firstPageCanvas().waitFor(slow);
    await placeFromKeyboard("Text");
    main.refuse("No space is left on the disk.");
    await app.page
      .getByRole("alert")
      .filter({
        hasText:
          "Refused.pdf could not be opened: No space is left on the disk. The changes made to it could not be kept.",
      })
      .waitFor(slow);
    await expect(editorToolbar(app.page).count()).resolves.toBe(0);
    expect(await app.core.drafts.list()).toEqual(before);
    expect(problems).toEqual([]);
  });

  it("stores a field placed before the editor was left, once main has made the draft", async () => {
    await chooseFile(app.page, { name: "Early.pdf", mimeType: "application/pdf", bytes: await makePdf([{}]) });
    const main = await held();
    await firstPageCanvas().waitFor(slow);
    await placeFromKeyboard("Date");
    await app.page.getByRole("button", { name: "Back to templates" }).click();
    await app.page.getByRole("heading", { name: "Templates", exact: true }).waitFor();
    // The list the screen read on arrival does not have it: main is still making it.
    await app.page
      .getByRole("button", { name: /^Duplicate / })
      .first()
      .waitFor();
    await expect(app.page.getByRole("button", { name: "Duplicate Early" }).count()).resolves.toBe(0);
    main.release();
    await app.page.getByRole("button", { name: "Duplicate Early" }).waitFor(slow);
    const early = (await app.core.drafts.list()).find((summary) => summary.name === "Early");
    if (early === undefined) throw new Error("the draft Early is not listed");
    expect((await app.core.drafts.open(early.id)).fields).toEqual([expect.objectContaining({ type: "Date", page: 1 })]);
    expect(problems).toEqual([]);
  });
});
