import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppHarness, openApp } from "../support/app-harness";
import { describeWith } from "../support/requirements";
import { runRoundTrip, slow } from "../support/round-trip";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

describeWith(["chromium", "secret-service"], "the round trip in the real app, in Chromium", () => {
  let app: AppHarness;
  let receiver: WebhookReceiver;
  /** Uncaught errors of the app's window. */
  const problems: string[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The size of the Electron window (main/electron/window.ts), so that both tests see the same layout.
    app = await openApp({ viewport: { width: 1280, height: 820 } });
    app.page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await app.page.getByTestId("app-version").waitFor(slow);
  });

  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it("registers webhooks, builds a template, sends it, has it signed and declined through the signing pages, and downloads the signed PDF", async () => {
    const outcome = await runRoundTrip({
      page: app.page,
      receiver,
      // The Inbox's link opens a new page (target=_blank) in the same browser, as a recipient's browser would.
      openSigningPage: async (message, party) => {
        const link = message.getByRole("link", { name: new RegExp(`^Open signing page for ${party.name} `) });
        const [signing] = await Promise.all([app.context.waitForEvent("page", slow), link.click()]);
        await signing.waitForLoadState();
        return signing;
      },
      pokeTracker: async () => {
        await app.core.tracker.refreshNow();
      },
      onSaved: () => {},
    });
    // One click saved one file, in the downloads folder the core was given.
    expect(path.dirname(outcome.savedPath)).toBe(app.downloadsDir);
    expect(await readdir(app.downloadsDir)).toEqual([`${outcome.signedDocumentName} - signed.pdf`]);
    // What the app recorded agrees with what the window showed.
    const records = app.core.records.documents.all();
    expect(records.find((record) => record.pdfId === outcome.signedPdfId)).toMatchObject({
      lastStatus: "signed",
      finished: true,
      hasFinalPdf: true,
    });
    expect(records.find((record) => record.pdfId === outcome.declinedPdfId)).toMatchObject({
      lastStatus: "declined",
      finished: true,
      hasFinalPdf: false,
    });
    expect(problems).toEqual([]);
  }, 300_000);
});
