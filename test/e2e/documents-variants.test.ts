import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Account } from "../../common/accounts";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { bridgeCall } from "../support/bridge-call";
import { buildPage } from "../support/build-page";
import { describeWith } from "../support/requirements";
import { startVariantServer, type VariantDocument, type VariantServer } from "../support/variant-server";

const root = path.resolve(import.meta.dirname, "../..");
const fixtureDir = path.join(root, "test/support/screens-fixture");
const outDir = path.join(root, ".cache/screens-fixture");
const ada = { name: "Ada Buyer", email: "ada@example.com" };

describeWith(["chromium", "secret-service"], "the Documents screen with a service's unusual answers", () => {
  let server: VariantServer;
  let app: AppHarness;
  let stuck: VariantDocument;
  let voided: VariantDocument;
  const problems: string[] = [];
  const page = () => app.page;

  beforeAll(async () => {
    server = await startVariantServer();
    stuck = server.addDocument({
      name: "Stuck lease",
      recipients: [ada],
      extra: { reminderCount: 3, envelope: { region: "eu" } },
    });
    voided = server.addDocument({ name: "Voided offer", status: "VOIDED", recipients: [ada] });
    await buildPage(outDir, fixtureDir);
    app = await openApp({
      rendererDir: outDir,
      pagePath: "/index.html?screen=documents",
      viewport: { width: 1280, height: 860 },
      core: { embeddedSandbox: false, tracker: { minIntervalMs: 3_600_000 }, client: { maxGetAttempts: 1 } },
    });
    page().on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    const account = await bridgeCall<Account>(page(), "accountsAdd", {
      name: "Variant",
      baseUrl: server.url,
      apiKey: server.key,
    });
    await bridgeCall(page(), "accountsSetActive", { id: account.id });
    await bridgeCall(page(), "documentsImport");
    await bridgeCall(page(), "documentsRefresh", {});
    // From now on, the stuck document's details cannot be read.
    server.vary("getDocumentDetails", { raw: { contentType: "text/html", body: "<h1>Maintenance</h1>" } });
    await bridgeCall(page(), "documentsRefresh", { pdfIds: [stuck.id] });
    await page().goto(`${app.origin}/index.html?screen=documents`);
    await page().locator("#documents-title").waitFor();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it("says in the list and the details since when and why a status can't be read", async () => {
    const row = page().locator(`tr[data-pdf-id="${stuck.id}"]`);
    await expect
      .poll(() => row.locator("[data-testid=status-problem]").textContent(), { timeout: 10_000 })
      .toMatch(/^Status can't be read since just now: The service answered with something that is not JSON\.$/);
    await row.getByRole("button", { name: "Stuck lease" }).click();
    await page().locator("h1#documents-title", { hasText: "Stuck lease" }).waitFor();
    expect(await page().locator(".document-detail [data-testid=status-problem]").textContent()).toMatch(
      /^Status can't be read since just now: The service answered with something that is not JSON\.$/,
    );
    // What the service said that the app does not use, as it came.
    const extras = page().locator("[data-testid=unknown-members]");
    expect(await extras.locator("dt").allTextContents()).toEqual(["reminderCount", "envelope"]);
    expect(await extras.locator("dd").allTextContents()).toEqual(["3", '{"region":"eu"}']);
    expect(await seriousAxeViolations(page())).toEqual([]);
    await page().keyboard.press("Escape");
  });

  it("shows an unknown terminal status as it came, ended, with nothing more to check", async () => {
    const row = page().locator(`tr[data-pdf-id="${voided.id}"]`);
    expect(await row.locator(".status-badge").textContent()).toContain("VOIDED");
    await row.getByRole("button", { name: "Voided offer" }).click();
    await page().locator("h1#documents-title", { hasText: "Voided offer" }).waitFor();
    const body = await page().locator(".document-detail").textContent();
    expect(body).toContain("The service reports the status “VOIDED”. Nothing more will happen to this document");
    expect(body).toContain("Ended (VOIDED).");
    expect(await page().getByRole("button", { name: "Check status now" }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
