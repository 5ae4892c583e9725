import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Draft, DraftField } from "../../common/draft";
import { fieldBoxSizes } from "../../common/fields";
import { type AppHarness, openApp } from "../support/app-harness";
import { bringPageToTop, waitForEditor } from "../support/editor-driver";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";

const pxPerPt = 96 / 72;

describeWith(["chromium", "secret-service"], "dragging fields in the editor", () => {
  let app: AppHarness;
  let draft: Draft;
  const problems: string[] = [];

  // A: Text at (100, 100), B: Date at (100, 200), C: Checkbox at (400, 400), all for one recipient.
  const placed: DraftField[] = [
    { id: "field-a", type: "Text", groupId: "", page: 1, x: 100, y: 100 },
    { id: "field-b", type: "Date", groupId: "", page: 1, x: 100, y: 200 },
    { id: "field-c", type: "Checkbox", groupId: "", page: 1, x: 400, y: 400 },
  ];

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1400, height: 900 } });
    app.page.on("pageerror", (error) => problems.push(String(error)));
    const file = path.join(app.userDataDir, "Drag.pdf");
    await writeFile(file, await makePdf([{}]));
    const made = await app.core.drafts.createFromFile(file);
    const groupId = made.groups[0]?.id ?? "";
    draft = { ...made, fields: placed.map((field) => ({ ...field, groupId })) };
    await app.core.drafts.save(draft);
  });
  afterAll(async () => app?.close());

  const saved = async (id: string) => (await app.core.drafts.open(draft.id)).fields.find((field) => field.id === id);
  const centre = (field: Pick<DraftField, "type" | "x" | "y">) => ({
    x: field.x + fieldBoxSizes[field.type].width / 2,
    y: field.y + fieldBoxSizes[field.type].height / 2,
  });
  /** The most opaque of the overlay's layers at a point of page 1 (points from its top-left). */
  const overlayAlpha = (at: { x: number; y: number }) =>
    app.page
      .locator('.editor-pages [data-page-index="0"] .pdf-page-overlay')
      .evaluate((overlay: HTMLElement, point) => {
        let alpha = 0;
        for (const canvas of overlay.querySelectorAll("canvas")) {
          // Points to CSS pixels (100%), to the canvas's own pixels.
          const ratio = (canvas.width / canvas.getBoundingClientRect().width) * (96 / 72);
          const pixel = canvas
            .getContext("2d")
            ?.getImageData(Math.round(point.x * ratio), Math.round(point.y * ratio), 1, 1).data;
          alpha = Math.max(alpha, pixel?.[3] ?? 0);
        }
        return alpha;
      }, at);

  it("moves the whole selection with the grabbed field, on screen while dragging and in the draft on drop", async () => {
    await app.page.reload();
    await app.page.getByRole("button", { name: "Drag", exact: true }).click();
    await waitForEditor(app.page);
    const box = await bringPageToTop(app.page, 0);
    const [a, b] = placed as [DraftField, DraftField, DraftField];
    const toPx = (point: { x: number; y: number }) => ({ x: box.x + point.x * pxPerPt, y: box.y + point.y * pxPerPt });
    const aAt = toPx(centre(a));
    await app.page.mouse.click(aAt.x, aAt.y);
    const bAt = toPx(centre(b));
    await app.page.keyboard.down("Shift");
    await app.page.mouse.click(bAt.x, bAt.y);
    await app.page.keyboard.up("Shift");

    // Grab A and move it 40 pt right and 30 pt down (no snapping target within 4 pt on the way's end).
    await app.page.mouse.move(aAt.x, aAt.y);
    await app.page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await app.page.mouse.move(aAt.x + (40 * pxPerPt * step) / 10, aAt.y + (30 * pxPerPt * step) / 10);
    }
    // Still held: B is drawn at its new place, and no longer at its old one.
    const bThere = { x: centre(b).x + 40, y: centre(b).y + 30 };
    await expect.poll(() => overlayAlpha(bThere)).toBeGreaterThan(0);
    expect(await overlayAlpha(centre(b))).toBe(0);
    // Editor keys wait for the drop: Delete with the mouse held deletes nothing.
    await app.page.keyboard.press("Delete");
    await app.page.mouse.up();

    await expect.poll(async () => (await saved("field-a"))?.x).toBe(140);
    expect(await saved("field-a")).toMatchObject({ x: 140, y: 130 });
    expect(await saved("field-b")).toMatchObject({ x: 140, y: 230 });
    expect(await saved("field-c")).toMatchObject({ x: 400, y: 400 });
    expect(await overlayAlpha(bThere)).toBeGreaterThan(0);
  });

  it("stops the whole selection at the page's edge, and one undo puts every field back", async () => {
    const box = await bringPageToTop(app.page, 0);
    const toPx = (point: { x: number; y: number }) => ({ x: box.x + point.x * pxPerPt, y: box.y + point.y * pxPerPt });
    // Select A (now at 140, 130) and C; drag A 300 pt right: C, 16 pt wide at x 400, can go 196 pt at most.
    const aAt = toPx(centre({ type: "Text", x: 140, y: 130 }));
    await app.page.mouse.click(aAt.x, aAt.y);
    const cAt = toPx(centre({ type: "Checkbox", x: 400, y: 400 }));
    await app.page.keyboard.down("Shift");
    await app.page.mouse.click(cAt.x, cAt.y);
    await app.page.keyboard.up("Shift");
    await app.page.mouse.move(aAt.x, aAt.y);
    await app.page.mouse.down();
    for (let step = 1; step <= 15; step += 1) await app.page.mouse.move(aAt.x + (300 * pxPerPt * step) / 15, aAt.y);
    // C is drawn against the page's right edge while held.
    await expect.poll(() => overlayAlpha({ x: 612 - 8, y: 408 })).toBeGreaterThan(0);
    await app.page.mouse.up();

    await expect.poll(async () => (await saved("field-c"))?.x).toBe(596);
    expect(await saved("field-a")).toMatchObject({ x: 336, y: 130 });
    expect(await saved("field-b")).toMatchObject({ x: 140, y: 230 });

    await app.page.locator(".editor-pages").focus();
    await app.page.keyboard.press("Control+Z");
    await expect.poll(async () => (await saved("field-c"))?.x).toBe(400);
    expect(await saved("field-a")).toMatchObject({ x: 140, y: 130 });
    expect(problems).toEqual([]);
  });

  it("copies and pastes with the toolbar's buttons, as with the keys", async () => {
    const toolbar = app.page.getByRole("toolbar", { name: "Editor" });
    const box = await bringPageToTop(app.page, 0);
    const bAt = centre({ type: "Date", x: 140, y: 230 });
    await app.page.mouse.click(box.x + bAt.x * pxPerPt, box.y + bAt.y * pxPerPt);
    await expect(toolbar.getByRole("button", { name: "Paste" }).isDisabled()).resolves.toBe(true);
    await toolbar.getByRole("button", { name: "Copy" }).click();
    await toolbar.getByRole("button", { name: "Paste" }).click();
    // The copy lands 10 pt right and down of its original, and is the one selected.
    await expect.poll(async () => (await app.core.drafts.open(draft.id)).fields.length).toBe(4);
    const fields = (await app.core.drafts.open(draft.id)).fields;
    const copy = fields.find((field) => !placed.some((original) => original.id === field.id));
    expect(copy).toMatchObject({ type: "Date", page: 1, x: 150, y: 240 });
    await expect(app.page.getByRole("region", { name: "Selection" }).getByLabel("x (pt)").inputValue()).resolves.toBe(
      "150",
    );
    expect(problems).toEqual([]);
  });
});
