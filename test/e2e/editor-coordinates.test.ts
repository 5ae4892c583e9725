import { afterAll, beforeAll, expect, it } from "vitest";
import { fieldBoxSizes } from "../../common/fields";
import { type AppHarness, openApp } from "../support/app-harness";
import {
  bringPageToTop,
  chooseFile,
  inspector,
  loadWatched,
  overlayAlphaAt,
  pxPerPointAt100,
  waitForEditor,
} from "../support/editor-driver";
import { makePdf, type PageSpec } from "../support/pdf-fixtures";
import { readTextItems } from "../support/pdf-text";
import { type RendererSnapshot, snapshotRenderer } from "../support/renderer-snapshot";
import { describeWith } from "../support/requirements";
import { callApi } from "../support/sandbox";

/**
 * Page 1 plain Letter; page 2 Letter turned by /Rotate 90 (792 × 612 as displayed); page 3 a 700 × 900 page
 * whose CropBox starts at (50, 60), so that the displayed page (612 × 792) is not the MediaBox.
 */
const pages: PageSpec[] = [{}, { rotate: 90 }, { size: [700, 900], cropBox: [50, 60, 662, 852] }];
const displayed = [
  { width: 612, height: 792 },
  { width: 792, height: 612 },
  { width: 612, height: 792 },
];
/** Where each Text field is placed: the pointer, in points from the displayed page's top-left. */
const clicks = [
  { x: 240, y: 300 },
  { x: 453, y: 210 },
  { x: 333, y: 402 },
];
const values = ["North-one", "East-two", "Crop-three"];
const text = fieldBoxSizes.Text;

interface Placed {
  page: number;
  /** The pointer position actually clicked, converted to points from the page's top-left. */
  clicked: { x: number; y: number };
  /** The field's top-left as the inspector shows it. */
  x: number;
  y: number;
}

