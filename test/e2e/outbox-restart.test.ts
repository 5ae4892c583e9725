import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../../sandbox/index";
import { type AppHarness, type OpenAppOptions, openApp } from "../support/app-harness";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import {
  buildTemplate,
  dropPdfOnWindow,
  expectRowStatus,
  fillSendForm,
  goTo,
  inboxMessage,
  openDocumentList,
  type Party,
  placeField,
  runId,
  sendTemplateFromTemplates,
  sentDocumentName,
  signThroughPage,
  slow,
  waitForAllSaved,
  waitForEditor,
  waitForSigningPage,
} from "../support/round-trip";

const options: OpenAppOptions = {
  viewport: { width: 1280, height: 820 },
  core: {
    // Statuses are checked when asked (Refresh now), so that what the test sees is the outbox's doing.
    tracker: { minIntervalMs: 10 * 60_000 },
    outbox: { retryDelayMs: 200, maxRetryDelayMs: 1000 },
  },
};

describeWith(["chromium", "secret-service"], "the outbox across a restart of the app, in Chromium", () => {
  let app: AppHarness | null = null;
  let restarted: Sandbox | null = null;

  afterAll(async () => {
    await restarted?.close();
    await app?.close();
  });

  it("a template and a send queued while the service is down go out once after a restart, and the document is signed", async () => {
    const id = runId();
    const tenant: Party = { label: "Tenant", name: "Tess Tenant", email: `tess.${id}@example.com` };
    const first = await openApp(options);
    app = first;
    await first.page.getByTestId("app-version").waitFor(slow);
    const name = await buildTemplate(first.page, {
      fileName: `Lease ${id}.pdf`,
      pageCount: 1,
      groups: ["Tenant"],
      placements: [{ group: "Tenant", type: "Text", page: 1, by: "keyboard" }],
    });
    const sandbox = first.core.sandbox;
    if (sandbox === null) throw new Error("the core has no embedded sandbox");
    const { url } = sandbox;
    const accountId = first.core.accounts.active()?.id ?? "";

    // The service stops. A send from the template and a new template are both accepted as queued.
    await sandbox.close();
    await sendTemplateFromTemplates(first.page, name);
    await fillSendForm(first.page, name, [tenant]);
    await first.page.getByRole("button", { name: "Send", exact: true }).click();
    // The send waits under the document's own name: the template's and its recipient's.
    const sentName = sentDocumentName(name, [tenant]);
    await queuedConfirmation(first.page, sentName);
    const addendum = `Addendum ${id}`;
    await goTo(first.page, "Templates");
    await dropPdfOnWindow(first.page, `${addendum}.pdf`, await makePdf([{}]));
    await waitForEditor(first.page, addendum, 1);
    await placeField(first.page, { group: "Recipient 1", type: "Signature", page: 1, by: "keyboard" }, 612);
    await waitForAllSaved(first.page);
    await first.page.getByRole("button", { name: "Create template…" }).click();
    const dialog = first.page.getByRole("dialog", { name: "Create template" });
    await dialog.getByRole("button", { name: "Create template", exact: true }).click();
    await queuedConfirmation(first.page, addendum);
    expect(first.core.outbox.list(accountId).waiting.map((item) => [item.kind, item.title, item.state])).toEqual([
      ["sendFromTemplate", sentName, "queued"],
      ["createTemplate", addendum, "queued"],
    ]);

    // Quit; start again while the service is still down: both still wait.
    await first.quit();
    const second = await openApp({
      ...options,
      reopen: first.persisted,
      core: { ...options.core, embeddedSandbox: false },
    });
    app = second;
    await second.page.getByTestId("app-version").waitFor(slow);
    expect(second.core.outbox.summary(accountId).waiting).toBe(2);

    // The service comes back on its data and address: both go out by themselves, once each.
    restarted = await createSandbox({
      dataDir: path.join(second.userDataDir, "sandbox"),
      host: "127.0.0.1",
      port: Number(new URL(url).port),
    });
    await expect.poll(() => second.core.outbox.summary(accountId).waiting, slow).toBe(0);
    const sent = second.core.outbox.list(accountId).done;
    expect(sent.map((item) => [item.title, item.state])).toEqual(
      expect.arrayContaining([
        [sentName, "sent"],
        [addendum, "sent"],
      ]),
    );
    const documents = second.core.records.documents
      .all()
      .filter((record) => record.recipients[0]?.email === tenant.email);
    expect(documents.map((record) => record.name)).toEqual([sentName]);
    const pdfId = documents[0]?.pdfId ?? "";
    const key = await second.core.accounts.apiKey(accountId);
    const listed = (await (await fetch(`${url}/getAllDocuments`, { headers: { "x-api-key": key } })).json()) as {
      documents: { id: string; recipients: { email: string }[] }[];
    };
    expect(
      listed.documents.filter((document) => document.recipients.some((each) => each.email === tenant.email)),
    ).toEqual([expect.objectContaining({ id: pdfId })]);
    await restarted.close();
    const state = JSON.parse(await readFile(path.join(second.userDataDir, "sandbox", "state.json"), "utf8")) as {
      templates: { name: string }[];
    };
    expect(state.templates.filter((template) => template.name === addendum)).toHaveLength(1);
    restarted = await createSandbox({
      dataDir: path.join(second.userDataDir, "sandbox"),
      host: "127.0.0.1",
      port: Number(new URL(url).port),
    });

    // The tenant signs through the sandbox's inbox; the app sees it.
    const message = await inboxMessage(second.page, pdfId, tenant);
    const [signing] = await Promise.all([
      second.context.waitForEvent("page", slow),
      message.getByRole("link", { name: /^Open signing page for / }).click(),
    ]);
    await signing.waitForLoadState();
    await waitForSigningPage(signing, name, tenant, 1);
    await signThroughPage(signing, {
      texts: [{ field: "Text, page 1", value: `Signed after a restart ${id}` }],
      signatures: [],
    });
    await openDocumentList(second.page);
    await second.page.getByRole("button", { name: "Refresh now" }).click();
    await expectRowStatus(second.page, pdfId, "Signed · Finished");
  }, 300_000);
});

/** What the screen says when the service cannot be reached: the action waits in the Outbox. */
async function queuedConfirmation(page: Page, title: string): Promise<void> {
  await page
    .getByRole("status")
    .filter({ hasText: `“${title}” is in the Outbox. It will be sent when Sandbox is reachable.` })
    .waitFor(slow);
}
