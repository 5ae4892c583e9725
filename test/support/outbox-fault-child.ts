import { writeSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { channelNames } from "../../common/channels";
import type { ArgsInputOf, MethodName, ResultOf } from "../../common/contract";
import type { OutboxKind } from "../../common/outbox";
import { osKeychain } from "../../main/accounts/keychain";
import { startCore } from "../../main/core";
import { createHandlers } from "../../main/handlers";
import type { OutboxStep } from "../../main/outbox/outbox-sender";
import { confBackend } from "../../main/settings/settings";
import { manualClock } from "./manual-clock";

/**
 * The real core on a data folder that outlives it, for the outbox's fault test (outbox-faults.test.ts). Its one
 * argument is a JSON ChildOrder. With `queue`, it adds the account and queues one item of `kind` through the real
 * handlers; with `killAt`, it kills itself with SIGKILL when the item reaches that step of its delivery. Then it
 * waits until nothing is left queued, sending or in doubt with a document kind, and closes. Each line it prints is
 * one JSON message, written synchronously, so that what the parent reads happened before any kill.
 */
export interface ChildOrder {
  dir: string;
  baseUrl: string;
  apiKey: string;
  keychainService: string;
  kind: OutboxKind;
  /** Adds the account and queues the item (the first run on the folder). */
  queue: boolean;
  killAt: OutboxStep | null;
  /** Sends again what is in doubt, as the person's "Send again" does (a template the service cannot be asked about). */
  retryInDoubt: boolean;
  /** What the item is made of: the template's or document's name, the recipient, the webhook's address. */
  name: string;
  email: string;
  webhookUrl: string;
  /** sendFromTemplate: a template the service has. */
  templateId: string;
  /** createTemplate, createAndSend: the PDF the draft is made from. */
  pdfFile: string;
}

export type ChildMessage =
  | { type: "account"; accountId: string }
  | { type: "step"; step: OutboxStep; itemId: string; kind: OutboxKind }
  | { type: "answer"; ok: boolean; code: string | null }
  | { type: "settled" };

const order = JSON.parse(process.argv[2] ?? "") as ChildOrder;
const say = (message: ChildMessage) => writeSync(1, `${JSON.stringify(message)}\n`);

const core = await startCore({
  userDataDir: order.dir,
  downloadsDir: path.join(order.dir, "downloads"),
  keychain: osKeychain(order.keychainService),
  settingsBackend: confBackend(order.dir),
  emit: () => {},
  embeddedSandbox: false,
  tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
  // No answer is lost to a time-out here (only to the kill): the client's time-outs never pass by themselves.
  client: { timers: manualClock(), backoffBaseMs: 10, maxGetAttempts: 2 },
  sendCheck: { scheduleMs: [0, 200, 400], listTimeoutMs: 60_000 },
  outbox: {
    retryDelayMs: 100,
    maxRetryDelayMs: 400,
    onStep: (step, item) => {
      say({ type: "step", step, itemId: item.itemId, kind: item.kind });
      if (step === order.killAt && item.kind === order.kind) process.kill(process.pid, "SIGKILL");
    },
  },
});
const dispatcher = createHandlers({
  app: {
    name: "Signdesk",
    version: "fault-test",
    platform: process.platform,
    arch: process.arch,
    electronVersion: null,
  },
  core,
});
async function call<M extends MethodName>(method: M, args: ArgsInputOf<M>): Promise<ResultOf<M>> {
  const result = await dispatcher.invoke(channelNames[method], args);
  if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code });
  return result.value as ResultOf<M>;
}

async function draftId(): Promise<string> {
  const bytes = new Uint8Array(await readFile(order.pdfFile));
  const draft = await call("draftsCreateFromFile", { fileName: `${order.name}.pdf`, bytes });
  const groupId = draft.groups[0]?.id ?? "";
  await call("draftsSave", {
    draft: { ...draft, fields: [{ id: "sign", type: "Signature", groupId, page: 1, x: 72, y: 72 }] },
  });
  return draft.id;
}

async function queueItem(): Promise<unknown> {
  const recipients = [{ name: "Signer", email: order.email }];
  switch (order.kind) {
    case "sendFromTemplate":
      await call("templatesAddById", { templateId: order.templateId, name: order.name, groups: [{ label: "Signer" }] });
      return call("documentsSend", { templateId: order.templateId, recipients });
    case "createAndSend":
      return call("templatesCreate", { draftId: await draftId(), transferId: "upload", send: { recipients } });
    case "createTemplate":
      return call("templatesCreate", { draftId: await draftId(), transferId: "upload" });
    case "registerWebhook":
      return call("webhooksRegister", { url: order.webhookUrl, eventType: "document.signed", secret: "kept-secret" });
    case "deleteWebhook":
      return call("webhooksDelete", { url: order.webhookUrl });
  }
}

if (order.queue) {
  const account = await core.accounts.add({ name: "Service", baseUrl: order.baseUrl, apiKey: order.apiKey });
  core.accounts.setActive(account.id);
  say({ type: "account", accountId: account.id });
  try {
    await queueItem();
    say({ type: "answer", ok: true, code: null });
  } catch (error) {
    say({ type: "answer", ok: false, code: (error as { code?: string }).code ?? String(error) });
  }
}

if (order.retryInDoubt)
  for (const item of core.records.outbox.everyInState("unknown")) await call("outboxRetry", { itemId: item.itemId });

const documentKinds: readonly OutboxKind[] = ["createAndSend", "sendFromTemplate"];
const journal = core.records.outbox;
const settled = () =>
  journal.count(null, ["queued", "sending"]) === 0 &&
  journal.everyInState("unknown").every((item) => !documentKinds.includes(item.kind));
// Only bounds a run that hangs (the test's own limit is 120 s for two runs).
const deadline = Date.now() + 50_000;
while (!settled()) {
  if (Date.now() > deadline) throw new Error("The outbox did not settle within 50 s.");
  await new Promise((resolve) => setTimeout(resolve, 25));
}
await core.close();
say({ type: "settled" });
process.exit(0);
