import { afterAll, expect, it } from "vitest";
import type { Draft } from "../../common/draft";
import { fieldBoxSizes } from "../../common/fields";
import { type AppHarness, openApp } from "../support/app-harness";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { editorStatus } from "../support/round-trip";

const types = ["Signature", "Initials", "Text", "Date", "Checkbox"] as const;
const pxPerPt = 96 / 72;

describeWith(["chromium", "secret-service"], "the editor, as a user works in it, across a restart of the app", () => {
  let app: AppHarness | undefined;
  afterAll(async () => app?.close());

  it("places every type by mouse and by keyboard, snaps, aligns, and finds the draft exactly as left after a restart", async () => {
    app = await openApp({ viewport: { width: 1400, height: 900 } });
    const { page } = app;
    await page.getByTestId("app-version").waitFor();
    await page.getByTestId("new-draft-input").setInputFiles({
      name: "Flow.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(await makePdf([{}])),
    });
    await page.getByRole("toolbar", { name: "Editor" }).waitFor({ timeout: 20_000 });
    // Usable at once; main stores the draft meanwhile (editor-pending.test.ts). Checked on disk below, so waited for.
    await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor({ timeout: 30_000 });
    await page.keyboard.press("Control+0");
    await expect.poll(() => page.locator(".zoom-value").textContent()).toBe("100%");
    const inspector = (label: string) => page.getByRole("region", { name: "Selection" }).getByLabel(label);
    const pageBox = async () => {
      const box = await page.locator("[data-page-index='0']").boundingBox();
      if (box === null) throw new Error("page 1 is not shown");
      return box;
    };
    const draftNow = async (): Promise<Draft> => {
      const [summary] = (await app?.core.drafts.list()) ?? [];
      if (summary === undefined || app === undefined) throw new Error("no draft");
      return app.core.drafts.open(summary.id);
    };

    // By mouse: choose the type, click where its box should be centred.
    for (const [index, type] of types.entries()) {
      await page.getByRole("button", { name: new RegExp(`^${type}`) }).click();
      const box = await pageBox();
      await page.mouse.click(box.x + 150 * pxPerPt, box.y + (120 + index * 80) * pxPerPt);
      const size = fieldBoxSizes[type];
      await expect.poll(() => inspector("x (pt)").inputValue()).toBe(String(Math.round(150 - size.width / 2)));
      await expect(inspector("Type").inputValue()).resolves.toBe(type);
    }
    /** Moves the selection by whole points with the arrow keys: Shift for tens, alone for ones. */
    const nudge = async (axis: "x" | "y", by: number) => {
      const [less, more] = axis === "x" ? ["ArrowLeft", "ArrowRight"] : ["ArrowUp", "ArrowDown"];
      const key = by < 0 ? less : more;
      for (let step = 0; step < Math.floor(Math.abs(by) / 10); step += 1) await page.keyboard.press(`Shift+${key}`);
      for (let step = 0; step < Math.abs(by) % 10; step += 1) await page.keyboard.press(key);
    };
    // By keyboard: Enter on the type places it in the page in view; arrows take it to its place.
    for (const [index, type] of types.entries()) {
      await page.getByRole("button", { name: new RegExp(`^${type}`) }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => inspector("Type").inputValue()).toBe(type);
      await nudge("x", 336 - Number(await inspector("x (pt)").inputValue()));
      await nudge("y", 46 + index * 80 - Number(await inspector("y (pt)").inputValue()));
      await expect(inspector("x (pt)").inputValue()).resolves.toBe("336");
      await expect(inspector("y (pt)").inputValue()).resolves.toBe(String(46 + index * 80));
    }

    // Snapping: drag the Initials box so its left edge lands 3 pt right of the Signature's: it snaps onto it.
    const signatureX = 150 - fieldBoxSizes.Signature.width / 2; // 70
    const initialsX = 150 - fieldBoxSizes.Initials.width / 2; // 114
    const initialsY = 120 + 80 - fieldBoxSizes.Initials.height / 2;
    const box = await pageBox();
    const grab = { x: box.x + (initialsX + 10) * pxPerPt, y: box.y + (initialsY + 10) * pxPerPt };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    const dx = (signatureX + 3 - initialsX) * pxPerPt;
    for (let step = 1; step <= 8; step += 1) await page.mouse.move(grab.x + (dx * step) / 8, grab.y);
    await page.mouse.up();
    await page.mouse.click(grab.x + dx, grab.y);
    await expect.poll(() => inspector("x (pt)").inputValue()).toBe(String(signatureX));
    await expect(inspector("Type").inputValue()).resolves.toBe("Initials");

    // Align: the mouse-placed Text and Date boxes, left edges together.
    const after = await pageBox();
    await page.mouse.click(after.x + 150 * pxPerPt, after.y + 280 * pxPerPt);
    await expect.poll(() => inspector("Type").inputValue()).toBe("Text");
    await page.keyboard.down("Shift");
    await page.mouse.click(after.x + 150 * pxPerPt, after.y + 360 * pxPerPt);
    await page.keyboard.up("Shift");
    await page.getByRole("button", { name: "Align left" }).click();
    await expect
      .poll(async () => {
        const fields = (await draftNow()).fields.filter(
          (field) => field.x < 300 && (field.type === "Text" || field.type === "Date"),
        );
        return new Set(fields.map((field) => field.x)).size;
      })
      .toBe(1);

    // Undo the align, redo it.
    await page.keyboard.press("Control+Z");
    await page.keyboard.press("Control+Shift+Z");
    await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
    const left = await draftNow();
    expect(left.fields).toHaveLength(10);
    for (const type of types) expect(left.fields.filter((field) => field.type === type)).toHaveLength(2);

    // Quit the app, start it again on the same data: the draft is exactly as left.
    const persisted = app.persisted;
    await app.quit();
    app = await openApp({ reopen: persisted, viewport: { width: 1400, height: 900 } });
    const reopened = app.page;
    await app.page.getByTestId("app-version").waitFor();
    await app.page.getByRole("button", { name: "Flow", exact: true }).click();
    await app.page.getByRole("toolbar", { name: "Editor" }).waitFor({ timeout: 20_000 });
    await app.page.getByRole("button", { name: /^Recipient 1, recipient 1, 10 fields/ }).waitFor();
    // Opening a draft must not save it again. A change says "Saving…" in the render that shows it, until it is on
    // disk: once the editor says all is saved, nothing is on its way, and the file shows whether anything was saved.
    await expect.poll(() => editorStatus(reopened).textContent()).toBe("All changes saved");
    expect(await draftNow()).toEqual(left);
  });
});
