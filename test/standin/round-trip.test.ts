import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../support/chromium";
import { describeWith } from "../support/requirements";
import {
  detailBadge,
  editorStatus,
  openSigningPageIn,
  runRoundTrip,
  sendDocument,
  sendTemplateFromTemplates,
  slow,
  waitForEditor,
} from "../support/round-trip";
import { matchBaseline } from "../support/screenshots";
import { launchStandinApp, type StandinApp, spawnStandin } from "../support/standin-app";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

// The built main and preload bundles, unmodified, on the Electron stand-in: the whole round trip as in
// test/electron/round-trip.test.ts, then what only the desktop does (a notification's click, focus, a second
// instance, quitting). The recipients sign in a browser of their own, as from an e-mailed link.
describeWith(
  ["chromium", "secret-service"],
  "the round trip on the Electron stand-in (Node + Chromium, not Electron)",
  () => {
    let app: StandinApp;
    let window: Page;
    let windowId: number;
    let receiver: WebhookReceiver;
    let recipientsBrowser: Browser;
    let recipients: BrowserContext;
    const problems: string[] = [];
    /** The round trip's template: the focus test sends it again. */
    let templateName = "";

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      recipientsBrowser = await launchChromium();
      recipients = await recipientsBrowser.newContext({ viewport: { width: 1280, height: 820 } });
      app = await launchStandinApp();
      window = await app.window();
      window.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      await window.getByTestId("app-version").waitFor(slow);
      windowId = (await app.state()).windows[0]?.id ?? -1;
      mkdirSync(path.join(app.homeDir, "Downloads"), { recursive: true });
    });

    afterAll(async () => {
      await app?.close();
      await recipientsBrowser?.close();
      await receiver?.close();
    });

    it("builds, sends, has signed and declined, and downloads; a notification's click opens the document", async () => {
      const outcome = await runRoundTrip({
        page: window,
        receiver,
        openSigningPage: openSigningPageIn(recipients),
        // The user comes back to the window: it loses and regains focus, and main checks the statuses then.
        pokeTracker: async () => {
          await app.control({ op: "window", windowId, action: "blur" });
          await app.control({ op: "window", windowId, action: "focus" });
        },
        onSaved: () => {},
      });
      templateName = outcome.documentName;
      const current = await app.state();
      expect(outcome.savedPath).toBe(path.join(current.paths.downloads, `${outcome.signedDocumentName} - signed.pdf`));
      expect(readFileSync(outcome.savedPath).subarray(0, 5).toString()).toBe("%PDF-");
      expect(current.windows).toHaveLength(1);

      // The tracker told the desktop of the signed document; its click shows that document.
      // Told by Signdesk's own name for it, which tells it from the other copy of its template (the declined one).
      const index = current.notifications.findIndex((each) => each.body.includes(outcome.signedDocumentName));
      expect(index, JSON.stringify(current.notifications)).toBeGreaterThanOrEqual(0);
      await window.getByRole("button", { name: /^Templates/ }).click();
      await app.control({ op: "window", windowId, action: "minimize" });
      // The stand-in's desktop holds a notification only weakly, as Electron's does: after a full collection, the
      // click reaches the app because the app still holds it.
      await app.control({ op: "gc" });
      await expect(app.control({ op: "notification-click", index })).resolves.toEqual({ delivered: true });
      await expect.poll(() => detailBadge(window).textContent(), slow).toContain("Signed");
      const after = await app.state();
      expect(after.windows[0]).toMatchObject({ minimized: false, focused: true });
      await expect(window.getByRole("heading", { level: 1 }).first().textContent()).resolves.toBe(
        outcome.signedDocumentName,
      );
      // Clicked, the app lets go of it: collected, a further click reaches no one (as an unreferenced one's would).
      await app.control({ op: "gc" });
      expect((await app.state()).notifications[index]).toMatchObject({ collected: true });
      await expect(app.control({ op: "notification-click", index })).resolves.toEqual({ delivered: false });

      const outcomeShot = await matchBaseline(
        "standin-round-trip-signed-document",
        await window.screenshot({
          animations: "disabled",
          caret: "hide",
          // What differs from run to run: times, names and addresses with the run's id, ids, the sandbox's port.
          mask: [
            window.locator("time"),
            window.getByText(outcome.documentName),
            window.getByText(/@example\.com/),
            window.getByText(/[0-9a-f]{8}-[0-9a-f]{4}-/),
            window.getByTestId("app-version").locator(".."),
          ],
        }),
        { channel: 48, fraction: 0.03 },
      );
      expect(outcomeShot.status, outcomeShot.message).toMatch(/^(matched|written)$/);
      expect(problems).toEqual([]);
    }, 300_000);

    it("checks unfinished documents at once when the window regains focus", async () => {
      const pdfId = await (async () => {
        await sendTemplateFromTemplates(window, templateName);
        return sendDocument(window, templateName, [
          { label: "Buyer", name: "Cy Focus", email: "cy.focus@example.com" },
          { label: "Seller", name: "Di Focus", email: "di.focus@example.com" },
        ]);
      })();
      const lastChecked = () =>
        window.evaluate(async (id) => {
          const answer = await self.signdesk?.documentsList();
          if (answer?.ok !== true) return null;
          return answer.value.documents.find((each) => each.pdfId === id)?.lastCheckedAt ?? null;
        }, pdfId);
      // The tracker checks a new document at once, then not again for at least 15 s while its status stays.
      await expect.poll(lastChecked, slow).not.toBeNull();
      const first = (await lastChecked()) as string;
      await app.control({ op: "window", windowId, action: "blur" });
      await app.control({ op: "window", windowId, action: "focus" });
      await expect.poll(lastChecked, { timeout: 10_000 }).not.toBe(first);
      const second = (await lastChecked()) as string;
      expect(Date.parse(second) - Date.parse(first)).toBeLessThan(15_000);
    });

    it("a second instance focuses the first window and quits", async () => {
      await app.control({ op: "window", windowId, action: "minimize" });
      expect((await app.state()).windows[0]).toMatchObject({ minimized: true, focused: false });
      const second = spawnStandin({ userDataDir: app.userDataDir, homeDir: app.homeDir });
      await expect(second.exited).resolves.toBe(0);
      expect(second.output()).not.toMatch(/error/i);
      const current = await app.state();
      expect(current.windows).toHaveLength(1);
      expect(current.windows[0]).toMatchObject({ minimized: false, focused: true });
    });

    it("quitting closes the core (the sandbox's port, the draft's last change on disk) before the process exits", async () => {
      const footer = (await window.getByTestId("app-version").locator("..").textContent()) ?? "";
      const port = Number(/127\.0\.0\.1:(\d+)/.exec(footer)?.[1]);
      expect(await portIsClosed(port)).toBe(false);
      await window.getByRole("button", { name: /^Templates/ }).click();
      const draftsDir = path.join(app.userDataDir, "drafts");
      const draftId = readdirSync(draftsDir).find((name) => !name.startsWith("."));
      expect(draftId).toBeDefined();
      const draftFile = path.join(draftsDir, draftId as string, "draft.json");
      type DraftFile = { name: string; fields: { page: number; x: number }[] };
      const before = JSON.parse(readFileSync(draftFile, "utf8")) as DraftFile;
      const onPage1 = (draft: DraftFile) => draft.fields.filter((field) => field.page === 1).map((field) => field.x);
      expect(onPage1(before).length).toBeGreaterThan(0);
      await window.locator(".draft-name", { hasText: before.name }).click();
      await waitForEditor(window, before.name, 2);
      // The last change: page 1's fields selected and moved 10 pt right. The page's clock stands still from here, so
      // the autosave's wait (400 ms) cannot end before the app quits, however slow the machine is.
      await window.locator(".editor-pages").focus();
      await window.keyboard.press("ControlOrMeta+A");
      await window.clock.install();
      await window.clock.pauseAt(Date.now());
      await window.keyboard.press("Shift+ArrowRight");
      // Quit while that change is pending ("Saving…"): the page's pagehide sends it, and main writes it before the
      // process exits.
      await expect.poll(() => editorStatus(window).textContent()).toBe("Saving…");
      await expect(app.quit()).resolves.toBe(0);
      expect(await portIsClosed(port)).toBe(true);
      const after = JSON.parse(readFileSync(draftFile, "utf8")) as DraftFile;
      expect(onPage1(after)).toEqual(onPage1(before).map((x) => x + 10));
      expect(existsSync(path.join(app.userDataDir, "StandinSingletonLock"))).toBe(false);
    });
  },
);