describeWith(["chromium", "secret-service"], "field coordinates, from the mouse to the final PDF", () => {
  let app: AppHarness;
  let renderer: RendererSnapshot | undefined;
  const problems: string[] = [];
  const placed: Placed[] = [];

  beforeAll(async () => {
    renderer = await snapshotRenderer();
    app = await openApp({
      rendererDir: renderer.dir,
      viewport: { width: 1400, height: 900 },
    });
    await loadWatched(app.page, app.origin, problems);
  });
  afterAll(async () => {
    await app?.close();
    await renderer?.remove();
  });

  it("places a Text field with the mouse on a plain, a rotated and a cropped page, centred under the pointer", async () => {
    const page = app.page;
    await chooseFile(page, { name: "Turns.pdf", mimeType: "application/pdf", bytes: await makePdf(pages) });
    await waitForEditor(page, 1);
    const scale = pxPerPointAt100;
    await expect(page.locator(".zoom-value").textContent()).resolves.toBe("100%");

    for (const [index, click] of clicks.entries()) {
      const box = await bringPageToTop(page, index);
      const size = displayed[index] ?? { width: 0, height: 0 };
      // The page is shown at its displayed size at 100%: 96 CSS px per 72 pt.
      expect(Math.abs(box.width - size.width * scale), `page ${index + 1} width`).toBeLessThan(1);
      expect(Math.abs(box.height - size.height * scale), `page ${index + 1} height`).toBeLessThan(1);

      // Whole CSS pixels in the window; what that is in points is what the page was clicked at.
      const pointer = { x: Math.round(box.x + click.x * scale), y: Math.round(box.y + click.y * scale) };
      const clicked = { x: (pointer.x - box.x) / scale, y: (pointer.y - box.y) / scale };
      await page.getByRole("button", { name: /^Text \(/ }).click();
      await expect(page.getByRole("button", { name: /^Text \(/ }).getAttribute("aria-pressed")).resolves.toBe("true");
      await page.mouse.click(pointer.x, pointer.y);

      // The box is centred under the pointer and lands on whole points.
      const expected = {
        x: Math.round(clicked.x - text.width / 2),
        y: Math.round(clicked.y - text.height / 2),
      };
      await expect.poll(() => inspector(page, "x (pt)").inputValue()).toBe(String(expected.x));
      await expect(inspector(page, "y (pt)").inputValue()).resolves.toBe(String(expected.y));
      await expect(inspector(page, "Page").inputValue()).resolves.toBe(String(index + 1));
      await expect(inspector(page, "Type").inputValue()).resolves.toBe("Text");
      const x = Number(await inspector(page, "x (pt)").inputValue());
      const y = Number(await inspector(page, "y (pt)").inputValue());
      placed.push({ page: index + 1, clicked, x, y });

      // And the box is drawn there: inside each edge the overlay is painted, 4 pt outside it is not.
      const at = (px: number, py: number) => overlayAlphaAt(page, index, { x: px * scale, y: py * scale });
      const middle = { x: x + text.width / 2, y: y + text.height / 2 };
      await expect.poll(() => at(middle.x, middle.y)).toBeGreaterThan(0);
      expect(await at(x + 4, middle.y), "inside the left edge").toBeGreaterThan(0);
      expect(await at(x - 4, middle.y), "outside the left edge").toBe(0);
      expect(await at(x + text.width - 4, middle.y), "inside the right edge").toBeGreaterThan(0);
      expect(await at(x + text.width + 4, middle.y), "outside the right edge").toBe(0);
      expect(await at(x + 40, y + 4), "inside the top edge").toBeGreaterThan(0);
      expect(await at(x + 40, y - 4), "outside the top edge").toBe(0);
      expect(await at(x + 40, y + text.height - 4), "inside the bottom edge").toBeGreaterThan(0);
      expect(await at(x + 40, y + text.height + 4), "outside the bottom edge").toBe(0);
    }
    await page.getByRole("button", { name: /^Recipient 1, recipient 1, 3 fields/ }).waitFor();
    // Autosaved as placed.
    const savedFields = async () => {
      const [summary] = await app.core.drafts.list();
      const draft = await app.core.drafts.open(summary?.id ?? "");
      return draft.fields.map(({ type, page: on, x, y }) => ({ type, page: on, x, y }));
    };
    await expect
      .poll(savedFields, { timeout: 20_000 })
      .toEqual(placed.map(({ page: on, x, y }) => ({ type: "Text", page: on, x, y })));
    expect(problems).toEqual([]);
  });

  it("sends it from the editor, and each signed value is stamped where its field was drawn", async () => {
    const page = app.page;
    expect(placed).toHaveLength(3);
    await page.getByRole("button", { name: "Create template…" }).click();
    const dialog = page.getByRole("dialog", { name: "Create template" });
    await dialog.getByLabel(/Send it now/).check();
    // Checked as the Send screen checks (common/recipient-checks.ts): nothing is uploaded until they pass.
    const recipient = dialog.getByRole("group", { name: "Recipient 1" });
    await recipient.getByLabel("E-mail").fill("ada@");
    await dialog.getByRole("button", { name: "Create and send" }).click();
    const refusals = dialog.getByRole("alert");
    await expect(refusals.textContent()).resolves.toBe(
      "Enter a name for Recipient 1.“ada@” is not a valid e-mail address.",
    );
    // As on the Send screen, a name longer than the service takes cannot be typed.
    await recipient.getByLabel("Name").fill("A".repeat(201));
    await expect(recipient.getByLabel("Name").inputValue()).resolves.toHaveLength(200);
    expect(app.core.records.templates.all()).toHaveLength(0);
    await recipient.getByLabel("Name").fill("Ada Lovelace");
    await recipient.getByLabel("E-mail").fill("ada@example.com");
    await dialog.getByRole("button", { name: "Create and send" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Template created and sent to 1 recipient(s)." })
      .waitFor({ timeout: 20_000 });

    const account = app.core.activeAccount();
    const key = await app.core.accounts.apiKey(account.id);
    const sandboxUrl = app.core.sandbox?.url ?? "";
    const outbox = (await callApi(sandboxUrl, "GET", "/_sandbox/outbox", { key })).body as {
      messages: { to: string; pdf_id: string; signingUrl: string }[];
    };
    expect(outbox.messages).toHaveLength(1);
    const [message] = outbox.messages;
    expect(message?.to).toBe("ada@example.com");
    const pdfId = message?.pdf_id ?? "";

    const [summary] = await app.core.drafts.list();
    const draft = await app.core.drafts.open(summary?.id ?? "");
    const signed = await callApi(message?.signingUrl ?? "", "POST", "", {
      json: { fields: Object.fromEntries(draft.fields.map((field, index) => [field.id, values[index]])) },
    });
    expect(signed).toMatchObject({ status: 200, body: { status: "signed" } });

    const details = await app.core.clientFor(account).getDocumentDetails(pdfId);
    expect(details.document.status).toBe("signed");
    const download = await fetch(details.document.finalUrl ?? "");
    expect(download.status).toBe(200);
    const items = await readTextItems(new Uint8Array(await download.arrayBuffer()));

    for (const [index, field] of placed.entries()) {
      const value = values[index] ?? "";
      const item = items.find((candidate) => candidate.text === value);
      expect(item, `"${value}" is in the final PDF`).toBeDefined();
      if (item === undefined) continue;
      const where = `"${value}" on page ${field.page}`;
      expect(item.page, where).toBe(field.page);
      expect(Math.abs(item.angle), `${where} upright`).toBeLessThan(0.5);
      // At the field: its left edge 2 pt into the box, its height inside the box (±1 pt).
      expect(Math.abs(item.x - (field.x + 2)), `${where}: x ${item.x} for a field at ${field.x}`).toBeLessThanOrEqual(
        1,
      );
      expect(item.y, `${where} top`).toBeGreaterThanOrEqual(field.y - 1);
      expect(item.y + item.height, `${where} bottom`).toBeLessThanOrEqual(field.y + text.height + 1);
      // And where the user clicked: the box was centred under the pointer.
      const clickedLeft = field.clicked.x - text.width / 2;
      const clickedTop = field.clicked.y - text.height / 2;
      expect(Math.abs(item.x - 2 - clickedLeft), `${where} left edge vs the click`).toBeLessThanOrEqual(1);
      expect(item.y, `${where} top vs the click`).toBeGreaterThanOrEqual(clickedTop - 1);
      expect(item.y + item.height, `${where} bottom vs the click`).toBeLessThanOrEqual(clickedTop + text.height + 1);
    }
    expect(problems).toEqual([]);
  });
});
