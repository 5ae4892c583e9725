import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signingDateOf } from "../../sandbox/documents/signing-date";
import { seriousAxeViolations } from "../support/axe";
import { launchChromium } from "../support/chromium";
import { makePdf } from "../support/pdf-fixtures";
import { signatureDataUrl } from "../support/png";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";
import { matchBaseline } from "../support/screenshots";

/** One recipient, three Signature fields (two on page 1) and a Date field. */
const fields = [
  { id: "sig-a", type: "Signature", page: 1, x: 72, y: 120, recipient: 1 },
  { id: "sig-b", type: "Signature", page: 1, x: 320, y: 120, recipient: 1 },
  { id: "date", type: "Date", page: 1, x: 72, y: 260, recipient: 1 },
  { id: "sig-c", type: "Signature", page: 2, x: 72, y: 120, recipient: 1 },
];
const ada = { name: "Ada Signer", email: "ada@example.com" };

/**
 * Installed before the page's scripts: records every field that is visible while its page has no image yet
 * (pdf.js adds `.page-canvas` once a page is drawn, `.page-error` when it cannot be), checked on every change.
 */
function watchFieldsBeforeImages(): void {
  const seen = { early: [] as string[], hiddenWhilePending: 0 };
  (window as unknown as { __fieldsBeforeImages: typeof seen }).__fieldsBeforeImages = seen;
  const check = () => {
    for (const page of document.querySelectorAll(".page")) {
      if (page.querySelector(".page-canvas, .page-error") !== null) continue;
      for (const field of page.querySelectorAll<HTMLElement>(".field")) {
        const id = field.querySelector<HTMLElement>("[data-field-id]")?.dataset.fieldId ?? "?";
        if (field.checkVisibility({ visibilityProperty: true })) seen.early.push(id);
        else seen.hiddenWhilePending += 1;
      }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

describeWith(
  "chromium",
  "the sandbox's signing page: images with fields, the signing date, one signature reused",
  () => {
    let running: RunningSandbox;
    let browser: Browser;
    let context: BrowserContext;
    let pdf: Uint8Array;
    const today = () => signingDateOf(Date.now());

    async function api(method: "GET" | "POST", route: string, options: Parameters<typeof callApi>[3] = {}) {
      const answer = await callApi(running.url, method, route, { key: running.key, ...options });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as Record<string, unknown>;
    }
    /** A fresh single-recipient document of `fields`, and Ada's signing link. */
    async function newDocument(name: string): Promise<{ pdfId: string; link: string }> {
      const created = await api("POST", "/createNewTemplate", {
        form: templateForm({ file: pdf, templateName: name, fields: [fields], recipients: [ada] }),
      });
      const pdfId = String(created.pdf_id);
      const { messages } = (await api("GET", "/_sandbox/outbox")) as { messages: Record<string, string>[] };
      const link = messages.find((m) => m.pdf_id === pdfId && m.to === ada.email)?.signingUrl;
      if (link === undefined) throw new Error(`no signing link for ${pdfId}`);
      return { pdfId, link };
    }
    /** The values the sandbox kept for a document's first recipient. */
    async function storedValues(pdfId: string): Promise<Record<string, unknown>> {
      const state = JSON.parse(await readFile(path.join(running.dataDir, "state.json"), "utf8")) as {
        documents: { id: string; recipients: { values?: Record<string, unknown> }[] }[];
      };
      return state.documents.find((document) => document.id === pdfId)?.recipients[0]?.values ?? {};
    }
    const activeField = (page: Page) =>
      page.evaluate(() =>
        document.activeElement instanceof HTMLElement ? document.activeElement.dataset.fieldId : null,
      );

    beforeAll(async () => {
      [running, browser, pdf] = await Promise.all([startSandbox(), launchChromium(), makePdf([{}, {}])]);
      context = await browser.newContext({
        locale: "en-US",
        colorScheme: "light",
        viewport: { width: 1280, height: 800 },
      });
      await context.addInitScript(watchFieldsBeforeImages);
    });

    afterAll(async () => {
      await browser?.close();
      await running?.close();
    });

    it("shows no field before its page's image, however late the PDF comes", async () => {
      const { link } = await newDocument("Held back");
      const page = await context.newPage();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/document.pdf", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(link);
      // The fields are in the page, in boxes of the page's size, but hidden while the PDF is held back.
      await expect.poll(() => page.locator(".field-control").count()).toBe(fields.length);
      await expect(page.locator(".page.is-pending").count()).resolves.toBe(2);
      for (const control of await page.locator(".field-control").all()) {
        await expect(control.isVisible()).resolves.toBe(false);
      }
      const box = await page.locator(".page").first().boundingBox();
      expect(Math.round(((box?.height ?? 0) / (box?.width ?? 1)) * 100)).toBe(Math.round((792 / 612) * 100));

      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const violations = await seriousAxeViolations(page);
        if (violations.length > 0) console.log(`axe, pages loading (${scheme}):`, JSON.stringify(violations, null, 2));
        expect(violations).toEqual([]);
        await page.screenshot({ path: `/tmp/signdesk-signing-loading-${scheme}.png` });
      }
      await page.emulateMedia({ colorScheme: "light" });

      release();
      await expect.poll(() => page.locator(".page-canvas").count()).toBe(2);
      for (const control of await page.locator(".field-control").all()) {
        await expect(control.isVisible()).resolves.toBe(true);
      }
      const seen = await page.evaluate(
        () =>
          (window as unknown as { __fieldsBeforeImages: { early: string[]; hiddenWhilePending: number } })
            .__fieldsBeforeImages,
      );
      expect(seen.early).toEqual([]);
      expect(seen.hiddenWhilePending).toBeGreaterThan(0);
      await page.close();
    });

    it("still shows the fields, with a message, when the document cannot be displayed", async () => {
      const { link } = await newDocument("Broken image");
      // Its own context: the failed PDF is expected to log an error.
      const quiet = await browser.newContext({ locale: "en-US" });
      try {
        const page = await quiet.newPage();
        await page.route("**/document.pdf", (route) => route.fulfill({ status: 500, body: "no" }));
        await page.goto(link);
        await expect.poll(() => page.locator(".page-error").count()).toBe(2);
        await expect(page.locator(".page-error").first().textContent()).resolves.toBe(
          "The document could not be displayed.",
        );
        for (const control of await page.locator(".field-control").all()) {
          await expect(control.isVisible()).resolves.toBe(true);
        }
        await expect(page.locator("#message").textContent()).resolves.toContain("The document could not be displayed.");
      } finally {
        await quiet.close();
      }
    });

    it("shows the signing date read-only and reuses one signature on every Signature field", async () => {
      const { pdfId, link } = await newDocument("Three signatures");
      const page = await context.newPage();
      await page.goto(link);
      await expect.poll(() => page.locator(".page-canvas").count()).toBe(2);

      const date = page.getByRole("textbox", { name: "Date, page 1, date of signing" });
      await expect(date.inputValue()).resolves.toBe(today());
      await expect(date.isEditable()).resolves.toBe(false);
      await expect(page.locator("#progress-text").textContent()).resolves.toBe("1 of 4 fields completed");

      // The first signature is adopted in the dialog, by keyboard.
      await page.getByRole("button", { name: "Signature 1, page 1 (empty, press to sign)" }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Add your signature" });
      await dialog.waitFor();
      await page.keyboard.press("Enter");
      await expect.poll(() => activeField(page)).toBe("sig-a");

      // The others now offer it: one press each, no dialog, and the page says so.
      const reuse = "Use my signature (empty, press to add the one you made)";
      const second = page.getByRole("button", { name: `Signature 2, page 1: ${reuse}` });
      const third = page.getByRole("button", { name: `Signature, page 2: ${reuse}` });
      await expect(second.textContent()).resolves.toBe("Use my signature");
      await expect(third.count()).resolves.toBe(1);
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const violations = await seriousAxeViolations(page);
        if (violations.length > 0)
          console.log(`axe, signature offered (${scheme}):`, JSON.stringify(violations, null, 2));
        expect(violations).toEqual([]);
        // The date of signing changes daily: masked in the baseline, its value checked above.
        const shot = await page.screenshot({ mask: [date], maskColor: "#ff00ff" });
        const outcome = await matchBaseline(`sandbox-signing-reuse-${scheme}`, shot, {
          channel: 48,
          fraction: 0.0001,
        });
        expect(outcome.status, outcome.message).toMatch(/^(matched|written)$/);
      }
      await page.emulateMedia({ colorScheme: "light" });

      await second.focus();
      await page.keyboard.press("Enter");
      await expect(dialog.isVisible()).resolves.toBe(false);
      await expect(page.locator("#message").textContent()).resolves.toContain(
        "Signature 2, page 1: your signature was added.",
      );
      await third.focus();
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: "Signature, page 2 (added, press to change)" }).waitFor();
      await expect(page.locator("#progress-text").textContent()).resolves.toBe("4 of 4 fields completed");

      // Its clock starts before the click, whose own wait for the button can be long on a loaded machine: no limit of
      // its own (the test's bounds a hang).
      const sent = page.waitForRequest((request) => request.method() === "POST", { timeout: 0 });
      await page.getByRole("button", { name: "Finish and sign" }).first().click();
      const body = (await sent).postDataJSON() as { fields: Record<string, string> };
      expect(body.fields["sig-a"]).toMatch(/^data:image\/png;base64,/);
      expect(body.fields["sig-b"]).toBe(body.fields["sig-a"]);
      expect(body.fields["sig-c"]).toBe(body.fields["sig-a"]);
      await page.getByRole("heading", { name: "Signed, thank you" }).waitFor();
      await expect(storedValues(pdfId)).resolves.toMatchObject({ date: today(), "sig-b": body.fields["sig-a"] });
      await page.close();
    });

    it("draws with a mouse, a pen or a finger, clears, and posts the ink cropped as a PNG", async () => {
      const { pdfId, link } = await newDocument("Drawn");
      // Two device pixels per CSS pixel: the ink must still land under the pointer.
      const drawing = await browser.newContext({
        locale: "en-US",
        colorScheme: "light",
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 2,
        hasTouch: true,
      });
      try {
        const page = await drawing.newPage();
        await page.goto(link);
        await expect.poll(() => page.locator(".page-canvas").count(), { timeout: 20_000 }).toBe(2);
        await page.getByRole("button", { name: "Signature 1, page 1 (empty, press to sign)" }).click();
        await page.getByRole("dialog", { name: "Add your signature" }).waitFor();
        await page.getByRole("radio", { name: "Draw" }).check();
        const apply = page.getByRole("button", { name: "Apply" });
        const clear = page.getByRole("button", { name: "Clear" });
        const error = page.locator("#sig-error");
        const drawFirst = "Draw your signature first, or choose Type to use the keyboard.";
        await apply.click();
        await expect(error.textContent()).resolves.toBe(drawFirst);
        // The error goes with the next stroke (and the dialog, centred, moves with it): measured without it.
        await clear.click();
        await expect(error.isVisible()).resolves.toBe(false);

        const box = await page.locator("#sig-pad").boundingBox();
        if (box === null) throw new Error("no drawing area");
        /** The opacity of the pad's backing store under a point given in CSS pixels from its top left corner. */
        const inkAt = (x: number, y: number) =>
          page.evaluate(
            ([x, y]) => {
              const canvas = document.querySelector<HTMLCanvasElement>("#sig-pad");
              if (!canvas) return -1;
              const scale = canvas.width / canvas.getBoundingClientRect().width;
              const context = canvas.getContext("2d");
              return context?.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data[3] ?? -1;
            },
            [x, y] as const,
          );
        const start = { x: 30, y: box.height / 2 };
        const end = { x: box.width / 2, y: box.height / 3 };
        const stroke = (t: number) => ({
          x: box.x + start.x + (end.x - start.x) * t,
          y: box.y + start.y + (end.y - start.y) * t,
        });

        await page.mouse.move(stroke(0).x, stroke(0).y);
        await page.mouse.down();
        for (let t = 0.1; t <= 1; t += 0.1) await page.mouse.move(stroke(t).x, stroke(t).y);
        await page.mouse.up();
        await expect(inkAt(start.x, start.y)).resolves.toBeGreaterThan(0);
        await expect(inkAt(box.width - 10, 10)).resolves.toBe(0);
        await clear.click();
        await expect(inkAt(start.x, start.y)).resolves.toBe(0);

        const inkedPixels = () =>
          page.evaluate(() => {
            const canvas = document.querySelector<HTMLCanvasElement>("#sig-pad");
            const pixels = canvas?.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
            return pixels.filter((value, index) => index % 4 === 3 && value > 0).length;
          });
        const cdp = await drawing.newCDPSession(page);
        const pen = async (type: "mousePressed" | "mouseMoved" | "mouseReleased", t: number) =>
          cdp.send("Input.dispatchMouseEvent", {
            type,
            ...stroke(t),
            button: "left",
            buttons: type === "mouseReleased" ? 0 : 1,
            clickCount: 1,
            pointerType: "pen",
          });
        await pen("mousePressed", 0);
        for (let t = 0.1; t <= 1; t += 0.1) await pen("mouseMoved", t);
        await pen("mouseReleased", 1);
        await expect(inkAt(start.x, start.y)).resolves.toBeGreaterThan(0);
        await clear.click();
        await expect(inkedPixels()).resolves.toBe(0);
        await apply.click();
        await expect(error.textContent()).resolves.toBe(drawFirst);

        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [stroke(0)] });
        for (let t = 0.1; t <= 1; t += 0.1) {
          await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [stroke(t)] });
        }
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
        await expect(error.isVisible()).resolves.toBe(false);
        await expect(inkedPixels()).resolves.toBeGreaterThan(0);
        const padWidth = await page.locator("#sig-pad").evaluate((canvas) => (canvas as HTMLCanvasElement).width);

        await apply.click();
        await page.getByRole("button", { name: "Signature 1, page 1 (added, press to change)" }).waitFor();
        const reuse = "Use my signature (empty, press to add the one you made)";
        await page.getByRole("button", { name: `Signature 2, page 1: ${reuse}` }).click();
        await page.getByRole("button", { name: `Signature, page 2: ${reuse}` }).click();
        const sent = page.waitForRequest((request) => request.method() === "POST", { timeout: 0 });
        await page.getByRole("button", { name: "Finish and sign" }).first().click();
        const body = (await sent).postDataJSON() as { fields: Record<string, string> };
        const image = body.fields["sig-a"] ?? "";
        expect(image).toMatch(/^data:image\/png;base64,/);
        expect(body.fields["sig-b"]).toBe(image);
        // Cropped to the ink: narrower than the pad, and wider than tall like the stroke.
        const png = Buffer.from(image.slice(image.indexOf(",") + 1), "base64");
        const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
        expect(width).toBeGreaterThan(0);
        expect(width).toBeLessThan(padWidth * 0.75);
        expect(width).toBeGreaterThan(height);
        await page.getByRole("heading", { name: "Signed, thank you" }).waitFor();
        await expect(storedValues(pdfId)).resolves.toMatchObject({ "sig-a": image });
      } finally {
        await drawing.close();
      }
    });

    it("stamps the signing date whatever date a client sends, or when it sends none", async () => {
      const image = signatureDataUrl();
      for (const sentDate of ["1999-01-01", "not a date", undefined]) {
        const { pdfId, link } = await newDocument(`Date ${sentDate}`);
        const answer = await callApi(link, "POST", "", {
          json: { fields: { "sig-a": image, "sig-b": image, "sig-c": image, date: sentDate } },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        await expect(storedValues(pdfId)).resolves.toMatchObject({ date: today() });
      }
    });
  },
);
