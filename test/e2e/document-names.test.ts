import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { maxRecordNameLength } from "../../common/record-names";
import type { OutboxMessageSchema, TemplateRecord } from "../../common/records";
import { type AppHarness, openApp } from "../support/app-harness";
import { bridgeCall } from "../support/bridge-call";
import { collectPageProblems } from "../support/page-checks";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";

type SandboxMessage = import("zod").infer<typeof OutboxMessageSchema>;

/** A bound on waiting for the page and the sandbox: never what decides the outcome. */
const slow = { timeout: 30_000 };

/** A draft "Lease agreement" with Tenant and Landlord, each with a field, through the page's bridge. */
async function makeDraft(page: Page): Promise<string> {
  const pdf = Array.from(await makePdf([{}]));
  return page.evaluate(async (bytes) => {
    const bridge = window.signdesk;
    if (bridge === undefined) throw new Error("no bridge");
    const created = await bridge.draftsCreateFromFile({
      fileName: "Lease agreement.pdf",
      bytes: new Uint8Array(bytes),
    });
    if (!created.ok) throw new Error(created.error.message);
    const draft = {
      ...created.value,
      groups: [
        { id: "tenant", label: "Tenant", color: "#0072b2" },
        { id: "landlord", label: "Landlord", color: "#e69f00" },
      ],
      fields: [
        { id: "t-sign", type: "Signature" as const, groupId: "tenant", page: 1, x: 72, y: 600 },
        { id: "l-sign", type: "Signature" as const, groupId: "landlord", page: 1, x: 320, y: 600 },
      ],
    };
    const saved = await bridge.draftsSave({ draft });
    if (!saved.ok) throw new Error(saved.error.message);
    return draft.id;
  }, pdf);
}

