import { tmpdir } from "node:os";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Draft } from "../../common/draft";
import { fieldBoxSizes } from "../../common/fields";
import { type AppHarness, openApp } from "../support/app-harness";
import { chooseFile, pageElement, waitForEditor } from "../support/editor-driver";
import { axeInBothThemes, collectPageProblems } from "../support/page-checks";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";

/**
 * The editor at the window size people use (1280 × 820): the toolbar never moves whatever the save status
 * says, Enter adds a field where the person is looking and clear of the fields already there, and a field
 * names its recipient when selected or under the pointer.
 */

type Boxes = Record<string, { x: number; y: number; width: number; height: number }>;
interface ToolbarLog {
  status: string;
  /** The window's width when the status changed. */
  width: number;
  boxes: Boxes;
}

const slow = { timeout: 20_000 };

describeWith(["chromium", "secret-service"], "the editor's toolbar, keyboard placement and recipient names", () => {
  let app: AppHarness;
  const problems: string[] = [];

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 820 } });
    collectPageProblems(app.page, problems);
    await app.page.getByTestId("app-version").waitFor();
  });
  afterAll(async () => app?.close());

  const page = () => app.page;
  const draftNow = async (): Promise<Draft> => {
    const [summary] = await app.core.drafts.list();
    if (summary === undefined) throw new Error("no draft");
    return app.core.drafts.open(summary.id);
  };
  /** Every status the toolbar shows from now on, with where each of its controls was at that moment. */
  const logToolbar = () =>
    page().evaluate(() => {
      const toolbar = document.querySelector<HTMLElement>("[role=toolbar][aria-label=Editor]");
      const status = toolbar?.querySelector(".save-status");
      if (toolbar == null || status == null) throw new Error("no editor toolbar");
      const log: ToolbarLog[] = [];
      const record = () => {
        const boxes: Boxes = {};
        for (const control of toolbar.querySelectorAll<HTMLElement>("button, output")) {
          const { x, y, width, height } = control.getBoundingClientRect();
          boxes[control.getAttribute("aria-label") ?? control.textContent ?? ""] = { x, y, width, height };
        }
        log.push({ status: status.textContent ?? "", width: window.innerWidth, boxes });
      };
      record();
      new MutationObserver(record).observe(status, { childList: true, characterData: true, subtree: true });
      (window as unknown as { __toolbarLog: ToolbarLog[] }).__toolbarLog = log;
    });
  const toolbarLog = () => page().evaluate(() => (window as unknown as { __toolbarLog: ToolbarLog[] }).__toolbarLog);

  it("keeps every toolbar control in place through saving, saved and a failed save, at any width", async () => {
    await chooseFile(page(), {
      // A short name: the status is the widest thing in its block.
      name: "Lease.pdf",
      mimeType: "application/pdf",
      bytes: await makePdf([{}, {}]),
    });
    await waitForEditor(page(), 1);
    await page().getByRole("status").filter({ hasText: "All changes saved" }).waitFor(slow);
    await logToolbar();

    // A change: "Saving…", then "All changes saved".
    await page()
      .getByRole("button", { name: /^Signature/ })
      .focus();
    await page().keyboard.press("Enter");
    await expect.poll(async () => (await draftNow()).fields.length, slow).toBe(1);
    await page().getByRole("status").filter({ hasText: "All changes saved" }).waitFor(slow);

    // The draft goes away behind the editor's back (deleted in another window): the next save fails.
    const { id } = await draftNow();
    await app.core.drafts.delete(id);
    await page().getByRole("button", { name: /^Text/ }).focus();
    await page().keyboard.press("Enter");
    const alert = page().getByRole("alert").filter({ hasText: "Your last changes are not saved" });
    await alert.waitFor(slow);
    await expect(alert.textContent()).resolves.toMatch(/not saved: .+\. They are kept in this window/);

    // Brought back, "Save now" saves what was kept: nothing lost.
    await app.core.drafts.restore(id);
    await alert.getByRole("button", { name: "Save now" }).click();
    await page().getByRole("status").filter({ hasText: "All changes saved" }).waitFor(slow);
    await expect
      .poll(async () => (await draftNow()).fields.map((field) => field.type), slow)
      .toEqual(["Signature", "Text"]);
    await expect(alert.count()).resolves.toBe(0);

    // Narrower windows, where the toolbar wraps: a change saved at each.
    for (const width of [1180, 1100, 1040, 980, 900]) {
      await page().setViewportSize({ width, height: 820 });
      await page().locator(".editor-pages").focus();
      await page().keyboard.press("ArrowRight");
      await page().getByRole("status").filter({ hasText: "Saving…" }).waitFor(slow);
      await page().getByRole("status").filter({ hasText: "All changes saved" }).waitFor(slow);
    }
    await page().setViewportSize({ width: 1280, height: 820 });

    const log = await toolbarLog();
    expect(new Set(log.filter((entry) => entry.width === 1280).map((entry) => entry.status))).toEqual(
      new Set(["All changes saved", "Saving…", "Not saved (see below)"]),
    );
    for (const entry of log) {
      const [first] = log.filter((other) => other.width === entry.width);
      expect(Object.keys(entry.boxes).length).toBeGreaterThan(10);
      expect(entry.boxes, `"${entry.status}" at ${entry.width} px`).toEqual(first?.boxes);
    }
    expect(new Set(log.map((entry) => entry.width)).size).toBe(6);
    await axeInBothThemes(page(), "editor-toolbar", tmpdir());
  });

  it("adds a field from the keyboard in the part of the page in view, clear of the other fields", async () => {
    // Page 1 scrolled so that only its lower half is in view.
    const scroller = page().locator(".editor-pages .pdf-pages");
    await pageElement(page(), 0).evaluate((slot: HTMLElement) => {
      const view = slot.closest(".pdf-pages");
      if (view !== null) view.scrollTop = slot.offsetTop + slot.offsetHeight / 2;
    });
    const viewBox = await scroller.boundingBox();
    const pageBox = await pageElement(page(), 0).boundingBox();
    if (viewBox === null || pageBox === null) throw new Error("page 1 is not shown");
    const scale = pageBox.width / 612;
    const visibleTop = (Math.max(viewBox.y, pageBox.y) - pageBox.y) / scale;
    const visibleBottom = (Math.min(viewBox.y + viewBox.height, pageBox.y + pageBox.height) - pageBox.y) / scale;
    expect(visibleTop).toBeGreaterThan(300);

    const before = (await draftNow()).fields.length;
    for (let press = 0; press < 3; press += 1) {
      await page()
        .getByRole("button", { name: /^Signature/ })
        .focus();
      await page().keyboard.press("Enter");
      await expect.poll(async () => (await draftNow()).fields.length, slow).toBe(before + press + 1);
    }
    const onPage1 = (await draftNow()).fields.filter((field) => field.page === 1);
    const added = onPage1.slice(-3);
    for (const field of added) {
      const size = fieldBoxSizes[field.type];
      expect(field.y, `${field.id} in view`).toBeGreaterThanOrEqual(visibleTop);
      expect(field.y + size.height, `${field.id} in view`).toBeLessThanOrEqual(visibleBottom);
      for (const other of onPage1) {
        if (other.id === field.id) continue;
        const otherSize = fieldBoxSizes[other.type];
        const apart =
          field.x + size.width <= other.x ||
          other.x + otherSize.width <= field.x ||
          field.y + size.height <= other.y ||
          other.y + otherSize.height <= field.y;
        expect(apart, `${field.id} clear of ${other.id}`).toBe(true);
      }
    }
  });

  it("names a field's recipient when it is selected, and when the pointer is over it", async () => {
    await page().getByRole("button", { name: "Rename Recipient 1" }).click();
    await page().getByLabel("Label for recipient 1").fill("Tenant");
    await page().keyboard.press("Enter");
    const tags = page().locator(".field-name-tag");

    // The last field added is selected: its tag names its recipient.
    await expect.poll(() => tags.allTextContents(), slow).toEqual(["Tenant"]);
    const selectedId = await tags.first().getAttribute("data-field-id");
    await page().keyboard.press("Escape");
    await expect.poll(() => tags.count(), slow).toBe(0);

    // Under the pointer: the tag follows it, and goes when the pointer leaves.
    const field = (await draftNow()).fields.find((candidate) => candidate.id === selectedId);
    if (field === undefined) throw new Error("no selected field");
    const pageBox = await pageElement(page(), field.page - 1).boundingBox();
    if (pageBox === null) throw new Error("page not shown");
    const scale = pageBox.width / 612;
    await page().mouse.move(pageBox.x + (field.x + 20) * scale, pageBox.y + (field.y + 10) * scale);
    await expect.poll(() => tags.allTextContents(), slow).toEqual(["Tenant"]);
    const tagBox = await tags.first().boundingBox();
    expect(tagBox?.y).toBeLessThan(pageBox.y + field.y * scale);
    await page().mouse.move(pageBox.x + 2, pageBox.y + 2);
    await expect.poll(() => tags.count(), slow).toBe(0);
    await axeInBothThemes(page(), "editor-name-tag", tmpdir());
    expect(problems).toEqual([]);
  });
});
