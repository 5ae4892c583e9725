import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../support/chromium";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

/** A name in four scripts this machine's Chromium has no font for (only DejaVu and Liberation are installed). */
const name = "محمد 张伟 श्रीमती สมชาย";
const faceOf: Record<string, string> = {
  Arabic: "face-NotoNaskhArabic-Regular.ttf",
  Han: "face-NotoSansSC-Regular.otf",
  Devanagari: "face-NotoSansDevanagari-Regular.ttf",
  Thai: "face-NotoSansThai-Regular.ttf",
};

describeWith("chromium", "the signing page's typed signature in any script", () => {
  let running: RunningSandbox;
  let browser: Browser;
  let page: Page;
  const fetched: string[] = [];

  beforeAll(async () => {
    [running, browser] = await Promise.all([startSandbox(), launchChromium()]);
    const auth = { key: running.key };
    const created = await callApi(running.url, "POST", "/createNewTemplate", {
      ...auth,
      form: templateForm({
        file: await makePdf([{}]),
        templateName: "Scripts",
        fields: [[{ id: "sig", type: "Signature", page: 1, x: 72, y: 120, recipient: 1 }]],
      }),
    });
    const sent = await callApi(running.url, "POST", "/createFromTemplate", {
      ...auth,
      json: {
        templateId: (created.body as { template_id: string }).template_id,
        recipients: [{ name, email: "scripts@example.com" }],
      },
    });
    expect([created.status, sent.status], JSON.stringify([created.body, sent.body])).toEqual([200, 200]);
    const pdfId = (sent.body as { pdf_id: string }).pdf_id;
    const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", auth);
    const { messages } = outbox.body as { messages: Record<string, string>[] };
    const link = messages.find((message) => message.pdf_id === pdfId)?.signingUrl;
    if (link === undefined) throw new Error("No signing link was sent.");
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(link);
    await page.locator(".field-control").first().waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("previews the name with the final PDF's faces, fetching only the faces it needs", async () => {
    await page.locator('[data-field-id="sig"]').click();
    await page.locator("#sig-text").fill(name);
    const font = 'italic 40px "Signdesk Noto"';
    await expect.poll(() => page.evaluate(([f, t]) => document.fonts.check(f, t), [font, name] as const)).toBe(true);
    const loaded = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family),
    );
    expect(loaded.filter((family) => family === "Signdesk Noto").length).toBeGreaterThanOrEqual(4);
    for (const [script, asset] of Object.entries(faceOf))
      expect(fetched, script).toContain(`/_sandbox/assets/${asset}`);
    // Japanese, Korean and Traditional Chinese are not needed for this name: their files are never fetched.
    expect(fetched.filter((path) => /face-NotoSans(JP|KR|TC)-/.test(path))).toEqual([]);
    // The preview is drawn again once the faces are in: ink across most of its width.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const canvas = document.getElementById("sig-preview") as HTMLCanvasElement;
          const pixels = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
          const inked = new Set<number>();
          for (let index = 3; index < pixels.length; index += 4)
            if ((pixels[index] ?? 0) > 8) inked.add(((index - 3) / 4) % canvas.width);
          return inked.size / canvas.width;
        }),
      )
      .toBeGreaterThan(0.4);
    if (process.env.TYPED_PREVIEW_SHOT)
      await page.locator("#sig-preview").screenshot({ path: process.env.TYPED_PREVIEW_SHOT });
  });
});
