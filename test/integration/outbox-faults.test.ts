import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OutboxKind, OutboxState } from "../../common/outbox";
import { osKeychain } from "../../main/accounts/keychain";
import type { OutboxStep } from "../../main/outbox/outbox-sender";
import { openRecords } from "../../main/records/open-records";
import { createServiceClient } from "../../main/service/client";
import { mainBuildOptions } from "../../scripts/build";
import { type FaultServer, startFaultServer } from "../support/fault-server";
import type { ChildMessage, ChildOrder } from "../support/outbox-fault-child";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

/*
 * Issue 19: the core is killed with SIGKILL at every step of a delivery in turn, one kind of outbox item at a time,
 * and started again on the same data with nothing killed; then the service's own state (its documents, the e-mails
 * it sent, its templates and webhooks) shows each action done exactly once, and the records agree. The sandbox runs
 * in this process and keeps its data across the child's deaths; the child (outbox-fault-child.ts) runs the real core
 * and handlers, bundled once so that each of the ~50 runs starts in a fraction of a second.
 */

const root = path.resolve(import.meta.dirname, "../..");
const steps: readonly OutboxStep[] = ["queued", "listed", "sending", "answered", "recorded"];
const kinds: readonly OutboxKind[] = [
  "sendFromTemplate",
  "createAndSend",
  "createTemplate",
  "registerWebhook",
  "deleteWebhook",
];
const documentKinds: readonly OutboxKind[] = ["sendFromTemplate", "createAndSend"];

let work: string;
let bundleDir: string;
let childScript: string;
let pdfFile: string;
let sandbox: RunningSandbox;
let templateId: string;

interface Run {
  messages: ChildMessage[];
  /** "SIGKILL", or the exit code. */
  ended: NodeJS.Signals | number | null;
  errors: string;
}

/**
 * Runs the child to its end; `killWhen` may kill it from here (it is told each message and the fault server's
 * requests are polled meanwhile).
 */
async function runChild(order: ChildOrder, killWhen?: () => boolean): Promise<Run> {
  const child = spawn(process.execPath, [childScript, JSON.stringify(order)], { stdio: ["ignore", "pipe", "pipe"] });
  const run: Run = { messages: [], ended: null, errors: "" };
  let buffered = "";
  child.stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) run.messages.push(JSON.parse(line) as ChildMessage);
  });
  child.stderr.on("data", (chunk: Buffer) => {
    run.errors += chunk.toString();
  });
  const watcher =
    killWhen === undefined
      ? null
      : setInterval(() => {
          if (killWhen()) child.kill("SIGKILL");
        }, 5);
  run.ended = await new Promise((resolve) => child.on("close", (code, signal) => resolve(signal ?? code)));
  if (watcher !== null) clearInterval(watcher);
  return run;
}

const stepsOf = (run: Run) => run.messages.flatMap((message) => (message.type === "step" ? [message.step] : []));

/** The first run on a scenario's folder: it queues the item and is killed when the item reaches `step`. */
async function runKilledAt(order: ChildOrder, step: OutboxStep, runs: Run[]): Promise<void> {
  const killed = await runChild({ ...order, killAt: step });
  runs.push(killed);
  expect(killed.ended, killed.errors).toBe("SIGKILL");
  expect(stepsOf(killed).at(-1)).toBe(step);
}

/** A start on the same folder with nothing killed, until the outbox settles. */
async function runToEnd(order: ChildOrder, runs: Run[]): Promise<Run> {
  const run = await runChild({ ...order, queue: false });
  runs.push(run);
  expect(run.ended, run.errors).toBe(0);
  return run;
}

interface ServiceState {
  templates: { id: string; name: string }[];
  webhooks: { id: string; url: string }[];
}

/** What the service has for this scenario: its listing, its e-mails and (from its own state) templates and hooks. */
async function onService(order: ChildOrder) {
  const client = createServiceClient({ baseUrl: sandbox.url, apiKey: async () => sandbox.key });
  const documents = (await client.getAllDocuments()).documents.filter((document) =>
    document.recipients.some((recipient) => recipient.email === order.email),
  );
  const outbox = await callApi(sandbox.url, "GET", "/_sandbox/outbox", { key: sandbox.key });
  const emails = (outbox.body as { messages: { to: string; pdf_id: string }[] }).messages.filter(
    (message) => message.to === order.email,
  );
  const state = JSON.parse(await readFile(path.join(sandbox.dataDir, "state.json"), "utf8")) as ServiceState;
  return {
    documents,
    emails,
    templates: state.templates.filter((template) => template.name === order.name),
    webhooks: state.webhooks.filter((webhook) => webhook.url === order.webhookUrl),
  };
}

