import { startTestCore, type TestCore } from "./core-harness";
import { startFaultServer } from "./fault-server";
import type { ManualClock } from "./manual-clock";
import { makePdf } from "./pdf-fixtures";
import { startVariantServer } from "./variant-server";

/** When the service is asked after a lost answer: fast, so that the tests are. */
export const scheduleMs = [0, 150, 400, 800, 1500];

/** A draft of `fileName` with one Text field: ready to become a template. */
export async function draftOf(app: TestCore, fileName: string): Promise<string> {
  const draft = await app.call("draftsCreateFromFile", { fileName, bytes: await makePdf() });
  await app.call("draftsSave", {
    draft: {
      ...draft,
      fields: [{ id: "n", type: "Text", groupId: draft.groups[0]?.id ?? "", page: 1, x: 72, y: 72 }],
    },
  });
  return draft.id;
}

/**
 * The app, its account behind a fault server in front of a variant server, and the account's ID. The client's
 * time-outs pass only when the test fires `timers`: a busy machine never makes an answer late.
 */
export async function startBehindFault(name: string, timers: ManualClock) {
  const server = await startVariantServer();
  const fault = await startFaultServer({ upstream: server.url });
  const app = await startTestCore({
    embeddedSandbox: false,
    client: { timers, backoffBaseMs: 10, maxGetAttempts: 2 },
    tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
    // Only bounds a look that hangs; the looks here answer.
    sendCheck: { scheduleMs, listTimeoutMs: 60_000 },
  });
  const account = await app.call("accountsAdd", { name, baseUrl: fault.url, apiKey: server.key });
  await app.call("accountsSetActive", { id: account.id });
  return { server, fault, app, accountId: account.id };
}
