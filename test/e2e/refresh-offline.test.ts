import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TemplateRecord } from "../../common/records";
import { createSandbox, type Sandbox } from "../../sandbox/index";
import { type AppHarness, openApp } from "../support/app-harness";
import { bridgeCall } from "../support/bridge-call";
import { axeInBothThemes, collectPageProblems } from "../support/page-checks";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { retryGate } from "../support/retry-gate";
import { openDocumentList, slow } from "../support/round-trip";

/** Where the screenshots of each state are saved, to look at (not compared). */
const shots = process.env.REFRESH_OFFLINE_SCREENSHOTS_DIR ?? "/tmp";

describeWith(["chromium", "secret-service"], "Refresh now while the service cannot be reached, in Chromium", () => {
  let app: AppHarness;
  /** The sandbox started again by the test on the embedded one's data and port. */
  let restarted: Sandbox | null = null;
  let url = "";
  // Each back-off between a GET's attempts waits for this gate: "an attempt failed" comes before "the next attempt".
  const gate = retryGate();
  const problems: string[] = [];
  const page = () => app.page;
  const refreshButton = () => page().getByTestId("refresh-now");
  const banner = () => page().getByTestId("offline-banner");

  beforeAll(async () => {
    app = await openApp({
      viewport: { width: 1280, height: 820 },
      // Nothing but the test's own "Refresh now" asks the service: no background poll, watch or outbox retry.
      core: {
        tracker: { minIntervalMs: 10 * 60_000, watchedIntervalMs: 10 * 60_000 },
        outbox: { retryDelayMs: 10 * 60_000 },
        client: { retryWait: gate.wait },
      },
    });
    collectPageProblems(page(), problems);
    await page().locator("#templates-title").waitFor(slow);
    url = app.core.sandbox?.url ?? "";
  });

  afterAll(async () => {
    gate.release();
    await restarted?.close();
    await app?.close();
  });

  /** Every text the Refresh button shows from now on, in order (a MutationObserver in the page). */
  async function recordRefreshLabels(): Promise<() => Promise<string[]>> {
    await refreshButton().evaluate((button) => {
      const seen: string[] = [button.textContent ?? ""];
      (window as unknown as { __refreshLabels: string[] }).__refreshLabels = seen;
      new MutationObserver(() => {
        const text = button.textContent ?? "";
        if (seen.at(-1) !== text) seen.push(text);
      }).observe(button, { subtree: true, childList: true, characterData: true });
    });
    return () => page().evaluate(() => (window as unknown as { __refreshLabels: string[] }).__refreshLabels);
  }

  /** Stops the service: its port refuses connections. */
  async function stopService(): Promise<void> {
    if (restarted !== null) {
      await restarted.close();
      restarted = null;
    } else await app.core.sandbox?.close();
  }

  /** Starts the service again on the same data and address. */
  async function startService(): Promise<void> {
    restarted = await createSandbox({
      dataDir: path.join(app.userDataDir, "sandbox"),
      host: "127.0.0.1",
      port: Number(new URL(url).port),
    });
  }

  it("with nothing to check, says it is reaching the service, then why it cannot, never “0 of 0”", async () => {
    await openDocumentList(page());
    await expect(refreshButton().textContent()).resolves.toBe("Refresh now");
    const labels = await recordRefreshLabels();
    await stopService();
    gate.hold();

    await refreshButton().click();
    await expect.poll(async () => (await labels()).length, slow).toBeGreaterThan(1);
    expect((await labels())[1]).toBe("Reaching Sandbox…");
    // The first attempt was refused; the next one waits for the gate. The banner says why already.
    await expect.poll(() => gate.held, slow).toBe(1);
    await banner().waitFor(slow);
    await expect(banner().textContent()).resolves.toContain(`Cannot reach ${url}: connection refused`);
    await expect.poll(() => refreshButton().textContent(), slow).toBe("Trying Sandbox again…");
    await expect(refreshButton().isDisabled()).resolves.toBe(true);
    await axeInBothThemes(page(), "refresh-offline-retrying", shots);

    gate.release();
    await page()
      .getByRole("alert")
      .filter({ hasText: "The service could not be reached: the statuses shown are the last ones known." })
      .waitFor(slow);
    await expect(refreshButton().textContent()).resolves.toBe("Refresh now");
    const said = await labels();
    expect(said.slice(0, 3)).toEqual(["Refresh now", "Reaching Sandbox…", "Trying Sandbox again…"]);
    expect(said.filter((label) => /\d+ of \d+/.test(label))).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);

  it("with documents to check, counts them only once the service answers", async () => {
    gate.release();
    await startService();
    // A refresh finds the service back (the banner's "Try again" makes the same call).
    await bridgeCall(page(), "documentsRefresh");
    await banner().waitFor({ state: "detached", ...slow });
    const template = await makeTemplate();
    await bridgeCall(page(), "documentsSend", {
      templateId: template.templateId,
      recipients: [{ name: "Ada Tenant", email: "ada@example.com" }],
    });
    await openDocumentList(page());
    // The check the list's opening started (a recent document) is over before the service stops.
    await app.core.tracker.refreshNow();
    const labels = await recordRefreshLabels();
    await stopService();
    gate.hold();

    await refreshButton().click();
    await expect.poll(async () => (await labels()).length, slow).toBeGreaterThan(1);
    expect((await labels())[1]).toBe("Reaching Sandbox…");
    await expect.poll(() => gate.held, slow).toBe(2);
    await expect.poll(() => refreshButton().textContent(), slow).toBe("Trying Sandbox again…");
    await banner().waitFor(slow);
    // Back before the next attempt: it reaches the service, and the document is checked.
    await startService();
    gate.release();
    await page().getByRole("status").filter({ hasText: "Statuses checked with the service just now." }).waitFor(slow);
    await banner().waitFor({ state: "detached", ...slow });
    const said = await labels();
    expect(said.slice(0, 3)).toEqual(["Refresh now", "Reaching Sandbox…", "Trying Sandbox again…"]);
    // Counted from the service's first answer on: never "0 of 1" while it could not be reached.
    const firstCount = said.findIndex((label) => /\d+ of \d+/.test(label));
    expect(firstCount === -1 || firstCount > said.indexOf("Trying Sandbox again…")).toBe(true);
    expect(said.filter((label) => /\d+ of \d+/.test(label) && !/^Checking [01] of 1…$/.test(label))).toEqual([]);
    expect(said.at(-1)).toBe("Refresh now");
    expect(problems).toEqual([]);
  }, 120_000);

  /** A one-recipient template made through the bridge (uploaded to the sandbox). */
  async function makeTemplate(): Promise<TemplateRecord> {
    const bytes = Array.from(await makePdf([{}]));
    const draftId = await page().evaluate(async (data) => {
      const bridge = window.signdesk;
      if (bridge === undefined) throw new Error("no bridge");
      const created = await bridge.draftsCreateFromFile({ fileName: "Lease.pdf", bytes: new Uint8Array(data) });
      if (!created.ok) throw new Error(created.error.message);
      const draft = {
        ...created.value,
        groups: [{ id: "tenant", label: "Tenant", color: "#0072b2" }],
        fields: [{ id: "t-sign", type: "Signature" as const, groupId: "tenant", page: 1, x: 72, y: 600 }],
      };
      const saved = await bridge.draftsSave({ draft });
      if (!saved.ok) throw new Error(saved.error.message);
      return draft.id;
    }, bytes);
    const made = await bridgeCall<{ template: TemplateRecord }>(page(), "templatesCreate", {
      draftId,
      transferId: crypto.randomUUID(),
    });
    return made.template;
  }
});
