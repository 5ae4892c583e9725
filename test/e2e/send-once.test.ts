import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DraftField } from "../../common/draft";
import type { DocumentRecord, TemplateRecord } from "../../common/records";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { bridgeCall } from "../support/bridge-call";
import { buildPage } from "../support/build-page";
import { type FaultServer, startFaultServer } from "../support/fault-server";
import { createHold } from "../support/hold";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi } from "../support/sandbox";

/*
 * The Send screen when the service's answer is lost (the person sees the check, cannot press Send twice)
 * and when the service has moved (one click points the account at its new address), in Chromium against
 * the real handlers; a fault server stands between them and the embedded sandbox.
 */

const root = path.resolve(import.meta.dirname, "../..");
const fixtureDir = path.join(root, "test/support/screens-fixture");
const outDir = path.join(root, ".cache/screens-fixture-send-once");

const groups = [{ id: "client", label: "Client", color: "#0072b2" }];
const fields: DraftField[] = [{ id: "c-text", type: "Text", groupId: "client", page: 1, x: 72, y: 600 }];
const ada = { name: "Ada Client", email: "ada@example.com" };

describeWith(["chromium", "secret-service"], "sending once, on the Send screen", () => {
  let app: AppHarness;
  let fault: FaultServer;
  let template: TemplateRecord;
  let accountId: string;
  /** The embedded sandbox's key, which the account behind the fault server uses too. */
  let key: string;
  const problems: string[] = [];
  const page = () => app.page;

  beforeAll(async () => {
    await buildPage(outDir, fixtureDir);
    app = await openApp({
      rendererDir: outDir,
      pagePath: "/index.html?screen=documents",
      viewport: { width: 1100, height: 860 },
      core: {
        tracker: { minIntervalMs: 10 * 60_000 },
        // The look is held while the screen is checked: this only bounds a look that hangs.
        sendCheck: { scheduleMs: [0, 2500, 5000, 8000], listTimeoutMs: 120_000 },
      },
    });
    page().on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    const sandbox = app.core.sandbox;
    const own = app.core.accounts.list().find((account) => account.kind === "sandbox");
    if (sandbox === null || own === undefined) throw new Error("no embedded sandbox");
    fault = await startFaultServer({ upstream: sandbox.url });
    key = await app.core.accounts.apiKey(own.id);
    const account = await bridgeCall<{ id: string }>(page(), "accountsAdd", {
      name: "Behind a gateway",
      baseUrl: fault.url,
      apiKey: key,
    });
    accountId = account.id;
    await bridgeCall(page(), "accountsSetActive", { id: accountId });

    // The draft straight in the store; the template through the page's bridge (over the fault server).
    const source = path.join(app.userDataDir, "Retainer.pdf");
    await writeFile(source, await makePdf([{}]));
    const draft = await app.core.drafts.createFromFile(source);
    await app.core.drafts.save({ ...draft, groups, fields });
    const created = await bridgeCall<{ template: TemplateRecord }>(page(), "templatesCreate", {
      draftId: draft.id,
      transferId: "upload",
    });
    template = created.template;
  });
  afterAll(async () => {
    await app?.close();
    await fault?.close();
  });

  const openSend = async () => {
    await page().goto(`${app.origin}/index.html?screen=send&template=${template.templateId}`);
    await page().getByLabel("Template").waitFor();
    await page().getByRole("group", { name: "Client" }).getByLabel("Name").fill(ada.name);
    await page().getByRole("group", { name: "Client" }).getByLabel("E-mail").fill(ada.email);
  };
  const documents = async () => (await bridgeCall<{ documents: DocumentRecord[] }>(page(), "documentsList")).documents;

  it("a lost answer: 'Checking whether it was sent…', Send cannot be pressed again, and the document is found", async () => {
    await openSend();
    const sending = createHold();
    fault.plan("/createFromTemplate", { kind: "hold", hold: sending });
    const send = page().locator("button[type=submit]");
    await send.click();
    // The request reaches the service, which has not acted yet, and its answer is lost (the connection is reset).
    const [request] = await sending.arrived();
    const look = createHold();
    fault.plan("/getAllDocuments", { kind: "hold", hold: look });
    request?.drop();
    // The app looks for the document: that look waits at the fault server while the screen is checked.
    await look.arrived();
    const notice = page().getByTestId("checking-sent");
    await notice.waitFor({ timeout: 60_000 });
    await expect(notice.textContent()).resolves.toMatch(/^Checking whether it was sent…/);
    await expect(send.textContent()).resolves.toBe("Checking whether it was sent…");
    await expect(send.isDisabled()).resolves.toBe(true);
    // Pressed anyway (Enter in the form): nothing more is sent.
    await page().getByRole("group", { name: "Client" }).getByLabel("E-mail").press("Enter");
    expect(await seriousAxeViolations(page())).toEqual([]);
    await page().screenshot({ path: "/tmp/signdesk-send-checking-light.png", fullPage: true });

    // The service acts on the request, then the look goes on.
    await request?.forward();
    look.release();
    // Found: the Send screen gives way to the document, recorded once; the service was asked to send once.
    await page().getByRole("heading", { level: 1, name: "Retainer" }).waitFor({ timeout: 60_000 });
    const sent = await documents();
    expect(sent.map((record) => record.recipients)).toEqual([[ada]]);
    expect(fault.count("/createFromTemplate")).toBe(1);
    const outbox = await callApi(app.core.sandbox?.url ?? "", "GET", "/_sandbox/outbox", { key });
    const messages = (outbox.body as { messages: { pdf_id: string }[] }).messages;
    expect(messages.filter((message) => message.pdf_id === sent[0]?.pdfId)).toHaveLength(1);
  });

  it("a moved service: says where, and 'Use the new address' points the account there; nothing was sent", async () => {
    await openSend();
    // The same fault server under another host name: a different host to the app.
    const movedTo = fault.url.replace("127.0.0.1", "localhost");
    fault.plan("/createFromTemplate", { kind: "redirect", status: 308, location: `${movedTo}/createFromTemplate` });
    const before = (await documents()).length;
    await page().locator("button[type=submit]").click();
    const alert = page().getByRole("alert").filter({ hasText: "The service moved to" });
    await alert.waitFor({ timeout: 60_000 });
    await expect(alert.textContent()).resolves.toContain(`The service moved to ${movedTo}/createFromTemplate.`);
    expect(await seriousAxeViolations(page())).toEqual([]);
    await page().screenshot({ path: "/tmp/signdesk-send-moved-light.png", fullPage: true });
    expect(fault.count("/createFromTemplate")).toBe(2);

    await alert.getByRole("button", { name: "Use the new address" }).click();
    await page()
      .getByRole("status")
      .filter({ hasText: `The account now uses ${movedTo}.` })
      .waitFor();
    const { accounts } = await bridgeCall<{ accounts: { id: string; baseUrl: string }[] }>(page(), "accountsList");
    expect(accounts.find((account) => account.id === accountId)?.baseUrl).toBe(movedTo);
    expect(await documents()).toHaveLength(before);

    // Sent again by the person, to the new address.
    await page().locator("button[type=submit]").click();
    await page().getByRole("heading", { level: 1, name: "Retainer" }).waitFor({ timeout: 60_000 });
    expect(await documents()).toHaveLength(before + 1);
    expect(problems).toEqual([]);
  });
});