describeWith(["chromium", "secret-service"], "the Send screen's document name, told apart from its copies", () => {
  let app: AppHarness;
  let template: TemplateRecord;
  const problems: string[] = [];

  const page = () => app.page;
  const documentName = () => page().getByLabel("Document name");
  const subject = () => page().getByLabel("E-mail subject");
  const tenant = () => page().getByRole("group", { name: "Tenant" });
  const landlord = () => page().getByRole("group", { name: "Landlord" });
  const heading = (name: string) => page().getByRole("heading", { level: 1, name, exact: true });
  const rowNames = () => page().locator("tbody tr .document-name").allTextContents();
  const sandboxSubjects = async (to: string) =>
    (await bridgeCall<SandboxMessage[]>(page(), "sandboxOutbox"))
      .filter((message) => message.to === to)
      .map((message) => message.subject);

  const openSend = async () => {
    await page()
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Templates/ })
      .click();
    await page().getByRole("button", { name: "Send… Lease agreement", exact: true }).click();
    await page().locator("#send-title").waitFor(slow);
  };
  const fillLandlord = async () => {
    await landlord().getByLabel("Name").fill("Lou Landlord");
    await landlord().getByLabel("E-mail").fill("lou@example.com");
  };
  const sendAndOpen = async (name: string) => {
    await page().getByRole("button", { name: "Send", exact: true }).click();
    await heading(name).waitFor(slow);
  };
  const openDocuments = async () => {
    await page()
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Documents/ })
      .click();
    // After a send, Documents shows the document's details: back to the list.
    const back = page().getByRole("button", { name: "All documents" });
    if ((await back.count()) > 0) await back.click();
    await heading("Documents").waitFor(slow);
  };

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 820 } });
    collectPageProblems(page(), problems);
    await page().locator("#templates-title").waitFor(slow);
    const draftId = await makeDraft(page());
    template = (
      await bridgeCall<{ template: TemplateRecord }>(page(), "templatesCreate", {
        draftId,
        transferId: crypto.randomUUID(),
      })
    ).template;
    await page().reload();
    await page().locator("#templates-title").waitFor(slow);
  });
  afterAll(async () => app?.close());

  it("names the document after the template and the first recipient as it is typed, and offers it as the subject", async () => {
    expect(template.name).toBe("Lease agreement");
    await openSend();
    await expect(documentName().inputValue()).resolves.toBe("Lease agreement");
    await expect(subject().inputValue()).resolves.toBe("Please sign: Lease agreement");

    // Key by key, the name follows the first recipient's name, and the subject follows the name.
    await tenant().getByLabel("Name").pressSequentially("Ana");
    await expect(documentName().inputValue()).resolves.toBe("Lease agreement – Ana");
    await tenant().getByLabel("Name").pressSequentially(" Silva");
    await expect(documentName().inputValue()).resolves.toBe("Lease agreement – Ana Silva");
    await expect(subject().inputValue()).resolves.toBe("Please sign: Lease agreement – Ana Silva");
    await tenant().getByLabel("E-mail").fill("ana@example.com");
    // The other recipients do not change it.
    await fillLandlord();
    await expect(documentName().inputValue()).resolves.toBe("Lease agreement – Ana Silva");

    await sendAndOpen("Lease agreement – Ana Silva");
    // The details keep the service's own name for it in view.
    const serviceName = page()
      .locator(".detail-facts > div")
      .filter({ has: page().locator("dt", { hasText: "Service name" }) });
    await expect(serviceName.locator("dd").textContent()).resolves.toBe("Lease agreement");
    await expect(sandboxSubjects("ana@example.com")).resolves.toEqual(["Please sign: Lease agreement – Ana Silva"]);
  });

  it("stops following once the person edits the name, and lists each copy by its own name", async () => {
    await openSend();
    await tenant().getByLabel("Name").fill("Bo Chen");
    await tenant().getByLabel("E-mail").fill("bo@example.com");
    await fillLandlord();
    await expect(documentName().inputValue()).resolves.toBe("Lease agreement – Bo Chen");
    await documentName().fill("Bo's lease, flat 4B");
    await expect(subject().inputValue()).resolves.toBe("Please sign: Bo's lease, flat 4B");
    // Edited, the name no longer follows the recipient's.
    await tenant().getByLabel("Name").fill("Bo Chen-Li");
    await expect(documentName().inputValue()).resolves.toBe("Bo's lease, flat 4B");
    // The subject is the person's to change too; emptied, the default one is what it shows it will send.
    await subject().fill("");
    await expect(subject().getAttribute("placeholder")).resolves.toBe("Please sign: Bo's lease, flat 4B");
    await subject().fill("Your lease, Bo");
    await sendAndOpen("Bo's lease, flat 4B");
    await expect(sandboxSubjects("bo@example.com")).resolves.toEqual(["Your lease, Bo"]);

    await openDocuments();
    await expect.poll(rowNames, slow).toEqual(["Bo's lease, flat 4B", "Lease agreement – Ana Silva"]);
    await page().getByLabel("Search").fill("flat 4b");
    await expect.poll(rowNames, slow).toEqual(["Bo's lease, flat 4B"]);
    await page().getByLabel("Search").fill("");
    await expect.poll(rowNames, slow).toEqual(["Bo's lease, flat 4B", "Lease agreement – Ana Silva"]);
  });

  it("shows names in any script as written, and keeps a typed name within the limit", async () => {
    await openSend();
    await tenant().getByLabel("Name").fill("محمد الأحمد");
    await tenant().getByLabel("E-mail").fill("mohammed@example.com");
    await fillLandlord();
    await expect(documentName().inputValue()).resolves.toBe("Lease agreement – محمد الأحمد");
    await documentName().fill(`${"賃貸契約 🏠 ".repeat(40)}`);
    const typed = await documentName().inputValue();
    expect(typed.length).toBeLessThanOrEqual(maxRecordNameLength);
    await documentName().fill("عقد إيجار – محمد 🏠");
    await sendAndOpen("عقد إيجار – محمد 🏠");
    await openDocuments();
    await expect
      .poll(rowNames, slow)
      .toEqual(["عقد إيجار – محمد 🏠", "Bo's lease, flat 4B", "Lease agreement – Ana Silva"]);
    expect(problems).toEqual([]);
  });
});
