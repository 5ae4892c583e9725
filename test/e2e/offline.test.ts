import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../../sandbox/index";
import { type AppHarness, openApp } from "../support/app-harness";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import {
  buildTemplate,
  declineThroughPage,
  dropPdfOnWindow,
  expectRowStatus,
  fillSendForm,
  goTo,
  inboxMessage,
  openDocumentList,
  type Party,
  placeField,
  runId,
  sendDocument,
  sendTemplateFromTemplates,
  sentDocumentName,
  signThroughPage,
  slow,
  waitForAllSaved,
  waitForEditor,
  waitForSigningPage,
} from "../support/round-trip";

describeWith(["chromium", "secret-service"], "the app while its service is down, in Chromium", () => {
  let app: AppHarness;
  /** The sandbox started again by the test (the core's own one is stopped mid-session). */
  let restarted: Sandbox | null = null;
  const problems: string[] = [];

  beforeAll(async () => {
    app = await openApp({
      viewport: { width: 1280, height: 820 },
      // The tracker polls (and probes the way back), and the outbox tries again, only when asked, within this test:
      // what clears the banner is "Try again", not a poll or a retry that happens to come first.
      core: { tracker: { minIntervalMs: 10 * 60_000 }, outbox: { retryDelayMs: 10 * 60_000 } },
    });
    app.page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await app.page.getByTestId("app-version").waitFor(slow);
  });

  afterAll(async () => {
    await restarted?.close();
    await app?.close();
  });

  it("says the service is down, keeps drafting, queues a send, and catches up once it is back", async () => {
    const page = app.page;
    const sandbox = app.core.sandbox;
    if (sandbox === null) throw new Error("the core has no embedded sandbox");
    const id = runId();
    const tenant: Party = { label: "Tenant", name: "Tess Tenant", email: `tess.${id}@example.com` };
    const other: Party = { label: "Tenant", name: "Uma Tenant", email: `uma.${id}@example.com` };

    // Online: a one-recipient template, sent twice; each recipient's signing page is opened from the Inbox.
    const name = await buildTemplate(page, {
      fileName: `Lease ${id}.pdf`,
      pageCount: 1,
      groups: ["Tenant"],
      placements: [{ group: "Tenant", type: "Text", page: 1, by: "keyboard" }],
    });
    await sendTemplateFromTemplates(page, name);
    const signedLater = await sendDocument(page, name, [tenant]);
    await openDocumentList(page);
    await page.getByRole("button", { name: "Send a document" }).click();
    const declinedLater = await sendDocument(page, name, [other]);
    const signing = await openSigningPage(await inboxMessage(page, signedLater, tenant));
    await waitForSigningPage(signing, name, tenant, 1);
    const declining = await openSigningPage(await inboxMessage(page, declinedLater, other));
    await waitForSigningPage(declining, name, other, 1);
    await openDocumentList(page);
    await expectRowStatus(page, signedLater, "Waiting for signatures");
    await expectRowStatus(page, declinedLater, "Waiting for signatures");
    const banner = page.getByTestId("offline-banner");
    await expect(banner.count()).resolves.toBe(0);

    // The service stops. "Refresh now": the statuses stay as last known, and the banner says why.
    const { url } = sandbox;
    await sandbox.close();
    await page.getByRole("button", { name: "Refresh now" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "The service could not be reached: the statuses shown are the last ones known." })
      .waitFor(slow);
    await banner.waitFor(slow);
    const said = (await banner.textContent()) ?? "";
    expect(said).toContain("The signing service cannot be reached.");
    expect(said).toContain(`Cannot reach ${url}: connection refused`);
    expect(said).toContain("You can keep drafting templates.");
    await expectRowStatus(page, signedLater, "Waiting for signatures");

    // Drafting still works: a new PDF dropped on the window, a field placed, autosaved.
    await goTo(page, "Templates");
    await dropPdfOnWindow(page, `Offline draft ${id}.pdf`, await makePdf([{}, {}]));
    await waitForEditor(page, `Offline draft ${id}`, 2);
    await placeField(page, { group: "Recipient 1", type: "Signature", page: 1, by: "mouse", x: 100, y: 150 }, 612);
    await waitForAllSaved(page);
    const drafts = await app.core.drafts.list();
    const offlineDraft = drafts.find((draft) => draft.name === `Offline draft ${id}`);
    expect(offlineDraft).toMatchObject({ pageCount: 2, fieldCount: 1 });
    expect((await app.core.drafts.open(offlineDraft?.id ?? "")).fields).toEqual([
      expect.objectContaining({ type: "Signature", page: 1, x: 100, y: 150 }),
    ]);
    await page.getByRole("button", { name: "Back to templates" }).click();
    await page.locator("#templates-title").waitFor(slow);
    const draftRow = page
      .getByRole("list", { name: "Drafts" })
      .getByRole("listitem")
      .filter({ hasText: `Offline draft ${id}` });
    await expect.poll(() => draftRow.textContent(), slow).toContain("2 pages · 1 recipient group · 1 field ·");
    // The banner stays on every screen meanwhile.
    await expect(banner.count()).resolves.toBe(1);

    // Sending is accepted as queued, saying why and when it will go; nothing is recorded until it has gone.
    await sendTemplateFromTemplates(page, name);
    const third: Party = { label: "Tenant", name: "Vic Tenant", email: `vic.${id}@example.com` };
    await fillSendForm(page, name, [third]);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const queued = page.getByRole("status").filter({ hasText: "Queued." });
    await queued.waitFor(slow);
    await expect(queued.textContent()).resolves.toContain(
      `Cannot reach ${url}: connection refused. “${sentDocumentName(name, [third])}” is in the Outbox. It will be sent when Sandbox is reachable.`,
    );
    expect(app.core.records.documents.all().map((record) => record.pdfId)).toEqual([signedLater, declinedLater]);

    // The service comes back on the same data and address; the recipients act at once, through their pages.
    restarted = await createSandbox({
      dataDir: path.join(app.userDataDir, "sandbox"),
      host: "127.0.0.1",
      port: Number(new URL(url).port),
    });
    expect(restarted.url).toBe(url);
    await signThroughPage(signing, {
      texts: [{ field: "Text, page 1", value: `Signed after the outage ${id}` }],
      signatures: [],
    });
    await declineThroughPage(declining);

    // The app was not told yet (the Send screen does not watch statuses); "Try again" clears the banner, and both
    // documents catch up by themselves.
    await expect(banner.count()).resolves.toBe(1);
    await banner.getByRole("button", { name: "Try again" }).click();
    await banner.waitFor({ state: "detached", ...slow });
    await openDocumentList(page);
    await expectRowStatus(page, signedLater, "Signed · Finished");
    await expectRowStatus(page, declinedLater, "Declined");
    // What was queued went out once the service answered, once.
    await expect.poll(() => app.core.records.documents.all().length, slow).toBe(3);
    const sentLater = app.core.records.documents.all().find((record) => record.recipients[0]?.email === third.email);
    expect(sentLater?.name).toBe(sentDocumentName(name, [third]));
    await expectRowStatus(page, sentLater?.pdfId ?? "", "Waiting for signatures");
    expect(problems).toEqual([]);
  }, 300_000);

  /** The Inbox link opens a second page in the same browser, as the recipient's. */
  async function openSigningPage(message: Locator): Promise<Page> {
    const [opened] = await Promise.all([
      app.context.waitForEvent("page", slow),
      message.getByRole("link", { name: /^Open signing page for / }).click(),
    ]);
    await opened.waitForLoadState();
    return opened;
  }
});
