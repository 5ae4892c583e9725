import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { SecretStore } from "../../main/accounts/keychain.ts";
import { startCore } from "../../main/core.ts";
import { createHandlers } from "../../main/handlers.ts";
import { confBackend } from "../../main/settings/settings.ts";
import { startChildSandbox } from "./child-sandbox.ts";

/** Keys in memory: the benchmark measures the import, not the OS keychain. */
function memoryKeychain(): SecretStore {
  const keys = new Map<string, string>();
  return {
    get: async (id) => keys.get(id) ?? null,
    set: async (id, key) => {
      keys.set(id, key);
    },
    delete: async (id) => {
      keys.delete(id);
    },
  };
}

export interface ImportFigures {
  documents: number;
  import_s: number;
  import_rss_growth_mb: number;
  sandbox_start_s: number;
}

/**
 * "Import from service" of `count` documents, through the app's real core and handler, from a sandbox in another
 * process seeded with them: seconds from the call to every row stored, and this process's peak resident memory
 * growth meanwhile (sampled every 5 ms).
 */
export async function importFigures(count: number): Promise<ImportFigures> {
  const startedSandbox = performance.now();
  const sandbox = await startChildSandbox({ seedDocuments: count });
  const sandboxStart = (performance.now() - startedSandbox) / 1000;
  const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-import-"));
  const core = await startCore({
    userDataDir: work,
    downloadsDir: work,
    keychain: memoryKeychain(),
    settingsBackend: confBackend(work),
    emit: () => {},
    embeddedSandbox: false,
    tracker: { minIntervalMs: 3_600_000 },
  });
  try {
    const account = await core.accounts.add({ name: "Seeded", baseUrl: sandbox.url, apiKey: sandbox.key });
    core.accounts.setActive(account.id);
    core.tracker.stop();
    const handlers = createHandlers({
      app: {
        name: "Signdesk",
        version: "bench",
        platform: process.platform,
        arch: process.arch,
        electronVersion: null,
      },
      core,
    });
    globalThis.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const result = await handlers.invoke("documents:import", { transferId: "bench" });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (!result.ok) throw new Error(result.error.message);
    const stored = core.records.documents.count(account.id);
    if (stored !== count) throw new Error(`${stored} of ${count} documents were stored.`);
    return {
      documents: stored,
      import_s: Number(seconds.toFixed(2)),
      import_rss_growth_mb: Math.round((peak - baseline) / 1024 / 1024),
      sandbox_start_s: Number(sandboxStart.toFixed(1)),
    };
  } finally {
    await core.close();
    sandbox.stop();
    await rm(work, { recursive: true, force: true });
  }
}
