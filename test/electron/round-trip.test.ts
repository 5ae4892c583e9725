import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type ElectronApplication,
  _electron as electron,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../support/chromium";
import { describeWith, electronExecutable } from "../support/requirements";
import { openSigningPageIn, runRoundTrip, slow } from "../support/round-trip";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const root = path.resolve(import.meta.dirname, "../..");

// The recipients' signing pages open in a browser of their own (Chromium), as an e-mailed link would: the app
// would pass them to the system browser (shell.openExternal), which a test cannot follow.
describeWith(["electron", "chromium", "secret-service"], "the round trip in the real app, in Electron", () => {
  let app: ElectronApplication;
  let window: Page;
  let userData: string;
  let receiver: WebhookReceiver;
  let recipientsBrowser: Browser;
  let recipients: BrowserContext;
  /** Files the app saved into the user's downloads folder during the test: removed afterwards. */
  const saved: string[] = [];
  /** The downloads folder, when it did not exist and this test made it. */
  let madeDownloadsFolder: string | null = null;
  const problems: string[] = [];

  beforeAll(async () => {
    userData = mkdtempSync(path.join(tmpdir(), "signdesk-electron-"));
    receiver = await startWebhookReceiver();
    recipientsBrowser = await launchChromium();
    recipients = await recipientsBrowser.newContext({ viewport: { width: 1280, height: 820 } });
    const runningAsRoot = process.getuid?.() === 0;
    app = await electron.launch({
      executablePath: electronExecutable() ?? undefined,
      args: [...(runningAsRoot ? ["--no-sandbox"] : []), root, `--user-data-dir=${userData}`],
      cwd: root,
    });
    window = await app.firstWindow();
    window.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await window.getByTestId("app-version").waitFor(slow);
    // The app saves into Electron's downloads folder (it has no setting for another). A fresh home, as on a CI
    // machine, may not have one yet: made here, and removed afterwards, so that the test leaves nothing behind.
    const downloads = await app.evaluate(({ app: electronApp }) => electronApp.getPath("downloads"));
    if (!existsSync(downloads)) {
      mkdirSync(downloads, { recursive: true });
      madeDownloadsFolder = downloads;
    }
  });

  afterAll(async () => {
    await app?.close();
    await recipientsBrowser?.close();
    await receiver?.close();
    for (const file of saved) rmSync(file, { force: true });
    if (madeDownloadsFolder !== null && readdirSync(madeDownloadsFolder).length === 0) {
      rmSync(madeDownloadsFolder, { recursive: true, force: true });
    }
    if (userData !== undefined) rmSync(userData, { recursive: true, force: true });
  });

  it("registers webhooks, builds a template, sends it, has it signed and declined through the signing pages, and downloads the signed PDF", async () => {
    const outcome = await runRoundTrip({
      page: window,
      receiver,
      openSigningPage: openSigningPageIn(recipients),
      // The app checks the statuses when its window gains focus (main/index.ts): nothing is done in the window.
      pokeTracker: async () => {
        await app.evaluate(({ BrowserWindow }) => {
          for (const each of BrowserWindow.getAllWindows()) each.emit("focus");
        });
      },
      onSaved: (file) => saved.push(file),
    });
    // Saved into Electron's downloads folder, under the document's name.
    const downloads = await app.evaluate(({ app: electronApp }) => electronApp.getPath("downloads"));
    expect(outcome.savedPath).toBe(path.join(downloads, `${outcome.signedDocumentName} - signed.pdf`));
    // Still the one window: nothing of the round trip opened another.
    expect(app.windows()).toHaveLength(1);
    expect(problems).toEqual([]);
  }, 300_000);
});
