import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type OutboxList, queuedCode } from "../../common/outbox";
import type { TemplateRecord } from "../../common/records";
import type { ScreenId } from "../../common/screens";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { bridgeCall } from "../support/bridge-call";
import { loadWatched } from "../support/editor-driver";
import { type RendererSnapshot, snapshotRenderer } from "../support/renderer-snapshot";
import { describeWith } from "../support/requirements";
import { neutralise, seedScreenStates } from "../support/screen-states";
import {
  compareImages,
  decodePng,
  matchBaseline,
  screenshotFailuresDir,
  screenshotsDir,
  type Tolerance,
} from "../support/screenshots";
import { ServiceOutage } from "../support/service-outage";

/**
 * Every screen of the real App (the built renderer, the real handlers and core, the embedded sandbox) in
 * light and dark, against the baselines test/e2e/__screenshots__/screen-<state>-<scheme>.png, each with
 * axe-core. What changes from run to run (relative times, ids, the sandbox's port, signing links, the
 * status bar) is replaced by fixed text or hidden just before each screenshot.
 *
 * Two runs on one machine give the same pixels (0 differ); the tolerance only leaves room for a few
 * antialiased pixels: 0.00001 of 1280 × 800 is 10, while one letter more in a name differs by about 30.
 */
const tolerance: Tolerance = { channel: 48, fraction: 0.00001 };

type Scheme = "light" | "dark";

