import { afterAll, beforeAll, expect, it } from "vitest";
import type { DocumentRecord } from "../../common/records";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { describeWith } from "../support/requirements";
import { openDocumentList, slow } from "../support/round-trip";

const count = 5_000;
const statuses = ["pending", "partially_signed", "signed", "declined"] as const;
const base = Date.parse("2026-06-01T09:00:00Z");

/** Document `index` of the seeded history: the higher the index, the more recently it was sent. */
function seeded(accountId: string, index: number): DocumentRecord {
  const status = statuses[index % 4] ?? "pending";
  const sentAt = new Date(base + index * 60_000).toISOString();
  return {
    accountId,
    pdfId: `seed-${String(index).padStart(5, "0")}`,
    name: `Agreement ${index}`,
    templateId: null,
    recipients: [
      { name: index % 10 === 7 ? `Zoë Quinn ${index}` : `Signer ${index}`, email: `signer${index}@example.com` },
    ],
    sentAt,
    lastStatus: status,
    lastCheckedAt: sentAt,
    finished: status === "signed" || status === "declined",
    hasFinalPdf: status === "signed",
    statusHistory: [{ status, at: sentAt }],
    imported: false,
  };
}

describeWith(["chromium", "secret-service"], "the Documents screen with 5,000 documents, in Chromium", () => {
  let app: AppHarness;
  const problems: string[] = [];
  const page = () => app.page;
  const rows = () => page().locator('tr[data-testid="document-row"]');
  const rowIds = () => rows().evaluateAll((found) => found.map((row) => row.getAttribute("data-pdf-id") ?? ""));
  const scrollTop = () => page().evaluate(() => document.querySelector(".content")?.scrollTop ?? -1);
  const countLine = () => page().getByTestId("documents-count").textContent();
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

  beforeAll(async () => {
    app = await openApp({
      viewport: { width: 1280, height: 820 },
      // Nothing is due: the seeded documents are not asked about (they are not the sandbox's).
      core: { tracker: { minIntervalMs: 3_600_000, watchedIntervalMs: 3_600_000, recentMs: 1 } },
      onCore: (core) => {
        const account = core.activeAccount();
        core.records.documents.addMany(Array.from({ length: count }, (_, index) => seeded(account.id, index)));
      },
    });
    page().on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await page().getByTestId("app-version").waitFor(slow);
    await openDocumentList(page());
    await rows().first().waitFor(slow);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it("draws only the rows near the view, and tells screen readers the table's whole size", async () => {
    expect(await countLine()).toBe("5,000 documents");
    expect(await rows().count()).toBeLessThan(80);
    expect((await rowIds())[0]).toBe("seed-04999");
    expect(await page().getByTestId("documents-table").getAttribute("aria-rowcount")).toBe(String(count + 1));
    expect(await rows().first().getAttribute("aria-rowindex")).toBe("2");
    expect(await seriousAxeViolations(page())).toEqual([]);
  });

  it("reads rows as they come into view, and keeps the scroll position across a refresh", async () => {
    await page().evaluate(() => {
      const scroller = document.querySelector(".content");
      if (scroller !== null) scroller.scrollTop = scroller.scrollHeight / 2;
    });
    // The middle of the list: around document 2,500, read page by page.
    await poll(async () => {
      const ids = await rowIds();
      return ids.length > 0 && ids.every((id) => Math.abs(Number(id.slice(5)) - 2_500) < 150);
    }).toBe(true);
    expect(await rows().count()).toBeLessThan(80);
    const before = { top: await scrollTop(), ids: await rowIds() };
    // A status changes: the list is read again, in place.
    const [first] = before.ids;
    const account = app.core.activeAccount();
    app.core.records.documents.patch(account.id, first ?? "", { lastStatus: "signed", hasFinalPdf: true });
    await app.emit("documents:changed", {
      accountId: account.id,
      pdfId: first ?? "",
      name: "Agreement",
      from: "pending",
      to: "signed",
      finalPdfReady: true,
      finished: true,
      at: new Date().toISOString(),
    });
    await poll(() => page().locator(`tr[data-pdf-id="${first}"] .status-badge`).textContent()).toContain("Signed");
    expect(await scrollTop()).toBe(before.top);
    expect(await rowIds()).toEqual(before.ids);
  });

  it("opens a document and comes back to the same place, focus on its name", async () => {
    const ids = await rowIds();
    const target = ids[Math.floor(ids.length / 2)] ?? "";
    const top = await scrollTop();
    await page().locator(`[data-open-document="${target}"]`).click();
    await page().getByRole("button", { name: "All documents" }).waitFor();
    await page().getByRole("button", { name: "All documents" }).click();
    await poll(() => page().evaluate(() => document.activeElement?.getAttribute("data-open-document"))).toBe(target);
    expect(await scrollTop()).toBe(top);
  });

  it("narrows the list as you type, with the status filter's counts", async () => {
    const search = page().getByLabel("Search");
    await search.click();
    await search.pressSequentially("zoë", { delay: 30 });
    await poll(countLine).toBe("Showing 500 of 5,000 documents");
    expect((await rowIds()).every((id) => Number(id.slice(5)) % 10 === 7)).toBe(true);
    await search.pressSequentially(" 4997");
    await poll(rowIds).toEqual(["seed-04997"]);
    await search.fill("");
    await poll(countLine).toBe("5,000 documents");

    // The filter offers each status with the account's count of it, as the database keeps them.
    const stored = Object.fromEntries(
      (
        app.core.records.db
          .prepare("SELECT status, count FROM status_counts WHERE account_id = ?")
          .all(app.core.activeAccount().id) as { status: string; count: number }[]
      ).map((row) => [row.status, row.count.toLocaleString("en")]),
    );
    const filter = page().getByLabel("Status");
    expect(await filter.locator("option").allTextContents()).toEqual([
      "All statuses",
      `Waiting for signatures (${stored.pending})`,
      `Partly signed (${stored.partially_signed})`,
      `Signed (${stored.signed})`,
      `Declined (${stored.declined})`,
    ]);
    await filter.selectOption("declined");
    await poll(countLine).toBe(`Showing ${stored.declined} of 5,000 documents`);
    expect(await rows().locator(".status-badge").allTextContents()).toSatisfy((texts: string[]) =>
      texts.every((text) => text.includes("Declined")),
    );
    expect(problems).toEqual([]);
  });
});
