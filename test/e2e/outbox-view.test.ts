import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DraftField, DraftGroup } from "../../common/draft";
import { type AppHarness, openApp } from "../support/app-harness";
import { bridgeCall } from "../support/bridge-call";
import { templateThroughBridge } from "../support/documents-setup";
import { addressOfLength } from "../support/email-addresses";
import { axeInBothThemes, collectPageProblems } from "../support/page-checks";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { fillSendForm, goTo, type Party, runId, sentDocumentName, slow, waitForEditor } from "../support/round-trip";
import { ServiceOutage } from "../support/service-outage";

/** Where the screenshots of the axe checks are saved, to look at (not compared). */
const shots = process.env.OUTBOX_SCREENSHOTS_DIR ?? "/tmp";

/** `text` as a regular expression that matches it alone. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

const tenantGroups: DraftGroup[] = [{ id: "tenant", label: "Tenant", color: "#009e73" }];
const tenantFields: DraftField[] = [{ id: "tenant-name", type: "Text", groupId: "tenant", page: 1, x: 72, y: 600 }];

describeWith(["chromium", "secret-service"], "the Outbox view, and what was queued on each screen, in Chromium", () => {
  let app: AppHarness;
  let outage: ServiceOutage;
  const problems: string[] = [];
  const id = runId();

  const page = () => app.page;
  const nav = () => page().getByRole("navigation", { name: "Main" });
  const outboxNav = () => nav().getByRole("button", { name: /^Outbox/ });
  const waiting = () => page().getByRole("list", { name: "Waiting" }).getByRole("listitem");
  const done = () => page().getByRole("list", { name: "Recently sent" }).getByRole("listitem");
  const item = (title: string) => waiting().filter({ has: page().getByRole("heading", { name: title, exact: true }) });
  const doneItem = (title: string) => done().filter({ has: page().getByRole("heading", { name: title, exact: true }) });
  const focusedId = () => page().evaluate(() => document.activeElement?.id ?? "");
  const focusedText = () => page().evaluate(() => document.activeElement?.textContent ?? "");
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, slow);
  /** How a refused connection to the stopped service is told (a listing says how often it tried), as a pattern. */
  const refused = () =>
    `Cannot reach ${literal(outage.url)}: connection refused(?: \\(gave up after \\d+ attempts\\))?\\.`;
  /** The confirmation of `title`, queued while the service is down. */
  const queuedWhileDown = (title: string) =>
    new RegExp(
      `^Queued\\. ${refused()} “${literal(title)}” is in the Outbox\\. It will be sent when Sandbox is reachable\\.$`,
    );

  async function openOutbox(): Promise<void> {
    await outboxNav().click();
    await page().locator("#outbox-title").waitFor(slow);
  }

  /** Sends `template` to `party` from the Send screen, with the service down: answers the queued confirmation. */
  async function sendQueued(target: Page, template: string, party: Party): Promise<string> {
    await goTo(target, "Templates");
    await target
      .getByRole("list", { name: "Templates created" })
      .getByRole("listitem")
      .filter({ hasText: template })
      .getByRole("button", { name: /^Send…/ })
      .click();
    await fillSendForm(target, template, [party]);
    await target.getByRole("button", { name: "Send", exact: true }).click();
    const queued = target.getByRole("status").filter({ hasText: "Queued." });
    await queued.waitFor(slow);
    // Done: the form gave way to the confirmation, and no error is shown.
    await expect(target.locator("form.send-form").count()).resolves.toBe(0);
    await expect(target.getByRole("alert").count()).resolves.toBe(0);
    return (await queued.locator("p").textContent()) ?? "";
  }

  beforeAll(async () => {
    app = await openApp({
      viewport: { width: 1280, height: 860 },
      core: {
        outbox: { retryDelayMs: 200, maxRetryDelayMs: 1000 },
        // Nothing polls the service meanwhile but the outbox.
        tracker: { minIntervalMs: 10 * 60_000 },
      },
    });
    collectPageProblems(page(), problems);
    outage = new ServiceOutage(app);
    await page().getByTestId("app-version").waitFor(slow);
  });

  afterAll(async () => {
    await outage?.close();
    await app?.close();
  });

  it("queues a send and a new template while the service is down, then delivers what was not cancelled", async () => {
    // Online: the template "Lease" (one Tenant), and a draft to make a template of later.
    const lease = `Lease ${id}`;
    const draftName = `Offline draft ${id}`;
    await templateThroughBridge(page(), `${lease}.pdf`, tenantGroups, tenantFields);
    const draft = await page().evaluate(
      async ([name, data]) => window.signdesk?.draftsCreateFromFile({ fileName: name, bytes: new Uint8Array(data) }),
      [`${draftName}.pdf`, [...(await makePdf([{}]))]] as const,
    );
    if (draft === undefined || !draft.ok) throw new Error("the draft was not made");
    await bridgeCall(page(), "draftsSave", { draft: { ...draft.value, groups: tenantGroups, fields: tenantFields } });
    await page().reload();
    await page().locator("#templates-title").waitFor(slow);
    await expect(outboxNav().getAttribute("aria-keyshortcuts")).resolves.toBe("Control+5");
    await expect(page().getByTestId("outbox-count").count()).resolves.toBe(0);

    await outage.stop();

    // Send: the confirmation says what waits and why; the sidebar counts it.
    const tenant: Party = { label: "Tenant", name: "Tess Tenant", email: `tess.${id}@example.com` };
    const sent = await sendQueued(page(), lease, tenant);
    // The send waits under its document's name: the template's and the recipient's.
    const leaseSend = sentDocumentName(lease, [tenant]);
    expect(sent).toMatch(queuedWhileDown(leaseSend));
    // The form is gone: the confirmation takes the focus, and says it.
    await poll(focusedText).toBe(sent);
    await axeInBothThemes(page(), "send-queued", shots);
    await nav().getByRole("button", { name: "Outbox Ctrl+5, 1 waiting" }).waitFor(slow);

    // A template from the draft, in the editor: it waits behind the send.
    await goTo(page(), "Templates");
    await page().getByRole("list", { name: "Drafts" }).getByRole("button", { name: draftName, exact: true }).click();
    await waitForEditor(page(), draftName, 1);
    await page().getByRole("button", { name: "Create template…" }).click();
    const dialog = page().getByRole("dialog", { name: "Create template" });
    await dialog.getByRole("button", { name: "Create template", exact: true }).click();
    await dialog.waitFor({ state: "detached", ...slow });
    const created = page().getByRole("status").filter({ hasText: "Queued." });
    await expect(created.locator("p").textContent()).resolves.toBe(
      `Queued. 1 earlier item waits in the Outbox. “${draftName}” is in the Outbox. It will be sent when Sandbox is reachable.`,
    );
    await nav().getByRole("button", { name: "Outbox Ctrl+5, 2 waiting" }).waitFor(slow);
    await poll(focusedText).toMatch(/^Queued\. /);
    await axeInBothThemes(page(), "editor-queued", shots);
    await expect(page().getByTestId("outbox-count").textContent()).resolves.toBe("2");

    // "Open Outbox": both, in the order they go out, and why they wait.
    await created.getByRole("button", { name: "Open Outbox" }).click();
    await page().locator("#outbox-title").waitFor(slow);
    await poll(focusedId).toBe("outbox-title");
    await expect(page().getByTestId("outbox-summary").textContent()).resolves.toBe("2 waiting for Sandbox.");
    await poll(() => page().locator(".outbox-notice").textContent()).toMatch(
      new RegExp(`^Sandbox cannot be reached: ${refused()} They will be sent when it answers\\.Retry now$`),
    );
    await poll(() => waiting().locator("h3").allTextContents()).toEqual([leaseSend, draftName]);
    await expect(item(leaseSend).textContent()).resolves.toContain(
      `Document from a template, sent to Tess Tenant <${tenant.email}> · queued just now`,
    );
    await expect(item(draftName).textContent()).resolves.toContain("New template · queued just now");
    await expect(waiting().locator(".status-badge").allTextContents()).resolves.toEqual(["◷Queued", "◷Queued"]);
    // Queued items can be cancelled (and named by what stops); nothing is offered to send again yet.
    await expect(item(leaseSend).getByRole("button").allTextContents()).resolves.toEqual([
      `Cancel sending “${leaseSend}”`,
    ]);
    await expect(item(draftName).getByRole("button").allTextContents()).resolves.toEqual([
      `Cancel creating “${draftName}”`,
    ]);
    await axeInBothThemes(page(), "outbox-waiting", shots);

    // Documents and Templates show what waits for them.
    await goTo(page(), "Documents");
    const queuedSends = page().getByRole("list", { name: "Queued (1)" }).getByRole("listitem");
    await poll(() => queuedSends.textContent()).toContain(leaseSend);
    await expect(queuedSends.textContent()).resolves.toContain("Document from a template, sent to Tess Tenant");
    await expect(queuedSends.locator(".status-badge").textContent()).resolves.toBe("◷Queued");
    // The Templates screen still shows the editor, as it was left.
    await nav()
      .getByRole("button", { name: /^Templates/ })
      .click();
    await page().getByRole("button", { name: "Back to templates" }).click();
    await page().locator("#templates-title").waitFor(slow);
    const queuedTemplates = page().getByRole("list", { name: "Queued (1)" }).getByRole("listitem");
    await poll(() => queuedTemplates.textContent()).toContain(draftName);
    await expect(queuedTemplates.textContent()).resolves.toContain("New template");

    // Cancel the template, with the keyboard: the item before it takes the focus, and it is listed as cancelled.
    await openOutbox();
    await item(draftName)
      .getByRole("button", { name: `Cancel creating “${draftName}”` })
      .focus();
    await page().keyboard.press("Enter");
    await poll(() => waiting().count()).toBe(1);
    await poll(focusedId).toMatch(/^outbox-item-/);
    await expect(page().evaluate(() => document.activeElement?.textContent)).resolves.toBe(leaseSend);
    await nav().getByRole("button", { name: "Outbox Ctrl+5, 1 waiting" }).waitFor(slow);
    await poll(() => doneItem(draftName).textContent()).toContain("Cancelled: nothing was sent.");
    await expect(doneItem(draftName).locator(".status-badge").textContent()).resolves.toBe("–Cancelled");

    // The service is back: the outbox's own retry sends what waits, and nothing else.
    await outage.start();
    await poll(() => page().getByTestId("outbox-count").count()).toBe(0);
    await expect(
      nav()
        .getByRole("button", { name: /^Outbox, / })
        .count(),
    ).resolves.toBe(0);
    await poll(() => page().getByText("Nothing waits to be sent.").count()).toBe(1);
    await poll(() => doneItem(leaseSend).filter({ hasText: "Document from a template" }).textContent()).toMatch(
      /Sent: document [0-9a-f-]{36}, listed in Documents\.$/,
    );
    await expect(page().locator(".outbox-notice").count()).resolves.toBe(0);
    const [record] = app.core.records.documents.all();
    expect(record).toMatchObject({ name: leaseSend, recipients: [{ name: tenant.name, email: tenant.email }] });
    expect(app.core.records.templates.all().map((template) => template.name)).toEqual([lease]);
    await goTo(page(), "Documents");
    await page().locator(`tr[data-pdf-id="${record?.pdfId}"]`).waitFor(slow);
    await expect(
      page()
        .getByRole("list", { name: /^Queued/ })
        .count(),
    ).resolves.toBe(0);
    expect(problems).toEqual([]);
  }, 240_000);

  it("a send the service refuses fails: its recipients are changed and checked, it is sent again, then cancelled", async () => {
    // A template the service does not know (added by an ID it never made): sending from it fails.
    const ghost = `Ghost form ${id}`;
    await bridgeCall(page(), "templatesAddById", {
      templateId: crypto.randomUUID(),
      name: ghost,
      groups: [{ label: "Signer" }],
    });
    await page().reload();
    await page().getByTestId("app-version").waitFor(slow);
    await outage.stop();
    const sam: Party = { label: "Signer", name: "Sam Signer", email: `sam.${id}@example.com` };
    await sendQueued(page(), ghost, sam);
    // Its item is named as its document would be; changing its recipients below keeps the name it was sent under.
    const ghostSend = sentDocumentName(ghost, [sam]);
    await nav().getByRole("button", { name: "Outbox Ctrl+5, 1 waiting" }).waitFor(slow);
    await outage.start();
    await nav().getByRole("button", { name: "Outbox Ctrl+5, 1 waiting, 1 failed" }).waitFor(slow);

    await openOutbox();
    await expect(page().getByTestId("outbox-summary").textContent()).resolves.toBe("1 waiting for Sandbox, 1 failed.");
    const failed = item(ghostSend);
    await poll(() => failed.locator(".status-badge").textContent()).toBe("✕Failed");
    await expect(failed.locator(".outbox-message").textContent()).resolves.toContain("Template not found.");
    await expect(failed.getByRole("button").allTextContents()).resolves.toEqual([
      `Send again “${ghostSend}”`,
      `Change recipients… “${ghostSend}”`,
      `Cancel sending “${ghostSend}”`,
    ]);
    await axeInBothThemes(page(), "outbox-failed", shots);

    // Change recipients: the form starts with what was sent, and checks as the Send screen does.
    const change = failed.getByRole("button", { name: /^Change recipients/ });
    const form = page().getByRole("form", { name: `Change the recipients of “${ghostSend}”` });
    // "Keep the recipients" closes the form, and the focus goes back to the button that opened it.
    await change.click();
    await form.getByRole("button", { name: "Keep the recipients" }).click();
    await poll(focusedText).toBe(`Change recipients… “${ghostSend}”`);
    await expect(form.count()).resolves.toBe(0);
    await change.click();
    const signer = form.getByRole("group", { name: "Recipient 1" });
    await poll(() => page().evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(
      "Sam Signer",
    );
    await expect(signer.getByLabel("E-mail").inputValue()).resolves.toBe(`sam.${id}@example.com`);
    const submit = form.getByRole("button", { name: "Change and send again" });
    await signer.getByLabel("E-mail").fill("not-an-address");
    await signer.getByLabel("Name").fill("");
    await submit.click();
    await poll(() => form.getByRole("alert").textContent()).toBe(
      "2 fields need correcting: Enter a name for Recipient 1. “not-an-address” is not a valid e-mail address.",
    );
    await poll(focusedId).toBe(await signer.getByLabel("Name").getAttribute("id"));
    await expect(signer.getByLabel("E-mail").getAttribute("aria-invalid")).resolves.toBe("true");
    await signer.getByLabel("Name").fill("Sam Signer");
    const tooLong = addressOfLength(255);
    await signer.getByLabel("E-mail").fill(tooLong);
    await submit.click();
    await poll(() => form.getByRole("alert").textContent()).toBe(
      "One field needs correcting: Recipient 1's e-mail address is too long (255 characters; 254 at most).",
    );
    await axeInBothThemes(page(), "outbox-edit-recipients", shots);
    const tries = Number((await failed.textContent())?.match(/tried (\d+) times/)?.[1] ?? "1");
    const newAddress = `sam.new.${id}@example.com`;
    await signer.getByLabel("E-mail").fill(newAddress);
    await submit.click();
    await form.waitFor({ state: "detached", ...slow });
    // Queued again with the new address, sent, and refused again (the service still has no such template).
    await poll(() => failed.textContent()).toContain(`Sam Signer <${newAddress}>`);
    await poll(() => failed.textContent()).toContain(`tried ${tries + 1} times`);
    await poll(() => failed.locator(".status-badge").textContent()).toBe("✕Failed");

    // "Send again": once more, refused once more.
    await failed.getByRole("button", { name: `Send again “${ghostSend}”` }).click();
    await poll(() => failed.textContent()).toContain(`tried ${tries + 2} times`);
    await poll(() => failed.locator(".status-badge").textContent()).toBe("✕Failed");

    // Cancel: the last item goes, and the heading takes the focus.
    await failed.getByRole("button", { name: `Cancel sending “${ghostSend}”` }).click();
    await poll(() => page().getByText("Nothing waits to be sent.").count()).toBe(1);
    await poll(focusedId).toBe("outbox-title");
    await poll(() => page().getByTestId("outbox-count").count()).toBe(0);
    await expect(doneItem(ghostSend).textContent()).resolves.toContain("Cancelled: nothing was sent.");
    expect(app.core.records.documents.all().map((record) => record.name)).not.toContain(ghostSend);
    expect(problems).toEqual([]);
  }, 240_000);

  it("registers and deletes a webhook through the Outbox while the service is down", async () => {
    const url = `https://hooks.example.com/${id}`;
    await outage.stop();
    await goTo(page(), "Webhooks");
    const form = page().getByRole("form", { name: "Register a webhook" });
    await form.getByLabel("Address to notify").fill(url);
    await form.getByRole("button", { name: "Register webhook" }).click();
    // The generated secret is shown once all the same, with the queued confirmation.
    await page().getByRole("textbox", { name: "Signing secret (document.signed)" }).waitFor(slow);
    const queued = page().getByRole("status").filter({ hasText: "Queued." });
    await expect(queued.locator("p").textContent()).resolves.toMatch(queuedWhileDown(url));
    await page().getByRole("button", { name: "I have stored it" }).click();
    await expect(queued.count()).resolves.toBe(1);
    const queuedHooks = page().getByRole("list", { name: "Queued (1)" }).getByRole("listitem");
    await poll(() => queuedHooks.textContent()).toContain("Register webhook for document.signed");
    await axeInBothThemes(page(), "webhooks-queued", shots);
    await expect(page().getByText("None yet: register one above.").count()).resolves.toBe(1);

    await outage.start();
    const registered = page().getByRole("list", { name: "Registered from Signdesk" }).getByRole("listitem");
    await poll(() => registered.textContent()).toContain(url);
    await poll(() => queuedHooks.count()).toBe(0);

    await outage.stop();
    await registered.getByRole("button", { name: /^Delete/ }).click();
    await page().getByRole("dialog").getByRole("button", { name: "Delete webhook" }).click();
    await poll(() => queued.locator("p").textContent()).toContain(`“${url}” is in the Outbox.`);
    await poll(() => queuedHooks.textContent()).toContain("Delete webhook");
    await expect(registered.textContent()).resolves.toContain("Deletion queued in the Outbox");
    await expect(registered.getByRole("button").count()).resolves.toBe(0);

    await outage.start();
    await poll(() => page().getByText("None yet: register one above.").count()).toBe(1);
    await poll(() => page().getByTestId("outbox-count").count()).toBe(0);
    expect(problems).toEqual([]);
  }, 240_000);
});
