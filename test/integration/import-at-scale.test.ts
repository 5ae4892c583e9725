import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedSandboxDocuments } from "../../bench/support/seed-sandbox";
import { createServiceClient } from "../../main/service/client";
import { startTestCore, type TestCore } from "../support/core-harness";
import { failure } from "../support/failure";
import { type ManualClock, manualClock } from "../support/manual-clock";
import { describeWith } from "../support/requirements";
import { type RunningSandbox, startSandbox } from "../support/sandbox";

const seededCount = 20_000;
/** Bounds a wait for what must happen; never what makes a test pass. */
const patience = { timeout: 30_000, interval: 5 };

describeWith("secret-service", "importing tens of thousands of documents from the sandbox", () => {
  let running: RunningSandbox;
  let app: TestCore;
  let accountId: string;

  beforeAll(async () => {
    running = await startSandbox();
    await running.restart({}, () => seedSandboxDocuments(running.dataDir, seededCount));
    app = await startTestCore({
      embeddedSandbox: false,
      client: { backoffBaseMs: 10 },
      // Statuses are not what this test is about: checks stay rare.
      tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
    });
    const account = await app.call("accountsAdd", { name: "Seeded", baseUrl: running.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: account.id });
    accountId = account.id;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await running?.close();
  });

  it("stores every document in batches, with progress, once", async () => {
    const transferId = "import-1";
    expect(await app.call("documentsImport", { transferId })).toEqual({
      imported: seededCount,
      read: seededCount,
      skipped: 0,
    });
    const documents = app.core.records.documents;
    expect(documents.count(accountId)).toBe(seededCount);
    // The seed declines every 13th document: finished at import, never polled.
    const declined = Math.ceil(seededCount / 13);
    const page = await app.call("documentsList", { status: "declined", offset: 0, limit: 1 });
    expect(page.total).toBe(declined);
    expect(page.counts.declined).toBe(declined);

    const progress = app.events
      .filter((event) => event.event === "transfer:progress")
      .map((event) => event.payload as { transferId: string; kind: string; done: number; total: number | null })
      .filter((event) => event.transferId === transferId);
    // Batches of about 1,000: never the whole answer at once.
    expect(progress.length).toBeGreaterThanOrEqual(seededCount / 1500);
    expect(progress.every((event) => event.kind === "import" && event.total === null)).toBe(true);
    const done = progress.map((event) => event.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(new Set(done).size).toBe(done.length);
    expect(done.at(-1)).toBe(seededCount);

    // A second import reads them all again and adds none.
    expect(await app.call("documentsImport", {})).toEqual({ imported: 0, read: seededCount, skipped: 0 });
    expect(documents.count(accountId)).toBe(seededCount);

    // Search is the database's: one seeded name among 20,000.
    const found = await app.call("documentsList", { search: "Lease 12006", offset: 0, limit: 10 });
    expect(found.documents.map((document) => document.name)).toEqual(["Lease 12006"]);
  }, 180_000);
});

describe("getAllDocuments read as a stream over a connection that fails or is slow", () => {
  let server: Server;
  let url: string;
  let requests = 0;
  let behave: (response: ServerResponse) => void = () => {};
  const piece = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => JSON.stringify({ id: `d${from + index}`, recipients: [] })).join(",");

  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests += 1;
      behave(response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The client's time-outs pass only when the test moves `timers` on. */
  const client = (timers: ManualClock = manualClock()) =>
    createServiceClient({
      baseUrl: url,
      apiKey: async () => "k",
      timeoutMs: 400,
      timers,
      maxGetAttempts: 3,
      backoffBaseMs: 5,
    });

  it("reads an answer in batches of the size asked, never the whole at once", async () => {
    requests = 0;
    behave = (response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(`{"message":"ok","documents":[${piece(0, 2500)}]}`);
    };
    const batches: string[][] = [];
    const outcome = await client().getAllDocumentsInBatches(
      (documents) => {
        batches.push(documents.map((document) => document.id));
      },
      { batchSize: 1000 },
    );
    expect(outcome).toMatchObject({ read: 2500, skipped: 0 });
    expect(batches.flat()).toEqual(Array.from({ length: 2500 }, (_, index) => `d${index}`));
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(requests).toBe(1);
  });

  it("a connection lost while the body is read fails with a network error after the GET's retries", async () => {
    requests = 0;
    behave = (response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write(`{"documents":[${piece(0, 50)},`, () => response.socket?.destroy());
    };
    let delivered = 0;
    const failed = await failure(
      client().getAllDocumentsInBatches(
        (documents) => {
          delivered += documents.length;
        },
        { batchSize: 10 },
      ),
    );
    expect(failed).toMatchObject({ category: "network" });
    // A GET is safe to ask again, and the import skips what it stored: each attempt starts from the first document.
    expect(requests).toBe(3);
    expect(delivered).toBeGreaterThan(0);
    expect(delivered).toBeLessThanOrEqual(3 * 50);
  });

  it("waits as long as the body keeps coming (an idle time-out), and stops when it stalls", async () => {
    requests = 0;
    // 8 pieces, each 300 ms after the last: 2.4 s in all, six times the time-out, never 400 ms without progress.
    const answers: ServerResponse[] = [];
    behave = (response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"documents":[');
      answers.push(response);
    };
    const timers = manualClock();
    let delivered = 0;
    const reading = client(timers).getAllDocumentsInBatches(
      (documents) => {
        delivered += documents.length;
      },
      { batchSize: 5 },
    );
    await vi.waitFor(() => expect(answers).toHaveLength(1), patience);
    const [answer] = answers;
    for (let sent = 0; sent < 8; sent += 1) {
      expect(timers.advance(300)).toBe(0);
      answer?.write(`${sent === 0 ? "" : ","}${piece(sent * 10, 10)}`);
      // The piece has reached the reader (at least its first five documents): its progress moved the time-out on.
      await vi.waitFor(() => expect(delivered).toBeGreaterThanOrEqual(sent * 10 + 5), patience);
    }
    expect(timers.advance(300)).toBe(0);
    answer?.end("]}");
    expect((await reading).read).toBe(80);

    // Stalls after five documents, on each of the three attempts: 400 ms without progress ends each.
    requests = 0;
    delivered = 0;
    /** Documents read before this attempt's answer began. */
    let before = 0;
    behave = (response) => {
      before = delivered;
      response.writeHead(200, { "content-type": "application/json" });
      response.write(`{"documents":[${piece(0, 5)}`);
    };
    const stalled = manualClock();
    const stalling = failure(
      client(stalled).getAllDocumentsInBatches(
        (documents) => {
          delivered += documents.length;
        },
        { batchSize: 1 },
      ),
    );
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      // This attempt's five documents have reached the reader: the time-out runs from there.
      await vi.waitFor(() => {
        expect(requests).toBe(attempt);
        expect(delivered).toBeGreaterThan(before);
      }, patience);
      expect(stalled.advance(399)).toBe(0);
      expect(stalled.advance(1)).toBe(1);
    }
    expect(await stalling).toMatchObject({ category: "timeout" });
  });
});
