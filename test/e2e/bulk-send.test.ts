import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BulkRowView } from "../../common/bulk-batches";
import type { DraftField, DraftGroup } from "../../common/draft";
import type { TemplateRecord } from "../../common/records";
import { type AppHarness, openApp } from "../support/app-harness";
import { bridgeCall } from "../support/bridge-call";
import { actAsRecipient, checkBothThemes, templateThroughBridge } from "../support/documents-setup";
import { describeWith } from "../support/requirements";
import { chooseTemplateAction } from "../support/template-actions";

const groups: DraftGroup[] = [{ id: "signer", label: "Candidate", color: "#0072b2" }];
const fields: DraftField[] = [{ id: "accept", type: "Text", groupId: "signer", page: 1, x: 72, y: 600 }];

/** 50 rows as a spreadsheet exports them; lines 12, 25 and 40 are wrong (no name, a bad address, a repeat of 3). */
function offersCsv(): string {
  const lines = ["Candidate name,Candidate e-mail,Document name,Subject"];
  for (let index = 1; index <= 50; index += 1) {
    const line = index + 1;
    const name = line === 12 ? "" : `Candidate ${index}`;
    const email = line === 25 ? "candidate25-at-example.com" : `candidate${index}@example.com`;
    const repeat = line === 40;
    lines.push(
      repeat
        ? "Candidate 2,candidate2@example.com,Offer letter 2,Your offer"
        : `${name},${email},Offer letter ${index},"Your offer, ${name || "colleague"}"`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

describeWith(["chromium", "secret-service"], "Send to many, in the app against the real handlers", () => {
  let app: AppHarness;
  let template: TemplateRecord;
  const problems: string[] = [];
  const page = () => app.page;

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 860 } });
    page().on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await page().getByTestId("app-version").waitFor({ timeout: 60_000 });
    template = await templateThroughBridge(page(), "Offer letter.pdf", groups, fields);
    // The Templates screen lists what main has when it opens.
    await page().reload();
    await page().getByTestId("app-version").waitFor({ timeout: 60_000 });
  }, 120_000);
  afterAll(async () => app?.close());

  it("reads a 50-row CSV, flags three bad rows, fixes one in place and leaves two out", async () => {
    await page()
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Templates/ })
      .click();
    await chooseTemplateAction(page(), template.name, "Send to many…");
    await page().locator("#bulk-title").waitFor();
    await page()
      .getByLabel("CSV file")
      .setInputFiles({ name: "offers.csv", mimeType: "text/csv", buffer: Buffer.from(offersCsv(), "utf8") });
    // The columns were matched by their headers.
    await expect(page().getByLabel("Name column", { exact: true }).inputValue()).resolves.toBe("0");
    await expect(page().getByLabel("E-mail column", { exact: true }).inputValue()).resolves.toBe("1");
    await expect(page().getByLabel("Document name column (optional)").inputValue()).resolves.toBe("2");
    await page().getByRole("button", { name: "Check the rows" }).click();
    const summary = page().getByTestId("bulk-summary");
    await expect(summary.textContent()).resolves.toBe("47 ready to send · 3 to fix or leave out · 0 left out");
    const send = page().getByRole("button", { name: /^Send \d+ documents?$/ });
    await expect(send.isDisabled()).resolves.toBe(true);
    for (const line of [12, 25, 40]) await page().locator(`tr[data-line="${line}"]`).waitFor();
    await expect(page().locator('tr[data-line="40"]').textContent()).resolves.toMatch(/line 3/);
    await checkBothThemes(page(), "bulk-review");

    // Line 25: the address fixed in place, by keyboard.
    await page().getByRole("button", { name: "Fix line 25" }).click();
    const editor = page().getByRole("form", { name: "Fix line 25" });
    await editor.getByLabel("Candidate e-mail").fill("candidate25@example.com");
    await editor.getByLabel("Candidate e-mail").press("Enter");
    await page().getByRole("checkbox", { name: "Leave out line 12" }).check();
    await page().getByRole("checkbox", { name: "Leave out line 40" }).check();
    await expect(summary.textContent()).resolves.toBe("48 ready to send · 0 to fix or leave out · 2 left out");
    await expect(page().locator('tr[data-line="25"]').textContent()).resolves.toContain("Ready (fixed)");
    await expect(send.textContent()).resolves.toBe("Send 48 documents");
  });

  it("sends the 48 rows with progress, lists each row's outcome, and exports them", async () => {
    await page().getByRole("button", { name: "Send 48 documents" }).click();
    const state = page().getByTestId("bulk-state");
    await expect.poll(() => state.textContent(), { timeout: 60_000 }).toBe("Finished: 48 sent.");
    const results = page().getByTestId("bulk-results");
    await expect.poll(() => results.locator('tr[data-state="sent"]').count(), { timeout: 10_000 }).toBe(48);
    await checkBothThemes(page(), "bulk-results");

    // Each row's document exists on the service once, with the row's recipient.
    const batches = await bridgeCall<{ batchId: string }[]>(page(), "bulkList");
    const batchId = batches[0]?.batchId ?? "";
    const { rows } = await bridgeCall<{ rows: BulkRowView[] }>(page(), "bulkRows", { batchId, limit: 100 });
    expect(rows.map((row) => row.line)).toEqual(
      Array.from({ length: 51 }, (_, index) => index + 1).filter((line) => line >= 2 && line !== 12 && line !== 40),
    );
    expect(rows.find((row) => row.line === 25)?.recipients).toEqual([
      { name: "Candidate 24", email: "candidate25@example.com" },
    ]);

    await page().getByRole("button", { name: "Export results (CSV)" }).click();
    await page().getByRole("status").filter({ hasText: "Results saved to" }).waitFor();
    const exported = await readFile(path.join(app.downloadsDir, "offers - results.csv"), "utf8");
    const lines = exported
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Line,Recipient 1 name,Recipient 1 e-mail,Document name,E-mail subject,Outcome,Document ID,Status,Message",
    );
    expect(lines).toHaveLength(49);
    expect(lines[1]).toMatch(/^2,Candidate 1,candidate1@example\.com,Offer letter 1,"Your offer, Candidate 1",sent,/);
  });

  it("opens a row's document, and finds the batch again under Bulk sends", async () => {
    await page().getByRole("button", { name: "Offer letter 5 (line 6)" }).click();
    await expect
      .poll(() => page().locator("#documents-title").textContent(), { timeout: 10_000 })
      .toBe("Offer letter 5");
    await page().keyboard.press("Escape");
    await page().getByText("Bulk sends (1)").click();
    await page().getByRole("button", { name: "Open offers.csv" }).click();
    await expect(page().locator("#bulk-title").textContent()).resolves.toBe("Bulk send: offers.csv");
    await expect.poll(() => page().getByTestId("bulk-state").textContent()).toBe("Finished: 48 sent.");
  });

  it("shows the batch's documents in Documents, and one signed result downloads in one click", async () => {
    await page().getByRole("button", { name: "Show its documents" }).click();
    await page().locator("#documents-title").waitFor();
    await page().getByText("Showing the documents of the bulk send “offers.csv”.").waitFor();
    await expect
      .poll(() => page().getByTestId("documents-count").textContent(), { timeout: 20_000 })
      .toMatch(/^Showing 48 of \d+ documents$/);
    // Each row names the bulk send it came from.
    await expect(page().locator('tr[data-testid="document-row"] .batch-tag').first().textContent()).resolves.toBe(
      " · bulk send offers.csv",
    );

    const { rows } = await bridgeCall<{ rows: BulkRowView[] }>(page(), "bulkRows", {
      batchId: (await bridgeCall<{ batchId: string }[]>(page(), "bulkList"))[0]?.batchId ?? "",
      limit: 1,
    });
    const first = rows[0];
    if (first?.pdfId === null || first === undefined) throw new Error("the first row has no document");
    await actAsRecipient(page(), first.pdfId, "candidate1@example.com", { fields: { accept: "Accepted" } });
    await app.core.tracker.refreshNow([first.pdfId]);
    await page().getByLabel("Search", { exact: true }).fill("candidate1@example.com");
    const row = page().locator(`tr[data-pdf-id="${first.pdfId}"]`);
    await expect.poll(() => row.locator(".status-badge").textContent(), { timeout: 20_000 }).toContain("Finished");
    await row.getByRole("button", { name: "Offer letter 1" }).click();
    await page().getByRole("button", { name: "Download", exact: true }).click();
    await page().getByRole("status").filter({ hasText: "Saved" }).waitFor({ timeout: 20_000 });
    const files = await readdir(app.downloadsDir);
    expect(files).toContain("Offer letter 1 - signed.pdf");
    const bytes = await readFile(path.join(app.downloadsDir, "Offer letter 1 - signed.pdf"));
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("offers a batch the app stopped in the middle of, whatever screen opens, and resumes it", async () => {
    const rows = Array.from({ length: 3 }, (_, index) => ({
      line: index + 2,
      recipients: [{ name: `Late ${index}`, email: `late${index}@example.com` }],
      documentName: `Late offer ${index}`,
      emailSubject: null,
    }));
    const batch = await bridgeCall<{ batchId: string }>(page(), "bulkCreate", {
      templateId: template.templateId,
      fileName: "late.csv",
      rows,
    });
    // As a crash leaves it: sending, then marked interrupted at the next start.
    app.core.records.bulk.setState(batch.batchId, "sending");
    app.core.records.bulk.interruptSending();
    await page().reload();
    const notice = page()
      .getByRole("status")
      .filter({ hasText: "The bulk send of “late.csv” stopped when Signdesk did" });
    await notice.waitFor({ timeout: 20_000 });
    await expect(notice.textContent()).resolves.toContain("0 of 3 rows done");
    // The Outbox lists it too, with its rows left.
    await page()
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Outbox/ })
      .click();
    const bulkSends = page().getByRole("list", { name: "Bulk sends" });
    await expect.poll(() => bulkSends.textContent(), { timeout: 20_000 }).toContain("3 of 3 rows to send");
    await bulkSends.getByRole("button", { name: "Open to resume late.csv" }).waitFor();
    await notice.getByRole("button", { name: "Open it to resume late.csv" }).click();
    await page().getByRole("button", { name: "Resume" }).click();
    await expect
      .poll(() => page().getByTestId("bulk-state").textContent(), { timeout: 30_000 })
      .toBe("Finished: 3 sent.");
    await expect(notice.count()).resolves.toBe(0);
  });

  it("met no page error", () => {
    expect(problems).toEqual([]);
  });
});