/** What the app recorded, read from its records database once the child is gone. */
function inRecords(order: ChildOrder, itemId: string) {
  const { records } = openRecords(order.dir);
  try {
    const item = records.outbox.get(itemId);
    return {
      item,
      items: records.outbox.count(null, ["queued", "sending", "sent", "failed", "unknown", "cancelled"]),
      documents: records.documents.all(),
      templates: records.templates.all().filter((template) => template.name === order.name),
      webhooks: records.webhooks.all().filter((webhook) => webhook.url === order.webhookUrl),
    };
  } finally {
    records.close();
  }
}

async function newScenario(kind: OutboxKind, tag: string, baseUrl = sandbox.url): Promise<ChildOrder> {
  const dir = await mkdtemp(path.join(work, "app-"));
  const keychainService = `signdesk-outbox-faults-${randomUUID()}`;
  const order: ChildOrder = {
    dir,
    baseUrl,
    apiKey: sandbox.key,
    keychainService,
    kind,
    queue: true,
    killAt: null,
    retryInDoubt: false,
    name: `Fault ${tag}`,
    email: `${tag}@example.com`,
    webhookUrl: `http://localhost:9/hooks/${tag}`,
    templateId,
    pdfFile,
  };
  if (kind === "deleteWebhook") {
    const registered = await callApi(sandbox.url, "POST", "/registerWebhook", {
      key: sandbox.key,
      json: { url: order.webhookUrl, eventType: "document.signed" },
    });
    expect(registered.status).toBe(200);
  }
  return order;
}

/** Removes what the runs left in the keychain: the account's key and a webhook's secret. */
async function forgetKeys(order: ChildOrder, runs: Run[], itemId: string | undefined): Promise<void> {
  const keychain = osKeychain(order.keychainService);
  for (const message of runs.flatMap((run) => run.messages))
    if (message.type === "account") await keychain.delete(message.accountId).catch(() => {});
  if (itemId !== undefined) await keychain.delete(`outbox:${itemId}`).catch(() => {});
}

function itemIdIn(runs: Run[]): string | undefined {
  const step = runs.flatMap((run) => run.messages).find((message) => message.type === "step");
  return step?.type === "step" ? step.itemId : undefined;
}

function itemIdOf(runs: Run[]): string {
  const itemId = itemIdIn(runs);
  if (itemId === undefined) throw new Error(`No item was queued: ${runs.map((run) => run.errors).join("\n")}`);
  return itemId;
}

/** The item's end state, on both sides, for a scenario whose runs all ended. */
async function expectExactlyOnce(order: ChildOrder, itemId: string, expected: Expected): Promise<void> {
  const service = await onService(order);
  const app = inRecords(order, itemId);
  expect(app.items).toBe(1);
  expect(app.item?.state).toBe(expected.state);
  // The item's copy of its PDF stays only while it may be sent again.
  const copies = await readdir(path.join(order.dir, "outbox")).catch(() => []);
  expect(copies).toEqual(expected.state === "unknown" ? [`${itemId}.pdf`] : []);
  switch (order.kind) {
    case "sendFromTemplate":
    case "createAndSend": {
      expect(service.documents).toHaveLength(1);
      const [document] = service.documents;
      expect(service.emails.map((email) => email.pdf_id)).toEqual([document?.id]);
      expect(app.item?.result?.pdfId).toBe(document?.id);
      expect(app.documents.map((record) => record.pdfId)).toEqual([document?.id]);
      if (order.kind === "createAndSend") {
        expect(service.templates).toHaveLength(1);
        // Found by checking, the document is recorded; the service's listing names no template, so its new
        // template's ID was lost with the answer (the person is told so).
        if (expected.templateKnown) {
          expect(app.item?.result?.templateId).toBe(service.templates[0]?.id);
          expect(app.templates.map((template) => template.templateId)).toEqual([service.templates[0]?.id]);
        } else expect(app.templates).toEqual([]);
      }
      break;
    }
    case "createTemplate":
      expect(service.templates).toHaveLength(expected.made);
      if (expected.state === "sent") {
        expect(app.item?.result?.templateId).toBe(service.templates[0]?.id);
        expect(app.templates.map((template) => template.templateId)).toEqual([service.templates[0]?.id]);
      } else expect(app.templates).toEqual([]);
      break;
    case "registerWebhook":
      expect(service.webhooks).toHaveLength(1);
      expect(app.item?.result?.webhookId).toBe(service.webhooks[0]?.id);
      expect(app.webhooks.map((webhook) => webhook.webhookId)).toEqual([service.webhooks[0]?.id]);
      // Its secret waited in the keychain while it was queued, and no longer.
      expect(await osKeychain(order.keychainService).get(`outbox:${itemId}`)).toBeNull();
      break;
    case "deleteWebhook":
      expect(service.webhooks).toEqual([]);
      expect(app.webhooks).toEqual([]);
      break;
  }
}

interface Expected {
  state: OutboxState;
  /** Templates the service made of it. */
  made: 0 | 1;
  /** Whether the app learnt the new template's ID (createAndSend). */
  templateKnown: boolean;
}

