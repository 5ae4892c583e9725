import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DocumentRecord, TemplateRecord } from "../../common/records";
import { createSandbox, type Sandbox } from "../../sandbox/index";
import { type AppHarness, openApp } from "../support/app-harness";
import { bridgeCall } from "../support/bridge-call";
import {
  actAsRecipient,
  checkBothThemes as checkThemes,
  saleFields,
  saleGroups,
  saleSignatures,
  templateThroughBridge,
} from "../support/documents-setup";
import { describeWith } from "../support/requirements";
import { detailBadge, documentRow, expectRowStatus, goTo, openDocumentList, slow } from "../support/round-trip";

const buyer = { name: "Ada Buyer", email: "ada@example.com" };
const seller = { name: "Bo Seller", email: "bo@example.com" };

describeWith(["chromium", "secret-service"], "live statuses and the truth about the connection, in Chromium", () => {
  let app: AppHarness;
  let template: TemplateRecord;
  /** The sandbox started again by the test (the core's own one is stopped mid-session). */
  let restarted: Sandbox | null = null;
  const problems: string[] = [];
  const page = () => app.page;

  const send = async (recipients: { name: string; email: string }[]) =>
    (await bridgeCall<DocumentRecord>(page(), "documentsSend", { templateId: template.templateId, recipients })).pdfId;
  const act = (pdfId: string, email: string, body: unknown) => actAsRecipient(page(), pdfId, email, body);
  const banner = () => page().getByTestId("offline-banner");
  const checkBothThemes = (what: string) => checkThemes(page(), what);
  const stopService = async () => {
    const running = restarted ?? app.core.sandbox;
    if (running === null) throw new Error("no sandbox");
    const { url } = running;
    await running.close();
    restarted = null;
    return url;
  };
  const startService = async (url: string) => {
    restarted = await createSandbox({
      dataDir: path.join(app.userDataDir, "sandbox"),
      host: "127.0.0.1",
      port: Number(new URL(url).port),
    });
  };

  beforeAll(async () => {
    app = await openApp({
      viewport: { width: 1280, height: 820 },
      // In the background the tracker waits 10 minutes: what the test sees checked comes from the watch, or the user.
      // The outbox too (a send refused while the service is down waits there): what clears the banner is "Try again",
      // not the outbox's own retry, which would otherwise race the click.
      core: {
        tracker: { minIntervalMs: 10 * 60_000, watchedIntervalMs: 1_000 },
        outbox: { retryDelayMs: 10 * 60_000 },
      },
    });
    page().on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await page().getByTestId("app-version").waitFor(slow);
    template = await templateThroughBridge(page(), "Sale.pdf", saleGroups, saleFields);
    // Every transfer:progress event the page hears, to look at afterwards.
    await page().evaluate(() => {
      const heard: unknown[] = [];
      Object.assign(window, { heardProgress: heard });
      window.signdesk?.on("transfer:progress", (event) => heard.push(event));
    });
  }, 120_000);

  afterAll(async () => {
    await restarted?.close();
    await app?.close();
  });

  it("checks unfinished documents by itself while Documents is on screen and focused, and shows when", async () => {
    const pdfId = await send([buyer, seller]);
    expect(app.core.tracker.watched).toBe(false);
    await openDocumentList(page());
    // On screen in a focused window: watched; opening Documents checked at once.
    await expect.poll(() => app.core.tracker.watched, slow).toBe(true);
    const row = documentRow(page(), pdfId);
    await expectRowStatus(page(), pdfId, "Waiting for signatures");
    await expect.poll(() => row.locator("td").last().textContent(), slow).toBe("just now");

    // The buyer signs; with no action in the app, the row says so.
    await act(pdfId, buyer.email, { fields: saleSignatures[buyer.email] });
    await expectRowStatus(page(), pdfId, "Partly signed");

    // Out of focus, the usual back-off applies; back in focus, the watch resumes.
    await page().evaluate(() => window.dispatchEvent(new Event("blur")));
    await expect.poll(() => app.core.tracker.watched, slow).toBe(false);
    await page().evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => app.core.tracker.watched, slow).toBe(true);

    // The details say when the next check is; the seller signs, and the details follow by themselves.
    await row.getByRole("button", { name: "Sale" }).click();
    await page().getByRole("heading", { level: 1, name: "Sale" }).waitFor(slow);
    await expect
      .poll(() => page().getByTestId("next-check").textContent(), slow)
      .toMatch(/^ · next check (now|in under a minute)$/);
    await checkBothThemes("live-detail");
    await act(pdfId, seller.email, { fields: saleSignatures[seller.email] });
    await expect.poll(() => detailBadge(page()).textContent(), slow).toContain("Signed");
    await expect(page().getByTestId("next-check").count()).resolves.toBe(0);

    // Leaving Documents ends the watch.
    await goTo(page(), "Templates");
    await expect.poll(() => app.core.tracker.watched, slow).toBe(false);
    expect(problems).toEqual([]);
  }, 180_000);

  it('"Refresh now" checks every unfinished document, with progress', async () => {
    const sent = [await send([buyer, seller]), await send([buyer, seller]), await send([buyer, seller])];
    await openDocumentList(page());
    for (const pdfId of sent) await expectRowStatus(page(), pdfId, "Waiting for signatures");
    await page().evaluate(() => {
      (window as unknown as { heardProgress: unknown[] }).heardProgress.length = 0;
    });
    await page().getByRole("button", { name: "Refresh now" }).click();
    await page().getByRole("status").filter({ hasText: "Statuses checked with the service just now." }).waitFor(slow);
    const heard = (await page().evaluate(() => (window as unknown as { heardProgress: unknown[] }).heardProgress)) as {
      kind: string;
      done: number;
      total: number;
    }[];
    const refresh = heard.filter((event) => event.kind === "refresh");
    expect(refresh.at(0)).toMatchObject({ done: 0, total: 3 });
    expect(refresh.at(-1)).toMatchObject({ done: 3, total: 3 });
    expect(refresh.map((event) => event.done)).toEqual([...refresh.map((event) => event.done)].sort());
    await checkBothThemes("live-documents");

    // Every document ends (declined), so that nothing is left to check.
    for (const pdfId of sent) await act(pdfId, buyer.email, { decline: true });
    for (const pdfId of sent) await expectRowStatus(page(), pdfId, "Declined");
  }, 180_000);

  it("raises the offline banner for every failed contact, with the reason, and clears it on the next success", async () => {
    await openDocumentList(page());
    expect(app.core.records.documents.all().every((record) => record.finished)).toBe(true);
    const url = await stopService();
    const refused = `Cannot reach ${url}: connection refused`;

    // Every document is finished, yet "Refresh now" asks the service: it does not say "checked just now".
    await page().getByRole("button", { name: "Refresh now" }).click();
    await page()
      .getByRole("alert")
      .filter({ hasText: "The service could not be reached: the statuses shown are the last ones known." })
      .waitFor(slow);
    await expect(page().getByText("just now", { exact: false }).and(page().getByRole("alert")).count()).resolves.toBe(
      0,
    );
    await expect(page().getByText("checked with the service just now").count()).resolves.toBe(0);
    await banner().waitFor(slow);
    await expect(banner().textContent()).resolves.toContain(refused);
    await checkBothThemes("live-offline");

    // Back: the next success ("Refresh now" asks even with nothing to check) clears it, and says so truthfully.
    await startService(url);
    await page().getByRole("button", { name: "Refresh now" }).click();
    await page()
      .getByRole("status")
      .filter({ hasText: "Every document is finished, so none needed checking. The service answered just now." })
      .waitFor(slow);
    await banner().waitFor({ state: "detached", ...slow });

    // Test connection, refused: the banner. Answered: gone.
    await stopService();
    await goTo(page(), "Accounts");
    const test = page().getByRole("button", { name: "Test connection" }).first();
    await test.click();
    await banner().waitFor(slow);
    await expect(banner().textContent()).resolves.toContain(refused);
    await startService(url);
    await test.click();
    await banner().waitFor({ state: "detached", ...slow });

    // A download and a send, refused: the banner each time, with the reason. The send goes last: its item waits in
    // the outbox and is sent once the service answers again, which would clear a later banner before "Try again".
    const signed = app.core.records.documents.all().find((record) => record.hasFinalPdf);
    if (signed === undefined) throw new Error("no signed document");
    const attempts: [string, () => Promise<unknown>][] = [
      ["download", () => bridgeCall(page(), "documentsDownload", { pdfId: signed.pdfId, transferId: "download" })],
      ["send", () => send([buyer, seller])],
    ];
    for (const [what, attempt] of attempts) {
      await stopService();
      await expect(attempt(), what).rejects.toThrow(refused);
      await banner().waitFor(slow);
      await expect(banner().textContent(), what).resolves.toContain(refused);
      await startService(url);
      await banner().getByRole("button", { name: "Try again" }).click();
      await banner().waitFor({ state: "detached", ...slow });
    }
    // The refused send was kept, and goes out now that the service answers.
    await expect.poll(() => app.core.outbox.waitingCount(), slow).toBe(0);
    expect(problems).toEqual([]);
  }, 240_000);
});
