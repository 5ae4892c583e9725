import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { SecretStore } from "../../main/accounts/keychain";
import { openRecords } from "../../main/records/open-records";
import { startTestCore } from "../support/core-harness";
import { pendingDocument } from "../support/document-record";

/** The keys in memory: the core is closed here as quitting does, not by the harness (which would close it again). */
function memoryKeychain(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    get: async (id) => secrets.get(id) ?? null,
    set: async (id, secret) => void secrets.set(id, secret),
    delete: async (id) => void secrets.delete(id),
  };
}

describe("quitting with many unfinished documents", () => {
  it("closes after the status pass under way, not after a refresh over every document; the rest stay due", async () => {
    const test = await startTestCore({ keychain: memoryKeychain() });
    try {
      const { core } = test;
      const accountId = core.accounts.active()?.id ?? "";
      // Documents the built-in sandbox does not have, as the startup bench seeds them: each answer is a refusal.
      core.records.documents.addMany(
        Array.from({ length: 1_000 }, (_, n) => pendingDocument(`quit-${n}`, { accountId })),
      );
      // "Refresh now" over every unfinished document: ten passes of 100. The app quits once the first
      // pass's answers are stored.
      let closing: Promise<void> | null = null;
      const summary = await core.tracker.refreshNow(undefined, (done) => {
        if (done > 0) closing ??= core.close();
      });
      await closing;
      expect(closing).not.toBeNull();
      expect(summary.total).toBe(1_000);
      expect(summary.checked + summary.failed).toBe(100);

      // Nothing is lost: the next start's tracker finds the 900 documents not asked due at once.
      const reopened = openRecords(test.userDataDir).records;
      try {
        expect(reopened.documents.due(Number.MAX_SAFE_INTEGER, 10_000, null)).toHaveLength(1_000);
        expect(reopened.documents.due(0, 10_000, null)).toHaveLength(900);
      } finally {
        reopened.close();
      }
    } finally {
      await rm(test.userDataDir, { recursive: true, force: true });
      await rm(test.downloadsDir, { recursive: true, force: true });
    }
  });
});
