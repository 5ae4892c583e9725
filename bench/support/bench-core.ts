import type { SecretStore } from "../../main/accounts/keychain.ts";
import { type CoreOptions, type RunningCore, startCore } from "../../main/core.ts";
import { confBackend } from "../../main/settings/settings.ts";

/**
 * The core as a benchmark runs it: its data (and downloads) in `work`, the key from `key` rather than the OS keychain
 * (the benchmark measures the core, not the keychain), no built-in sandbox, and status checks left to the benchmark.
 */
export function startBenchCore(
  work: string,
  key: string | null,
  options: Partial<CoreOptions> = {},
): Promise<RunningCore> {
  const keychain: SecretStore = { get: async () => key, set: async () => {}, delete: async () => {} };
  return startCore({
    userDataDir: work,
    downloadsDir: work,
    keychain,
    settingsBackend: confBackend(work),
    emit: () => {},
    embeddedSandbox: false,
    tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
    ...options,
  });
}
