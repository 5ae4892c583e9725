import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestCore, type TestCore } from "../support/core-harness";
import { type FaultServer, startFaultServer } from "../support/fault-server";
import { describeWith } from "../support/requirements";
import { type RunningSandbox, startSandbox } from "../support/sandbox";

/*
 * The outbox's background delivery against what happens meanwhile: a service that fails a webhook call again and
 * again ("Flaky" reaches the sandbox through a fault server).
 */

describeWith("secret-service", "the outbox's background delivery", () => {
  let running: RunningSandbox;
  let fault: FaultServer;
  let app: TestCore;

  beforeAll(async () => {
    running = await startSandbox();
    fault = await startFaultServer({ upstream: running.url });
    app = await startTestCore({
      embeddedSandbox: false,
      tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
      outbox: { retryDelayMs: 100, maxRetryDelayMs: 400 },
    });
    const flaky = await app.call("accountsAdd", { name: "Flaky", baseUrl: fault.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: flaky.id });
  });
  afterAll(async () => {
    await app?.close();
    await fault?.close();
    await running?.close();
  });

  it("a webhook call the service keeps failing goes again after growing waits, not at once in a loop", async () => {
    const url = "http://localhost:9/hooks/flaky";
    fault.plan("/registerWebhook", ...Array.from({ length: 4 }, () => ({ kind: "status" as const, status: 500 })), {
      kind: "proxy",
    });
    const answer = await app.call("webhooksRegister", { url, eventType: "document.signed" });
    expect(answer.queued).toBeDefined();
    await expect
      .poll(async () => (await app.call("webhooksList")).map((webhook) => webhook.url), { timeout: 10_000 })
      .toEqual([url]);
    const calls = fault.requests.filter((request) => request.path === "/registerWebhook");
    expect(calls.map((call) => call.action)).toEqual(["status", "status", "status", "status", "proxy"]);
    // The background takes over at once from the person's call; after that, each try waits for the retry.
    const gaps = calls.slice(1).map((call, index) => call.at - (calls[index]?.at ?? 0));
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(80);
  });
});