/** What a kill at `step` leaves for the next start, and how the item ends. */
function expectation(kind: OutboxKind, step: OutboxStep): Expected {
  if (kind !== "createTemplate") return { state: "sent", made: 1, templateKnown: step !== "answered" };
  // A template whose request may have left cannot be checked (the service lists none): it waits for the person,
  // who was told; it is never uploaded again on its own.
  if (step === "sending") return { state: "unknown", made: 0, templateKnown: false };
  if (step === "answered") return { state: "unknown", made: 1, templateKnown: false };
  return { state: "sent", made: 1, templateKnown: true };
}

describeWith("secret-service", "the outbox under SIGKILL at each step of a delivery", () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "signdesk-outbox-faults-"));
    // Inside the repository, so that the packages left out of the bundle (the keychain's) resolve; the workers
    // are bundled beside the child, as the app's are beside main's bundle.
    bundleDir = path.join(root, ".cache", `outbox-faults-${randomUUID()}`);
    await mkdir(bundleDir, { recursive: true });
    const { index: _main, ...workers } = mainBuildOptions("development").entryPoints as Record<string, string>;
    await build({
      ...mainBuildOptions("development"),
      entryPoints: { ...workers, "outbox-fault-child": path.join(root, "test/support/outbox-fault-child.ts") },
      outdir: bundleDir,
      sourcemap: false,
    });
    childScript = path.join(bundleDir, "outbox-fault-child.mjs");
    pdfFile = path.join(work, "Offer.pdf");
    const pdf = await makePdf();
    await writeFile(pdfFile, pdf);
    sandbox = await startSandbox();
    const made = await callApi(sandbox.url, "POST", "/createNewTemplate", {
      key: sandbox.key,
      form: templateForm({
        file: pdf,
        templateName: "Offer",
        fields: [[{ id: "s", type: "Signature", page: 1, x: 72, y: 72, recipient: 1 }]],
      }),
    });
    expect(made.status).toBe(200);
    templateId = (made.body as { template_id: string }).template_id;
  });
  afterAll(async () => {
    await sandbox?.close();
    await rm(work, { recursive: true, force: true });
    await rm(bundleDir, { recursive: true, force: true });
  });

  const cases = kinds.flatMap((kind) =>
    steps
      // Only a send that makes a document lists the service's documents first.
      .filter((step) => step !== "listed" || documentKinds.includes(kind))
      .map((step) => ({ kind, step })),
  );

  it.each(cases)("$kind killed at $step is done exactly once after a restart", async ({ kind, step }) => {
    const order = await newScenario(kind, `${kind}-${step}`.toLowerCase());
    const runs: Run[] = [];
    try {
      await runKilledAt(order, step, runs);
      const again = await runToEnd(order, runs);
      const itemId = itemIdOf(runs);
      const expected = expectation(kind, step);
      // Killed once its answer was read, a document's send is found on the service, not sent again.
      if ((step === "answered" || step === "recorded") && kind !== "registerWebhook" && kind !== "deleteWebhook")
        expect(stepsOf(again)).not.toContain("sending");
      await expectExactlyOnce(order, itemId, expected);
      if (expected.state === "unknown" && expected.made === 0) {
        // The person's "Send again" uploads it, once.
        await runToEnd({ ...order, retryInDoubt: true }, runs);
        await expectExactlyOnce(order, itemId, { state: "sent", made: 1, templateKnown: true });
      }
    } finally {
      await forgetKeys(order, runs, itemIdIn(runs)).catch(() => {});
      await rm(order.dir, { recursive: true, force: true });
    }
  });

  it.each([
    { kind: "sendFromTemplate" as const, step: "answered" as const, look: 1 },
    { kind: "createAndSend" as const, step: "sending" as const, look: 2 },
  ])(
    "$kind killed at $step, then again at look $look of the check, is done exactly once",
    async ({ kind, step, look }) => {
      // The account reaches the service through a fault server, which holds the check's listing while it is killed.
      const fault: FaultServer = await startFaultServer({ upstream: sandbox.url });
      const order = await newScenario(kind, `${kind}-${step}-check`.toLowerCase(), fault.url);
      const runs: Run[] = [];
      try {
        await runKilledAt(order, step, runs);
        fault.reset();
        fault.plan("/getAllDocuments", ...Array.from({ length: look - 1 }, () => ({ kind: "proxy" as const })), {
          kind: "hang",
        });
        const held = () => fault.requests.some((request) => request.action === "hang");
        const checking = await runChild({ ...order, queue: false }, held);
        runs.push(checking);
        expect(checking.ended, checking.errors).toBe("SIGKILL");
        expect(fault.count("/getAllDocuments")).toBe(look);
        // Nothing was sent while it checked.
        expect(stepsOf(checking)).toEqual([]);
        await runToEnd(order, runs);
        await expectExactlyOnce(order, itemIdOf(runs), { state: "sent", made: 1, templateKnown: true });
      } finally {
        await forgetKeys(order, runs, itemIdIn(runs)).catch(() => {});
        await rm(order.dir, { recursive: true, force: true });
        await fault.close();
      }
    },
  );
});
