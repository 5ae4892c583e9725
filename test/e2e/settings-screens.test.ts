import { afterEach, beforeAll, expect, it } from "vitest";
import { type AppHarness, openApp } from "../support/app-harness";
import { buildPage } from "../support/build-page";
import { closedPort } from "../support/closed-port";
import { describeWith } from "../support/requirements";
import type { SettingsFixtureReport } from "../support/settings-fixture/main";
import {
  accountRow,
  addAccount,
  expectNoSeriousViolations,
  goTo,
  html,
  registerAt,
  registeredInSandbox,
  type Scheme,
  type Screen,
  screenshot,
  sendThroughBridge,
  settingsFixture,
  watch,
  webhookForm,
} from "../support/settings-screen-steps";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const { fixtureDir, outDir } = settingsFixture;
const tess = { name: "Tess Tenant", email: "tess@example.com" };

describeWith(["chromium", "secret-service"], "Webhooks and Accounts screens against the real handlers", () => {
  let app: AppHarness | undefined;
  let receiver: WebhookReceiver | undefined;
  /** Console errors, page errors and CSP violations of the open page. */
  let problems: string[] = [];

  beforeAll(async () => {
    // The fixture page, built with the app's own Vite config (CSP meta, pdf.js assets), as shipped.
    await buildPage(outDir, fixtureDir);
  });

  afterEach(async () => {
    await app?.close();
    await receiver?.close();
    app = undefined;
    receiver = undefined;
    expect(problems).toEqual([]);
    problems = [];
  });

  async function open(screen: Screen, colorScheme: Scheme = "light"): Promise<AppHarness> {
    app = await openApp({ rendererDir: outDir, pagePath: `/index.html?screen=${screen}`, colorScheme });
    watch(app.page, problems);
    await app.page.locator(`#${screen}-title`).waitFor();
    return app;
  }

  it("registers a webhook with a generated secret shown once, lists it, and deletes it after a confirmation", async () => {
    const { page, ...harness } = await open("webhooks");
    receiver = await startWebhookReceiver();
    const hookUrl = `${receiver.url}/hooks/signdesk`;
    // The list is read once the screen is up: on a busy machine, after its title.
    await expect.poll(() => page.getByText("None yet: register one above.").count()).toBe(1);

    const form = webhookForm(page);
    await form.getByLabel("Address to notify").fill(hookUrl);
    await form.getByRole("radio", { name: /signed PDF is ready/ }).check();
    await expect(form.getByRole("radio", { name: /Generate one/ }).isChecked()).resolves.toBe(true);
    await form.getByRole("button", { name: "Register webhook" }).click();

    // The secret, once: focused and selected in a read-only field, with the warning.
    const secretField = page.getByRole("textbox", { name: "Signing secret (document.finalized)" });
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(secretField.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await expect(
      secretField.evaluate((input: HTMLInputElement) => [input.readOnly, input.selectionStart, input.selectionEnd]),
    ).resolves.toEqual([true, 0, secret.length]);
    await expect(page.getByText("Store it now; it will not be shown again.").count()).resolves.toBe(1);
    // It is the secret the service signs with.
    expect(await registeredInSandbox({ page, ...harness })).toEqual([
      expect.objectContaining({ url: hookUrl, eventType: "document.finalized", secret }),
    ]);

    // Copy: the clipboard may be refused; the outcome says what happened and the text is left selected.
    await page.getByRole("button", { name: "Copy signing secret" }).click();
    await expect
      .poll(() => page.locator(".copy-field-outcome").textContent())
      .toMatch(/^(Copied\.|Copying is not allowed here\. The text is selected: press Ctrl\+C)/);

    // Listed; once dismissed, the secret is nowhere on the page, nor after a reload.
    const row = page.getByRole("list", { name: "Registered from Signdesk" }).getByRole("listitem");
    await expect.poll(() => row.count()).toBe(1);
    await expect(row.textContent()).resolves.toMatch(
      new RegExp(`${hookUrl}.*signed PDF is ready.*document\\.finalized.*signed with a secret.*registered just now`),
    );
    await page.getByRole("button", { name: "I have stored it" }).click();
    await expect(page.getByRole("status").filter({ hasText: "with its secret" }).count()).resolves.toBe(1);
    expect(await html(page)).not.toContain(secret);
    await page.reload();
    await row.waitFor();
    expect(await html(page)).not.toContain(secret);

    // The same address and event again is refused before asking the service (its secret would not change).
    await form.getByLabel("Address to notify").fill(hookUrl);
    await form.getByRole("radio", { name: /signed PDF is ready/ }).check();
    await form.getByRole("button", { name: "Register webhook" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain(
      "This address is already registered for document.finalized.",
    );
    await form.getByLabel("Address to notify").fill("");

    // Delete, by keyboard: the dialog names the address, Cancel has the focus, Escape keeps the webhook.
    const deleteButton = page.getByRole("button", { name: `Delete the webhook ${hookUrl} (document.finalized)` });
    await deleteButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete this webhook?" });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(`The service will stop notifying ${hookUrl}.`);
    await expect(
      dialog.getByRole("button", { name: "Cancel" }).evaluate((button) => button === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect(deleteButton.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    expect(await registeredInSandbox({ page, ...harness })).toHaveLength(1);

    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("Tab");
    await expect(
      dialog.getByRole("button", { name: "Delete webhook" }).evaluate((button) => button === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.count()).toBe(0);
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: `Deleted the webhook ${hookUrl}` })
        .count(),
    ).resolves.toBe(1);
    expect(await registeredInSandbox({ page, ...harness })).toEqual([]);
    await expect(page.evaluate(() => window.signdesk?.webhooksList())).resolves.toEqual({ ok: true, value: [] });
  });

  it("refuses a plain http address that is not this computer, saying why, without asking the service", async () => {
    const harness = await open("webhooks");
    const { page } = harness;
    const form = webhookForm(page);
    await registerAt(form, "http://hooks.example.com/signdesk");
    const address = form.getByLabel("Address to notify");
    await expect(address.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(address.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await expect(form.getByRole("alert").textContent()).resolves.toBe(
      "Plain http:// is allowed only for this computer (localhost, 127.0.0.1 or [::1]). Use https://hooks.example.com/signdesk instead.",
    );
    // The message is part of the field's description (read with it), and nothing was registered.
    await expect(
      address.evaluate((input) =>
        (input.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? ""),
      ),
    ).resolves.toEqual([
      expect.stringMatching(/^Plain http:\/\/ is allowed only/),
      expect.stringMatching(/^An https:/),
    ]);
    expect(await registeredInSandbox(harness)).toEqual([]);

    // Other refusals are as specific: not an address, another scheme, a secret left empty.
    await address.fill("hooks.example.com");
    await form.getByRole("button", { name: "Register webhook" }).click();
    await expect(form.getByRole("alert").textContent()).resolves.toBe(
      "Enter a full address that starts with https://, such as https://example.com/hooks/signdesk.",
    );
    await address.fill("ftp://hooks.example.com/in");
    await form.getByRole("button", { name: "Register webhook" }).click();
    await expect(form.getByRole("alert").textContent()).resolves.toBe(
      "The address must start with https:// (not ftp://).",
    );
    await address.fill("https://hooks.example.com/in");
    await form.getByRole("radio", { name: "Use my own secret" }).check();
    await form.getByRole("button", { name: "Register webhook" }).click();
    await expect(form.getByRole("alert").textContent()).resolves.toBe("Enter your secret, or choose “Generate one”.");
    await expect(form.getByLabel("Your secret").evaluate((input) => input === document.activeElement)).resolves.toBe(
      true,
    );
    expect(await registeredInSandbox(harness)).toEqual([]);

    // The service's own refusal is shown next to the form: here, it refuses the active account's key.
    await form.getByLabel("Your secret").fill("my-own-secret");
    const sandboxUrl = harness.core.sandbox?.url ?? "";
    const wrongKey = await harness.core.accounts.add({ name: "Wrong key", baseUrl: sandboxUrl, apiKey: "wrong-key" });
    harness.core.accounts.setActive(wrongKey.id);
    await form.getByRole("button", { name: "Register webhook" }).click();
    const refused = form.locator(".problem[role=alert]");
    await refused.waitFor({ timeout: 60_000 });
    await expect(refused.textContent()).resolves.toMatch(/^The webhook was not registered: /);
    expect(await html(page)).not.toContain("my-own-secret");

    // A service that does not answer refuses nothing: the registration waits in the Outbox, and the page says so.
    const offline = await harness.core.accounts.add({
      name: "Offline",
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      apiKey: "offline-key",
    });
    harness.core.accounts.setActive(offline.id);
    await form.getByRole("button", { name: "Register webhook" }).click();
    const queued = page.getByRole("status").filter({ hasText: "Queued." });
    await queued.waitFor({ timeout: 60_000 });
    await expect(queued.textContent()).resolves.toMatch(
      /^Queued\. Cannot reach http:\/\/127\.0\.0\.1:\d+: .*“https:\/\/hooks\.example\.com\/in” is in the Outbox\. It will be sent when Offline is reachable\.$/,
    );
    await expect(form.locator(".problem[role=alert]").count()).resolves.toBe(0);
    expect(await html(page)).not.toContain("my-own-secret");
  });

  it("adds an account with a wrong key, tests it, replaces the key, switches to it and removes it", async () => {
    const { page, core } = await open("accounts");
    const sandbox = core.sandbox;
    if (sandbox === null) throw new Error("no sandbox");
    const wrongKey = `wrong-key-${crypto.randomUUID()}`;
    const rightKey = await sandbox.issueKey();
    const report = () => page.evaluate(() => window.__settingsFixture as SettingsFixtureReport);

    // The sandbox: active, its local address, no Remove.
    const sandboxRow = accountRow(page, "Sandbox");
    await sandboxRow.waitFor();
    await expect(sandboxRow.getAttribute("aria-current")).resolves.toBe("true");
    await expect(sandboxRow.textContent()).resolves.toContain(`Runs on this computer at ${sandbox.url}`);
    await expect(sandboxRow.getByRole("button", { name: /^Remove/ }).count()).resolves.toBe(0);

    // Refused before asking main: a plain http address elsewhere, a missing key.
    // The form is closed until asked for.
    await expect(page.getByRole("form", { name: "Add an account" }).count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Add an account…" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("add-account-title");
    const add = page.getByRole("form", { name: "Add an account" });
    await add.getByLabel("Name").fill("Staging");
    await add.getByLabel("Service address").fill("http://staging.example.com");
    await add.getByRole("button", { name: "Add account" }).click();
    await expect(add.getByRole("alert").allTextContents()).resolves.toEqual([
      "Plain http:// is allowed only for this computer (localhost, 127.0.0.1 or [::1]). Use https://staging.example.com instead.",
      "Enter the API key the service gave you for this account.",
    ]);

    // Added with a wrong key (typed in a password field; never in the page's markup).
    await add.getByLabel("Service address").fill(`${sandbox.url}/`);
    await add.getByText("Advanced settings").click();
    await add.getByRole("radio", { name: /^Bottom-left/ }).check();
    const keyField = add.getByLabel("API key");
    await expect(keyField.getAttribute("type")).resolves.toBe("password");
    // A key that could never be sent (a space in it) is refused under its field, before main is asked.
    await keyField.fill("sk live 1234");
    await add.getByRole("button", { name: "Add account" }).click();
    await expect(add.getByRole("alert").allTextContents()).resolves.toEqual([
      "The API key contains characters that cannot be sent (spaces or line breaks?); enter it again.",
    ]);
    await expect(keyField.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    expect(core.accounts.list().map((account) => account.name)).not.toContain("Staging");
    await keyField.fill(wrongKey);
    expect(await html(page)).not.toContain(wrongKey);
    await add.getByRole("button", { name: "Add account" }).click();
    const staging = accountRow(page, "Staging");
    await staging.waitFor();
    // The form closes once the account is added, and the key goes with it.
    await expect(add.count()).resolves.toBe(0);
    expect(await html(page)).not.toContain(wrongKey);
    await expect(staging.textContent()).resolves.toContain(`${sandbox.url} · positions from the bottom-left corner`);
    await expect(staging.getAttribute("aria-current")).resolves.toBeNull();

    await staging.getByRole("button", { name: "Test connection of Staging" }).click();
    const outcome = staging.locator(".settings-outcome[data-outcome]");
    await outcome.waitFor();
    await expect(outcome.getAttribute("data-outcome")).resolves.toBe("wrong_key");
    await expect(outcome.textContent()).resolves.toMatch(
      /^Wrong API key\.The service does not accept this API key: .+/,
    );
    await expect(outcome.evaluate((element) => element.closest("[role=status]") !== null)).resolves.toBe(true);

    // Edit: the key can only be replaced (an empty password field), never shown.
    await staging.getByRole("button", { name: "Edit Staging" }).click();
    const edit = page.getByRole("form", { name: "Edit Staging" });
    await expect(edit.getByLabel("Name").evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    const replace = edit.getByLabel("Replace API key");
    await expect(replace.getAttribute("type")).resolves.toBe("password");
    await expect(replace.inputValue()).resolves.toBe("");
    await edit.getByLabel("Name").fill("Staging EU");
    await replace.fill(rightKey);
    expect(await html(page)).not.toContain(rightKey);
    await edit.getByRole("button", { name: "Save changes" }).click();
    const stagingEu = accountRow(page, "Staging EU");
    await stagingEu.waitFor();
    await expect(edit.count()).resolves.toBe(0);
    await expect(
      stagingEu
        .getByRole("button", { name: "Edit Staging EU" })
        .evaluate((button) => button === document.activeElement),
    ).resolves.toBe(true);

    await stagingEu.getByRole("button", { name: "Test connection of Staging EU" }).click();
    await expect.poll(() => stagingEu.locator(".settings-outcome").getAttribute("data-outcome")).toBe("ok");
    await expect(stagingEu.locator(".settings-outcome").textContent()).resolves.toMatch(
      new RegExp(`^Connected\\.Connected to ${sandbox.url.replaceAll(".", "\\.")}`),
    );

    // Switch: it becomes active, and the shell is told.
    await stagingEu.getByRole("button", { name: "Make active (Staging EU)" }).click();
    await expect.poll(() => stagingEu.getAttribute("aria-current")).toBe("true");
    await expect(sandboxRow.getAttribute("aria-current")).resolves.toBeNull();
    await expect(stagingEu.locator(".settings-badge.active").textContent()).resolves.toBe("Active");
    expect((await report()).activeAccountChanges).toBe(1);
    await expect(page.evaluate(() => window.signdesk?.appInfo())).resolves.toMatchObject({
      ok: true,
      value: { activeAccount: { name: "Staging EU", baseUrl: sandbox.url } },
    });
    // The sandbox's inbox needs the sandbox active.
    await expect(page.getByRole("button", { name: "Make Sandbox active" }).count()).resolves.toBe(1);

    // Remove, after a confirmation that says what goes; the sandbox is active again.
    await stagingEu.getByRole("button", { name: "Remove Staging EU" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Staging EU?" });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain("its API key is deleted from the system keychain");
    await expect(dialog.textContent()).resolves.toContain("Sandbox becomes active instead.");
    await dialog.getByRole("button", { name: "Remove account" }).click();
    await expect.poll(() => stagingEu.count()).toBe(0);
    await expect.poll(() => sandboxRow.getAttribute("aria-current")).toBe("true");
    expect((await report()).activeAccountChanges).toBe(2);
    expect(core.accounts.list().map((account) => account.name)).toEqual(["Sandbox"]);

    const markup = await html(page);
    expect(markup).not.toContain(wrongKey);
    expect(markup).not.toContain(rightKey);
  });

  it("lists what the sandbox sent in its Inbox, with each signing page", async () => {
    const { page } = await open("accounts");
    const inbox = page.getByRole("region", { name: "Sandbox inbox" });
    await expect(inbox.getByText("Nothing sent yet.", { exact: false }).waitFor()).resolves.toBeUndefined();

    const pdfId = await sendThroughBridge(page, tess, "Please sign: Lease");
    expect(pdfId).not.toBe("");
    await inbox.getByRole("button", { name: "Refresh inbox" }).click();
    const message = inbox.getByRole("list", { name: "Sandbox inbox" }).getByRole("listitem");
    await expect.poll(() => message.count()).toBe(1);
    await expect(message.textContent()).resolves.toMatch(
      new RegExp(`^Please sign: LeaseTo Tess Tenant <tess@example\\.com> · document ${pdfId} · sent just now`),
    );
    const link = message.getByRole("link", { name: "Open signing page for Tess Tenant (Please sign: Lease)" });
    const signingUrl = (await link.getAttribute("href")) ?? "";
    expect(signingUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sign\/.+/);
    await expect(link.getAttribute("target")).resolves.toBe("_blank");
    await expect(link.getAttribute("rel")).resolves.toBe("noreferrer");
    const copy = message.getByRole("textbox", { name: "Signing page address for Tess Tenant" });
    await expect(copy.inputValue()).resolves.toBe(signingUrl);
    await expect(copy.getAttribute("readonly")).resolves.toBe("");
    expect((await fetch(signingUrl)).status).toBe(200);
  });

  for (const scheme of ["light", "dark"] as const) {
    it(`has no serious accessibility violations on either screen, ${scheme}`, async () => {
      const { page, core } = await open("webhooks", scheme);
      receiver = await startWebhookReceiver();

      // Webhooks: a registration listed, a secret shown once, a refused field.
      const form = webhookForm(page);
      await registerAt(form, `${receiver.url}/signed`);
      await page.getByRole("button", { name: "I have stored it" }).waitFor();
      await registerAt(form, "http://example.com/x");
      await form.getByRole("alert").waitFor();
      await expectNoSeriousViolations(page, `webhooks, ${scheme}`);
      await screenshot(page, `settings-webhooks-${scheme}`, true);
      await page.getByRole("button", { name: /^Delete the webhook/ }).click();
      await page.getByRole("dialog").waitFor();
      await expectNoSeriousViolations(page, `webhooks' delete dialog, ${scheme}`);
      await screenshot(page, `settings-webhooks-dialog-${scheme}`, false);

      // Accounts: a second account tested, one in edit, the sandbox's inbox with a message.
      await goTo(page, "accounts");
      const sandboxUrl = core.sandbox?.url ?? "";
      await sendThroughBridge(page, tess, "Please sign: Lease");
      await addAccount(page, { name: "Staging", address: sandboxUrl, key: "not-the-key" });
      const staging = accountRow(page, "Staging");
      await staging.getByRole("button", { name: "Test connection of Staging" }).click();
      await staging.locator(".settings-outcome[data-outcome]").waitFor();
      await accountRow(page, "Sandbox").getByRole("button", { name: "Test connection of Sandbox" }).click();
      await accountRow(page, "Sandbox").locator(".settings-outcome[data-outcome]").waitFor();
      await staging.getByRole("button", { name: "Edit Staging" }).click();
      const inbox = page.getByRole("region", { name: "Sandbox inbox" });
      await inbox.getByRole("button", { name: "Refresh inbox" }).click();
      await inbox.getByRole("link").first().waitFor();
      await expectNoSeriousViolations(page, `accounts, ${scheme}`);
      await screenshot(page, `settings-accounts-${scheme}`, true);
      await staging.getByRole("button", { name: "Remove Staging" }).click();
      await page.getByRole("dialog").waitFor();
      await expectNoSeriousViolations(page, `accounts' remove dialog, ${scheme}`);
      await screenshot(page, `settings-accounts-dialog-${scheme}`, false);
    });
  }
});
