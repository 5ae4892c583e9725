// A Signdesk core in a process of its own sending one bulk batch, for the bulk benchmark: it can be killed mid-way
// and started again on the same user-data folder, as a crash and a restart would.
// BULK_MODE=first: adds the account, makes a template, journals BULK_ROWS rows (addresses BULK_PREFIX.N@…) and
// starts them; BULK_MODE=resume: resumes the batch the last run left. Messages to the parent: {type: "progress",
// sent, state}, then {type: "done", seconds}.
import { performance } from "node:perf_hooks";
import type { SecretStore } from "../../main/accounts/keychain.ts";
import { startCore } from "../../main/core.ts";
import { createHandlers } from "../../main/handlers.ts";
import { confBackend } from "../../main/settings/settings.ts";
import { makePdf } from "../../test/support/pdf-fixtures.ts";

const dir = process.env.BULK_DIR ?? "";
const url = process.env.BULK_URL ?? "";
const key = process.env.BULK_KEY ?? "";
const rowCount = Number(process.env.BULK_ROWS ?? 1000);
const prefix = process.env.BULK_PREFIX ?? "row";

/** The sandbox's key for any account: the benchmark measures sending, not the OS keychain. */
const keychain: SecretStore = { get: async () => key, set: async () => {}, delete: async () => {} };

const core = await startCore({
  userDataDir: dir,
  downloadsDir: dir,
  keychain,
  settingsBackend: confBackend(dir),
  emit: (event, payload) => {
    if (event !== "bulk:progress") return;
    const { batch } = payload as { batch: { counts: { sent: number }; state: string } };
    process.send?.({ type: "progress", sent: batch.counts.sent, state: batch.state });
  },
  embeddedSandbox: false,
  tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
  sendCheck: { scheduleMs: [0, 500, 1500, 3000], listTimeoutMs: 60_000 },
});
const handlers = createHandlers({
  app: { name: "Signdesk", version: "bench", platform: process.platform, arch: process.arch, electronVersion: null },
  core,
});
async function call<T>(channel: string, args?: unknown): Promise<T> {
  const result = await handlers.invoke(channel, args);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

let batchId: string;
if (process.env.BULK_MODE === "first") {
  const account = await core.accounts.add({ name: "Bench", baseUrl: url, apiKey: key });
  core.accounts.setActive(account.id);
  const draft = await call<{ id: string; groups: { id: string }[] }>("drafts:createFromFile", {
    fileName: "Offer.pdf",
    bytes: await makePdf(),
  });
  await call("drafts:save", {
    draft: { ...draft, fields: [{ id: "s", type: "Signature", groupId: draft.groups[0]?.id, page: 1, x: 72, y: 72 }] },
  });
  const { template } = await call<{ template: { templateId: string } }>("templates:create", {
    draftId: draft.id,
    transferId: "upload",
  });
  const rows = Array.from({ length: rowCount }, (_, index) => ({
    line: index + 2,
    recipients: [{ name: `Person ${index}`, email: `${prefix}.${index}@example.com` }],
    documentName: `Offer letter ${index}`,
    emailSubject: null,
  }));
  ({ batchId } = await call<{ batchId: string }>("bulk:create", {
    templateId: template.templateId,
    fileName: "bench.csv",
    rows,
  }));
} else {
  const batches = await call<{ batchId: string; state: string }[]>("bulk:list");
  const unfinished = batches.find((batch) => batch.state === "interrupted" || batch.state === "paused");
  if (unfinished === undefined) throw new Error(`no batch to resume: ${JSON.stringify(batches)}`);
  batchId = unfinished.batchId;
  // Rows journalled as sending when the process was killed: their answers were lost with it.
  process.send?.({ type: "in-doubt", rows: core.records.bulk.counts(batchId).sending });
}

const started = performance.now();
await call("bulk:start", { batchId });
for (;;) {
  const batch = (await call<{ batchId: string; state: string }[]>("bulk:list")).find(
    (entry) => entry.batchId === batchId,
  );
  if (batch !== undefined && batch.state !== "sending" && !core.bulk.isRunning(batchId)) {
    if (batch.state !== "done") throw new Error(`the batch stopped ${batch.state}: ${JSON.stringify(batch)}`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
process.send?.({ type: "done", seconds: (performance.now() - started) / 1000 });
await core.close();
process.exit(0);
