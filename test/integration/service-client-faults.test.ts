import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceClient, type ServiceClientOptions } from "../../main/service/client";
import { ada, contractPdfPerFile, dump, signature } from "../support/client-fixtures";
import { closedPort } from "../support/closed-port";
import { serviceFailure as failure } from "../support/failure";
import { type FaultAction, type FaultServer, startFaultServer } from "../support/fault-server";
import { createHold } from "../support/hold";
import { manualClock } from "../support/manual-clock";
import { type RunningSandbox, startSandbox } from "../support/sandbox";

const contract = contractPdfPerFile();

describe("service client against loopback faults", () => {
  let running: RunningSandbox;
  let faults: FaultServer;
  let client: ReturnType<typeof createServiceClient>;
  let pdfId: string;
  /** The client's 500 ms pass only when the test moves this clock on: never because the machine is busy. */
  const timers = manualClock();
  const options = (more: Partial<ServiceClientOptions> = {}): ServiceClientOptions => ({
    baseUrl: faults.url,
    apiKey: async () => running.key,
    timeoutMs: 500,
    timers,
    backoffBaseMs: 20,
    maxRetryAfterMs: 5_000,
    ...more,
  });

  beforeAll(async () => {
    running = await startSandbox();
    faults = await startFaultServer({ upstream: running.url });
    client = createServiceClient(options());
    const created = await client.createNewTemplate({
      file: contract.pdfFile,
      fileName: "contract.pdf",
      templateName: "Lease",
      fields: [[signature("s", 1)]],
      recipients: [ada],
      autoReleaseSignatures: true,
    });
    pdfId = created.pdf_id;
  });
  afterAll(async () => {
    await faults?.close();
    await running?.close();
  });

  const details = "/getDocumentDetails";

  /**
   * Requests that reach the fault server and are never answered: each of the first `count` waits there, read whole,
   * until `stall` passes the client's time-out (the only one armed).
   */
  function unanswered(count: number) {
    const hold = createHold();
    const actions: FaultAction[] = Array.from({ length: count }, () => ({ kind: "hold", hold }));
    const stall = async () => {
      for (let arrived = 1; arrived <= count; arrived += 1) {
        await hold.arrived(arrived);
        expect(timers.fireAll()).toBe(1);
      }
    };
    return { actions, stall };
  }

  it.each([
    [
      "two 500s",
      [
        { kind: "status", status: 500 },
        { kind: "status", status: 503 },
      ],
    ],
    ["a hang", "hang"],
    ["a reset", [{ kind: "reset" }]],
    ["a truncated body", [{ kind: "truncated" }]],
  ] as const)("a GET recovers by itself after %s", async (_, planned) => {
    faults.reset();
    const hang = unanswered(1);
    const actions = planned === "hang" ? hang.actions : planned;
    faults.plan(details, ...actions);
    const reading = client.getDocumentDetails(pdfId);
    if (planned === "hang") await hang.stall();
    expect((await reading).document.id).toBe(pdfId);
    expect(faults.count(details)).toBe(actions.length + 1);
  });

  it("a GET waits as long as a 429's Retry-After asks, and fails at once when that is too long", async () => {
    faults.reset();
    faults.plan(details, { kind: "rate-limited", retryAfter: "1" });
    expect((await client.getDocumentDetails(pdfId)).document.id).toBe(pdfId);
    const [first, second] = faults.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1000);

    faults.reset();
    faults.plan(details, { kind: "rate-limited", retryAfter: "120" });
    const limited = await failure(client.getDocumentDetails(pdfId));
    expect([limited.category, limited.retryAfterSeconds, faults.count(details)]).toEqual(["rate_limited", 120, 1]);
    expect(limited.message).toBe(
      "The service is limiting requests; try again in 120 s: Too many requests. Try again in 120 seconds.",
    );
  });

  it("a GET that fails every attempt says what happened and how often it tried", async () => {
    faults.reset();
    faults.plan(details, ...Array(4).fill({ kind: "status", status: 500 }));
    const server = await failure(client.getDocumentDetails(pdfId));
    expect([server.category, server.status, server.attempts, faults.count(details)]).toEqual(["server", 500, 4, 4]);
    expect(server.message).toBe("The service failed (HTTP 500): Internal Server Error (gave up after 4 attempts).");

    faults.reset();
    const hangs = unanswered(3);
    faults.plan(details, ...hangs.actions);
    const reading = failure(createServiceClient(options({ maxGetAttempts: 3 })).getDocumentDetails(pdfId));
    await hangs.stall();
    const slow = await reading;
    expect([slow.category, slow.status, faults.count(details)]).toEqual(["timeout", null, 3]);
    expect(slow.message).toBe("The service did not answer within 500 ms (gave up after 3 attempts).");
  });

  it("an upload whose answer never comes times out as `outcome_unknown`, sent once", async () => {
    faults.reset();
    const hang = unanswered(1);
    faults.plan("/createNewTemplate", ...hang.actions);
    const input = { file: contract.pdfFile, fileName: "c.pdf", templateName: "T", fields: [[signature("s", 1)]] };
    const uploading = failure(client.createNewTemplate({ ...input, autoReleaseSignatures: true }));
    await hang.stall();
    const lost = await uploading;
    expect([lost.category, faults.count("/createNewTemplate")]).toEqual(["outcome_unknown", 1]);
    expect(lost.message).toBe(
      `The createNewTemplate request was sent to ${faults.url}, but its answer was lost (no answer within 500 ms). ` +
        "The outcome is unknown: the service may or may not have carried it out. The app will check before anything is sent again.",
    );
  });

  it.each(["reset", "hang"] as const)(
    "a POST that meets a %s is sent once and its outcome is unknown",
    async (kind) => {
      faults.reset();
      const hang = unanswered(1);
      faults.plan("/createFromTemplate", ...(kind === "hang" ? hang.actions : [{ kind }]));
      const sending = failure(client.createFromTemplate({ templateId: randomUUID(), recipients: [ada] }));
      if (kind === "hang") await hang.stall();
      const lost = await sending;
      expect([lost.category, lost.status, lost.attempts]).toEqual(["outcome_unknown", null, 1]);
      expect(lost.message).toMatch(/outcome is unknown.*will check/);
      // Failed for good only once every attempt was made: a POST is never made twice.
      expect(faults.count("/createFromTemplate")).toBe(1);
    },
  );

  it("connection refused is `network`, naming the address, for a GET and for a POST", async () => {
    const port = await closedPort();
    const nowhere = createServiceClient(options({ baseUrl: `http://127.0.0.1:${port}`, maxGetAttempts: 2 }));
    const get = await failure(nowhere.getAllDocuments());
    expect([get.category, get.attempts]).toEqual(["network", 2]);
    expect(get.message).toBe(`Cannot reach http://127.0.0.1:${port}: connection refused (gave up after 2 attempts).`);
    const post = await failure(nowhere.createFromTemplate({ templateId: "t", recipients: [ada] }));
    expect([post.category, post.attempts, post.message]).toEqual([
      "network",
      1,
      `Cannot reach http://127.0.0.1:${port}: connection refused.`,
    ]);
    expect(dump(post)).not.toContain(running.key);
  });

  it("a 2xx that is not JSON, or not of the expected shape, is `protocol` and is not retried", async () => {
    faults.reset();
    faults.plan(details, { kind: "not-json" });
    const html = await failure(client.getDocumentDetails(pdfId));
    expect([html.category, html.status, html.message]).toEqual([
      "protocol",
      200,
      "The service answered with something that is not JSON.",
    ]);
    faults.plan("/getAllDocuments", { kind: "status", status: 200, body: { documents: [{ id: 7 }] } });
    const shape = await failure(client.getAllDocuments());
    expect(shape.category).toBe("protocol");
    expect(shape.message).toMatch(
      /^The service's answer to getAllDocuments is not in the expected form \(documents\.0\.id: /,
    );
    expect([faults.count(details), faults.count("/getAllDocuments")]).toEqual([1, 1]);
  });

  it("accepts any 2xx and keeps unknown members and statuses", async () => {
    faults.reset();
    const webhook = { webhook_id: "w1", url: "https://example.com/h", eventType: "document.signed", active: true };
    faults.plan("/registerWebhook", { kind: "status", status: 201, body: { message: "Created", webhook, v: 2 } });
    const registered = await client.registerWebhook({ url: webhook.url, eventType: "document.signed" });
    expect(registered).toEqual({ message: "Created", webhook, v: 2 });
    const document = { id: "d1", name: "Lease", status: "voided", recipients: [{ ...ada, role: "signer" }] };
    faults.plan(details, { kind: "status", status: 200, body: { document } });
    expect((await client.getDocumentDetails("d1")).document).toEqual(document);
  });
});
