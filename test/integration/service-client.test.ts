import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, open, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { WireField } from "../../common/wire";
import { createServiceClient, type ServiceClientOptions } from "../../main/service/client";
import { closedPort } from "../support/closed-port";
import { serviceFailure as failure } from "../support/failure";
import { type FaultAction, type FaultServer, startFaultServer } from "../support/fault-server";
import { createHold } from "../support/hold";
import { manualClock } from "../support/manual-clock";
import { makePdf } from "../support/pdf-fixtures";
import { type RunningSandbox, startSandbox } from "../support/sandbox";

const root = path.resolve(import.meta.dirname, "../..");
const signature = (id: string, recipient: number, y = 600): WireField => ({
  id,
  x: 72,
  y,
  page: 1,
  type: "Signature",
  recipient,
});
const ada = { name: "Ada Buyer", email: "ada@example.com" };

/** The uploads here take as long as a busy machine needs: no client time-out passes by itself. */
const noTimeOut = manualClock();

/** Everything reachable from an error, as text: the key must appear nowhere in it. */
const dump = (error: unknown) => inspect(error, { depth: 10, showHidden: true }) + JSON.stringify(error);

let dir: string;
let pdfFile: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "signdesk-client-"));
  pdfFile = path.join(dir, "contract.pdf");
  await writeFile(pdfFile, await makePdf());
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe("service client against the sandbox", () => {
  let running: RunningSandbox;
  let client: ReturnType<typeof createServiceClient>;
  let templateId: string;
  let pdfId: string;

  beforeAll(async () => {
    running = await startSandbox();
    client = createServiceClient({ baseUrl: running.url, apiKey: async () => running.key, timers: noTimeOut });
  });
  afterAll(async () => running?.close());

  it("creates a template without recipients, streaming the file with monotonic progress", async () => {
    const progress: [number, number][] = [];
    const created = await client.createNewTemplate(
      {
        file: pdfFile,
        fileName: "contract.pdf",
        templateName: "Purchase agreement",
        fields: [[signature("buyer", 1)]],
        autoReleaseSignatures: true,
      },
      { onProgress: (sent, total) => progress.push([sent, total]) },
    );
    expectTypeOf(created.template_id).toEqualTypeOf<string>();
    expect(created.message).toBe("Template created successfully");
    expect(created.fields).toEqual([[signature("buyer", 1)]]);
    templateId = created.template_id;

    expect(progress.length).toBeGreaterThanOrEqual(3);
    const total = progress[0]?.[1] ?? 0;
    expect(progress.every(([, t]) => t === total)).toBe(true);
    expect(progress.every(([sent], i) => i === 0 || sent > (progress[i - 1]?.[0] ?? Infinity))).toBe(true);
    expect(progress.at(-1)).toEqual([total, total]);
  });

  it("creates a template with recipients, which also creates and sends the document", async () => {
    const created = await client.createNewTemplate({
      file: pdfFile,
      fileName: 'NDA "final" é.pdf',
      templateName: "NDA",
      fields: [[signature("a", 1)]],
      recipients: [{ ...ada, phone: null }],
      emailSubject: "Please sign",
      autoReleaseSignatures: false,
    });
    expectTypeOf(created.pdf_id).toEqualTypeOf<string>();
    expect(created.message).toBe("Template created and PDF created successfully");
    expect(created.recipients).toEqual([ada.email]);
    expect(created.fields).toEqual([{ ...signature("a", 1), recipient: ada }]);
  });

  it("sends from a template and reads the document back, alone and in the list", async () => {
    const sent = await client.createFromTemplate({ templateId, recipients: [ada], emailSubject: "Sign please" });
    expect(sent).toEqual({ message: expect.any(String), pdf_id: expect.any(String), recipients: [ada.email] });
    pdfId = sent.pdf_id;
    const details = await client.getDocumentDetails(pdfId);
    expect(details.document).toEqual({
      id: pdfId,
      name: "Purchase agreement",
      status: "pending",
      recipients: [ada],
      finalUrl: null,
    });
    const all = await client.getAllDocuments();
    expect(all.documents).toContainEqual({
      id: pdfId,
      name: "Purchase agreement",
      status: "pending",
      recipients: [ada],
      // The service's reference: a presigned link to the document, pending or not (the sandbox's view link).
      publicUrl: expect.stringMatching(
        new RegExp(`^${running.url}/_sandbox/view/${pdfId}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
      ),
    });
  });

  it("registers and deletes a webhook", async () => {
    const url = "http://127.0.0.1:9/hooks/signed";
    const first = await client.registerWebhook({ url, eventType: "document.signed", secret: "s3cret" });
    expect(first.webhook).toEqual({ webhook_id: expect.any(String), url, eventType: "document.signed" });
    const again = await client.registerWebhook({ url, eventType: "document.signed" });
    expect(again.webhook?.webhook_id).toBe(first.webhook?.webhook_id);
    expect(await client.deleteWebhook(url)).toEqual({ message: expect.any(String), url });
    const gone = await failure(client.deleteWebhook(url));
    expect([gone.category, gone.status, gone.serviceMessage]).toEqual(["not_found", 404, "Webhook not found."]);
  });

  it("turns the sandbox's 4xx into categories, keeping the service's message and never the key", async () => {
    const stranger = createServiceClient({
      baseUrl: running.url,
      apiKey: async () => "sk_not_a_real_key",
      timers: noTimeOut,
    });
    const cases: [() => Promise<unknown>, string, number, string][] = [
      [() => stranger.getAllDocuments(), "auth", 401, "Invalid or expired API key."],
      [() => client.getDocumentDetails("nope"), "validation", 400, "Invalid pdf_id."],
      [() => client.getDocumentDetails(randomUUID()), "not_found", 404, "Document not found."],
      [
        () => client.createFromTemplate({ templateId: randomUUID(), recipients: [ada] }),
        "validation",
        400,
        "Template not found.",
      ],
      [
        () => client.registerWebhook({ url: "http://example.com/hook", eventType: "document.finalized" }),
        "validation",
        400,
        "url must be an https:// URL (http:// is allowed only for localhost).",
      ],
      [
        () =>
          client.createNewTemplate({
            file: pdfFile,
            fileName: "contract.pdf",
            templateName: "Too far",
            fields: [[{ ...signature("s", 1), page: 5 }]],
            autoReleaseSignatures: true,
          }),
        "validation",
        400,
        "Invalid fields data.",
      ],
    ];
    for (const [call, category, status, serviceMessage] of cases) {
      const error = await failure(call());
      expect([error.category, error.status, error.serviceMessage]).toEqual([category, status, serviceMessage]);
      expect(error.message).toContain(serviceMessage);
      expect(dump(error)).not.toContain(running.key);
      expect(dump(error)).not.toContain("sk_not_a_real_key");
    }
    const auth = await failure(stranger.getAllDocuments());
    expect(auth.message).toBe("The service rejected the API key: Invalid or expired API key.");
    expect(auth.attempts).toBe(1);

    const other = createServiceClient({
      baseUrl: running.url,
      apiKey: () => running.sandbox.issueKey(),
      timers: noTimeOut,
    });
    const forbidden = await failure(other.getDocumentDetails(pdfId));
    expect(forbidden.category).toBe("forbidden");
    expect(forbidden.message).toBe("The service refused access: You do not have access to this document.");
  });

  it("reports a 413 for a file over 50 MB, and a rejected key in the middle of an upload", async () => {
    const huge = path.join(dir, "huge.pdf");
    await writeFile(huge, "");
    await truncate(huge, 51 * 1024 * 1024); // sparse: nothing held anywhere
    const input = { file: huge, fileName: "huge.pdf", templateName: "Huge", fields: [[signature("s", 1)]] };
    const tooLarge = await failure(client.createNewTemplate({ ...input, autoReleaseSignatures: true }));
    expect([tooLarge.category, tooLarge.status, tooLarge.serviceMessage]).toEqual([
      "validation",
      413,
      "File too large.",
    ]);
    const stranger = createServiceClient({
      baseUrl: running.url,
      apiKey: async () => "sk_not_a_real_key",
      timers: noTimeOut,
    });
    const rejected = await failure(stranger.createNewTemplate({ ...input, autoReleaseSignatures: true }));
    expect([rejected.category, rejected.status]).toEqual(["auth", 401]);
  });

  it("stops an upload when its signal is aborted, rejecting with the signal's reason", async () => {
    const huge = path.join(dir, "huge-to-abort.pdf");
    await writeFile(huge, "");
    await truncate(huge, 30 * 1024 * 1024);
    const controller = new AbortController();
    const stop = new Error("stopped by the user");
    const call = client.createNewTemplate(
      {
        file: huge,
        fileName: "huge.pdf",
        templateName: "Huge",
        fields: [[signature("s", 1)]],
        autoReleaseSignatures: true,
      },
      { signal: controller.signal, onProgress: (sent) => sent > 1024 * 1024 && controller.abort(stop) },
    );
    await expect(call).rejects.toBe(stop);
  });

  it("fails in the stopped service with `network`, and works again once it is back", async () => {
    const quick = createServiceClient({
      baseUrl: running.url,
      apiKey: async () => running.key,
      maxGetAttempts: 2,
      backoffBaseMs: 10,
    });
    await running.sandbox.close();
    const down = await failure(quick.getDocumentDetails(pdfId));
    expect(down.category).toBe("network");
    expect(down.message).toBe(`Cannot reach ${running.url}: connection refused (gave up after 2 attempts).`);
    await running.restart();
    expect((await quick.getDocumentDetails(pdfId)).document.id).toBe(pdfId);
  });
});

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
      file: pdfFile,
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
    const input = { file: pdfFile, fileName: "c.pdf", templateName: "T", fields: [[signature("s", 1)]] };
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

describe("upload memory", () => {
  let child: ChildProcess;
  let baseUrl: string;
  const key = `sk_test_${randomUUID()}`;

  beforeAll(async () => {
    // The sandbox runs in its own process here, so that only the client's memory is measured.
    child = spawn(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        "sandbox/cli.ts",
        "--data",
        path.join(dir, "data"),
        "--api-key",
        key,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    baseUrl = await new Promise<string>((resolve, reject) => {
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening on (\S+)/.exec(output);
        if (found?.[1] !== undefined) resolve(found[1]);
      });
      child.once("exit", (code) => reject(new Error(`the sandbox exited (${code}): ${output}`)));
    });
  });
  afterAll(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });

  it("streams a 20 MB upload with little growth of this process's memory", async () => {
    const big = path.join(dir, "big.pdf");
    await writeBigPdf(big, 20 * 1024 * 1024);
    const client = createServiceClient({ baseUrl, apiKey: async () => key, timers: noTimeOut });
    const input = { fileName: "big.pdf", fields: [[signature("s", 1)]], autoReleaseSignatures: true };
    await client.createNewTemplate({ ...input, file: pdfFile, templateName: "Warm-up" });

    const before = process.memoryUsage.rss();
    let peak = before;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage.rss());
    };
    const sampler = setInterval(sample, 2);
    const started = performance.now();
    let last: [number, number] = [0, 0];
    try {
      const created = await client.createNewTemplate(
        { ...input, file: big, templateName: "Big" },
        {
          onProgress: (sent, total) => {
            sample();
            last = [sent, total];
          },
        },
      );
      expect(created.template_id).toEqual(expect.any(String));
    } finally {
      clearInterval(sampler);
    }
    const growthMb = (peak - before) / 1024 / 1024;
    console.info(
      `20 MB upload: peak RSS growth ${growthMb.toFixed(1)} MB, ${Math.round(performance.now() - started)} ms`,
    );
    expect(last[0]).toBe(last[1]);
    expect(last[1]).toBeGreaterThan(20 * 1024 * 1024);
    expect(growthMb).toBeLessThan(15);
  });
});

/** A valid one-page PDF whose content stream is `streamBytes` of blanks, written without holding it in memory. */
async function writeBigPdf(file: string, streamBytes: number): Promise<void> {
  const handle = await open(file, "w");
  const offsets: number[] = [];
  let offset = 0;
  const put = async (data: string | Buffer) => {
    const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
    await handle.write(bytes);
    offset += bytes.length;
  };
  try {
    await put("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
    const objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    ];
    for (const [index, body] of objects.entries()) {
      offsets.push(offset);
      await put(`${index + 1} 0 obj\n${body}\nendobj\n`);
    }
    offsets.push(offset);
    await put(`4 0 obj\n<< /Length ${streamBytes} >>\nstream\n`);
    const blanks = Buffer.alloc(1024 * 1024, 0x20);
    for (let left = streamBytes; left > 0; left -= blanks.length)
      await put(blanks.subarray(0, Math.min(left, blanks.length)));
    await put("\nendstream\nendobj\n");
    const xref = offset;
    const entries = offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
    await put(
      `xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    );
  } finally {
    await handle.close();
  }
}