describeWith(
  ["chromium", "secret-service"],
  "every screen's look, light and dark, against committed screenshots",
  () => {
    let app: AppHarness;
    let renderer: RendererSnapshot | undefined;
    /** Page errors and missing files of the app's origin. */
    const problems: string[] = [];
    const outcomes: string[] = [];
    let signedId = "";
    let partlyId = "";
    /** "Purchase agreement", sent once more while the service is down (the Outbox). */
    let purchaseId = "";
    let outage: ServiceOutage | undefined;

    const page = () => app.page;

    beforeAll(async () => {
      renderer = await snapshotRenderer();
      app = await openApp({
        rendererDir: renderer.dir,
        viewport: { width: 1280, height: 800 },
        colorScheme: "light",
      });
      await loadWatched(page(), app.origin, problems);
      expect(await page().evaluate(() => window.devicePixelRatio)).toBe(1);

      ({ partlyId, signedId, purchaseId } = await seedScreenStates(page()));

      // The screens read everything afresh.
      await page().reload();
      await page().getByTestId("app-version").waitFor({ timeout: 30_000 });
    });

    afterAll(async () => {
      console.info(`screenshots:\n${outcomes.join("\n")}`);
      await outage?.close();
      await app?.close();
      await renderer?.remove();
    });

    const setScheme = async (scheme: Scheme) => {
      await page().emulateMedia({ colorScheme: scheme });
      await expect
        .poll(() => page().evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches))
        .toBe(scheme === "dark");
    };

    const goTo = async (screen: ScreenId, title: string) => {
      await page()
        .getByRole("navigation", { name: "Main" })
        .getByRole("button", { name: new RegExp(`^${title}`) })
        .click();
      await page().locator(`#${screen}-title`).waitFor();
    };

    /**
     * A screenshot once nothing moves: fonts loaded, varying text neutralised, scrolled to the top (or to
     * `scrollTo`), no focus, the pointer on the (hidden) status bar, and two shots in a row the same (within `tolerance`).
     */
    const still = async (scrollTo?: string): Promise<Buffer> => {
      await page().evaluate(() => document.fonts.ready.then(() => undefined));
      // Scrolled again before each screenshot: what is above the target may still be appearing (a status line once
      // the document's details arrive, late on a busy machine), and the screenshots agree only once it is in place.
      const scroll = () =>
        page().evaluate((target) => {
          for (const element of document.querySelectorAll("*")) {
            if (element.scrollTop !== 0) element.scrollTop = 0;
            if (element.scrollLeft !== 0) element.scrollLeft = 0;
          }
          const element = target === null ? null : document.querySelector(target);
          if (element !== null) {
            // The target 24 px below the top of the view that scrolls it.
            let view = element.parentElement;
            const scrolls = (candidate: HTMLElement) =>
              candidate.scrollHeight > candidate.clientHeight &&
              /auto|scroll/.test(getComputedStyle(candidate).overflowY);
            while (view !== null && !scrolls(view)) view = view.parentElement;
            if (view !== null) {
              view.scrollTop += element.getBoundingClientRect().top - view.getBoundingClientRect().top - 24;
            }
          }
          (document.activeElement as HTMLElement | null)?.blur();
        }, scrollTo ?? null);
      await page().mouse.move(1279, 799);
      let previous: Buffer | null = null;
      const moves: string[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await scroll();
        await neutralise(page());
        const shot = await page().screenshot({ animations: "disabled", caret: "hide" });
        // Still: what differs is within the baselines' own tolerance (a few pixels of a rounded corner's antialiasing
        // were seen to change between two shots of a screen at rest).
        if (previous !== null && compareImages(decodePng(shot), decodePng(previous), tolerance).matches) return shot;
        if (previous !== null) moves.push(await whatMoved(previous, shot, moves.length));
        previous = shot;
      }
      throw new Error(`the screen never stopped changing: 10 screenshots in a row differ:\n${moves.join("\n")}`);
    };

    /** Where two shots in a row differ, and what the window held there; both frames are kept to look at. */
    const whatMoved = async (before: Buffer, after: Buffer, index: number): Promise<string> => {
      const { differing, bounds } = compareImages(decodePng(after), decodePng(before), { channel: 0, fraction: 0 });
      await mkdir(screenshotFailuresDir, { recursive: true });
      await writeFile(path.join(screenshotFailuresDir, `still-${index}-before.png`), before);
      await writeFile(path.join(screenshotFailuresDir, `still-${index}-after.png`), after);
      if (bounds === null) return `${differing} pixels (PNG bytes only)`;
      const holder = await page().evaluate(({ left, top }) => {
        const element = document.elementFromPoint(left, top);
        return element === null
          ? "nothing"
          : `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 60)}"`;
      }, bounds);
      return `${differing} pixels in (${bounds.left},${bounds.top})–(${bounds.right},${bounds.bottom}), at ${holder}`;
    };

    /** Light, then dark: axe-core (no serious or critical violation) and the screenshot against its baseline. */
    const checkBothSchemes = async (name: string, scrollTo?: string) => {
      const failures: string[] = [];
      for (const scheme of ["light", "dark"] as const) {
        await setScheme(scheme);
        for (const violation of await seriousAxeViolations(page())) {
          failures.push(
            `${name}, ${scheme}: [${violation.impact}] ${violation.id}: ${violation.help} at ${violation.targets.join(", ")}`,
          );
        }
        const outcome = await matchBaseline(`screen-${name}-${scheme}`, await still(scrollTo), tolerance);
        outcomes.push(outcome.message);
        if (!/^(matched|written)$/.test(outcome.status)) failures.push(outcome.message);
      }
      await setScheme("light");
      expect(failures, failures.join("\n")).toEqual([]);
    };

    it("Templates: two drafts with their page-1 thumbnails, and the templates created", async () => {
      await page().locator("#templates-title").waitFor();
      const drafts = page().getByRole("list", { name: "Drafts" }).getByRole("listitem");
      await expect.poll(() => drafts.count(), { timeout: 20_000 }).toBe(2);
      await expect
        .poll(() => page().getByRole("list", { name: "Templates created" }).getByRole("listitem").count())
        .toBe(2);
      await expect
        .poll(
          () =>
            page().evaluate(() => {
              const images = [...document.querySelectorAll<HTMLImageElement>(".draft-thumbnail img")];
              return images.filter((image) => image.complete && image.naturalWidth > 0).length;
            }),
          { timeout: 30_000 },
        )
        .toBe(2);
      await checkBothSchemes("templates");
    });

    it("Send: a template chosen, its two recipients and a subject typed", async () => {
      await page()
        .getByRole("button", { name: /^Send… Purchase agreement/ })
        .click();
      await page().locator("#send-title").waitFor();
      await page().getByLabel("Template").waitFor();
      await expect(page().getByLabel("Template").locator("option:checked").textContent()).resolves.toBe(
        "Purchase agreement (2 recipients)",
      );
      const buyer = page().getByRole("group", { name: "Buyer" });
      const seller = page().getByRole("group", { name: "Seller" });
      await buyer.getByLabel("Name").fill("Gil Buyer");
      await buyer.getByLabel("E-mail").fill("gil@example.com");
      await seller.getByLabel("Name").fill("Hal Seller");
      await seller.getByLabel("E-mail").fill("hal@example.com");
      await page().getByLabel("E-mail subject").fill("Please sign: purchase of the workshop");
      await checkBothSchemes("send");
      await page().getByRole("button", { name: "Cancel" }).click();
      await page().locator("#documents-title").waitFor();
    });

    it("Documents: pending, partly signed, signed and declined", async () => {
      await goTo("documents", "Documents");
      const rows = page().locator("tbody tr");
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(4);
      await expect
        .poll(() => page().locator("tbody tr .status-badge").allTextContents())
        .toEqual(["✕Declined", "✓Signed · Finished", "◐Partly signed", "○Waiting for signatures"]);
      await checkBothSchemes("documents");
    });

    it("a document's details: signed, ready to download, with its history", async () => {
      await page().locator(`[data-open-document="${signedId}"]`).click();
      await page().getByRole("button", { name: "Download", exact: true }).waitFor();
      await expect
        .poll(() => page().getByRole("list", { name: "Status history" }).getByRole("listitem").count())
        .toBe(3);
      await checkBothSchemes("document");
      await page().getByRole("button", { name: "All documents" }).click();
      await page().locator("tbody tr").first().waitFor();
    });

    it("a document's details after its download: saved, sealed and intact", async () => {
      await page().locator(`[data-open-document="${signedId}"]`).click();
      await page().getByRole("button", { name: "Download", exact: true }).click();
      const seal = page().getByRole("status").filter({ hasText: "Sealed and intact." });
      await seal.waitFor({ timeout: 20_000 });
      // The saved path and the sandbox's certificate differ on every run: the picture shows fixed stand-ins.
      await page().evaluate(() => {
        const fixed: [string, string][] = [
          ["code.saved-path", "/home/ada/Downloads/Purchase - signed.pdf"],
          [
            "code.seal-fingerprint",
            Array.from({ length: 32 }, (_, index) =>
              (index * 7).toString(16).padStart(2, "0").slice(-2).toUpperCase(),
            ).join(":"),
          ],
        ];
        for (const [selector, text] of fixed)
          for (const element of document.querySelectorAll(selector)) element.textContent = text;
      });
      await checkBothSchemes("document-downloaded", ".seal-notice");
      await page().getByRole("button", { name: "All documents" }).click();
      await page().locator("tbody tr").first().waitFor();
    });

    it("a sandbox document's details while out for signing: each recipient's signing page", async () => {
      await goTo("documents", "Documents");
      await page().locator(`[data-open-document="${partlyId}"]`).click();
      const links = page().getByRole("region", { name: "Signing pages" }).getByRole("link");
      await expect.poll(() => links.count(), { timeout: 20_000 }).toBe(2);
      await checkBothSchemes("document-signing-pages", "#detail-signing-title");
      await page().getByRole("button", { name: "All documents" }).click();
      await page().locator("tbody tr").first().waitFor();
    });

    it("Webhooks: one registration listed", async () => {
      await goTo("webhooks", "Webhooks");
      const row = page().getByRole("list", { name: "Registered from Signdesk" }).getByRole("listitem");
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
      await expect(row.textContent()).resolves.toContain("https://hooks.example.com/signdesk");
      await checkBothSchemes("webhooks");
    });

    it("Accounts: the sandbox account, and its inbox listing the messages sent", async () => {
      await goTo("accounts", "Accounts");
      const inbox = page().getByRole("list", { name: "Sandbox inbox" }).getByRole("listitem");
      await expect.poll(() => inbox.count(), { timeout: 20_000 }).toBe(6);
      await checkBothSchemes("accounts");
      await checkBothSchemes("accounts-inbox", "#sandbox-inbox-title");
    });

    it("tells one more letter in a recipient's name from the baseline (the tolerance is not too loose)", async () => {
      const baseline = path.join(screenshotsDir, "screen-documents-light.png");
      if (!existsSync(baseline)) return;
      await setScheme("light");
      await goTo("documents", "Documents");
      const names = page().locator(`tr[data-pdf-id="${signedId}"] .recipient-names`);
      await expect.poll(() => names.textContent(), { timeout: 20_000 }).toBe("Cy Buyer, Dee Seller");
      await names.evaluate((element) => {
        element.textContent = "Cy Buyer, Dee Sellers";
      });
      const changed = decodePng(await still());
      await expect(names.textContent()).resolves.toBe("Cy Buyer, Dee Sellers");
      const comparison = compareImages(changed, decodePng(await readFile(baseline)), tolerance);
      expect(comparison.matches, `${comparison.differing} pixels differ`).toBe(false);
      const cell = await names.boundingBox();
      if (cell === null) throw new Error("the names are not shown");
      expect(comparison.bounds?.left).toBeGreaterThanOrEqual(Math.floor(cell.x));
      expect(comparison.bounds?.right).toBeLessThanOrEqual(Math.ceil(cell.x + cell.width));
      expect(comparison.bounds?.top).toBeGreaterThanOrEqual(Math.floor(cell.y));
      expect(comparison.bounds?.bottom).toBeLessThanOrEqual(Math.ceil(cell.y + cell.height));
    });

    // After the check above, which compares Documents with its baseline: what is sent here stays.
    it("Outbox: a send the service refused, two items waiting while it is down, and what went out", async () => {
      outage = new ServiceOutage(app);
      const outbox = () => bridgeCall<OutboxList>(page(), "outboxList");
      const send = (templateId: string, recipients: { name: string; email: string }[]) =>
        page().evaluate((args) => window.signdesk?.documentsSend(args), {
          templateId,
          recipients,
          emailSubject: "Please sign",
        });
      // A template the service never made (added by an ID of its own): the service refuses to send it.
      const rental = await bridgeCall<TemplateRecord>(page(), "templatesAddById", {
        templateId: "5e0b1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4",
        name: "Rental form",
        groups: [{ label: "Tenant" }],
      });
      await outage.stop();
      await expect(send(rental.templateId, [{ name: "Kim Tenant", email: "kim@example.com" }])).resolves.toMatchObject({
        ok: false,
        error: { code: queuedCode },
      });
      await outage.start();
      await expect
        .poll(async () => (await outbox()).waiting.map((item) => item.state), { timeout: 30_000 })
        .toEqual(["failed"]);
      // Down again: a send and a webhook wait, in this order.
      await outage.stop();
      const purchase = [
        { name: "Ivy Buyer", email: "ivy@example.com" },
        { name: "Jo Seller", email: "jo@example.com" },
      ];
      await expect(send(purchaseId, purchase)).resolves.toMatchObject({ ok: false, error: { code: queuedCode } });
      const hook = await bridgeCall<{ queued?: string }>(page(), "webhooksRegister", {
        url: "https://hooks.example.com/archive",
        eventType: "document.finalized",
      });
      expect(hook.queued).toContain("“https://hooks.example.com/archive” is in the Outbox.");
      await goTo("outbox", "Outbox");
      await expect.poll(() => page().locator(".outbox-item").count(), { timeout: 20_000 }).toBe(3 + 6);
      // Once the outbox has asked again by itself, what it says stays the same: the failure, never how often
      // the call that met it was tried (a poll's GET four times, a send once).
      await expect
        .poll(() => page().locator(".outbox-item").nth(1).textContent(), { timeout: 30_000 })
        .toMatch(/tried \d+ times.*Waiting for Sandbox: Cannot reach/s);
      await expect(page().locator(".outbox-notice").textContent()).resolves.toMatch(
        /^Sandbox cannot be reached: Cannot reach http:\/\/127\.0\.0\.1:\d+: connection refused\. They will be sent/,
      );
      await checkBothSchemes("outbox");
    });

    it("met no page error and no missing file", () => {
      expect(problems).toEqual([]);
    });
  },
);
