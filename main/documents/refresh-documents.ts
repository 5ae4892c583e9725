import type { RefreshOutcome } from "../../common/records";
import type { Core } from "../core-types";
import { ServiceError } from "../service/service-error";

/** What this uses of the core. */
export type RefreshDeps = Pick<
  Core,
  "activeAccount" | "clientFor" | "connection" | "emit" | "intl" | "records" | "tracker"
>;

export const iso = (time: number) => new Date(time).toISOString();

/** The account's connection state, as the renderer reads it. */
export function connectionView(core: RefreshDeps, accountId: string) {
  const state = core.connection.state(accountId);
  return {
    reachable: state.reachable,
    reason: state.reason,
    lastSuccessAt: state.lastSuccessAt === null ? null : iso(state.lastSuccessAt),
  };
}

/**
 * "Refresh now": checks the active account's unfinished documents (or these), telling progress as "refresh"
 * transfer:progress events from the service's first answer on (until then the window says it is reaching the
 * service: a count of none asked yet would read as nothing to do). With nothing to check, the service is still asked
 * once (the Test connection call), so that what is said about the connection is true; no count is told then.
 */
export async function refreshDocuments(
  core: RefreshDeps,
  pdfIds: readonly string[] | undefined,
  transferId: string | undefined,
): Promise<RefreshOutcome> {
  const account = core.activeAccount();
  const targets = pdfIds ?? core.records.documents.unfinishedIds(account.id).map((entry) => entry.pdfId);
  let counted: { done: number; total: number } | null = null;
  let answered = false;
  const tell = () => {
    if (transferId !== undefined && answered && counted !== null && counted.total > 0)
      core.emit("transfer:progress", { transferId, kind: "refresh", ...counted });
  };
  // Any answer from the service (a refusal too) shows it is there: the count starts.
  const stopWatching = core.connection.watch(account.id, (state) => {
    if (!state.reachable || answered) return;
    answered = true;
    tell();
  });
  const summary = await core.tracker
    .refreshNow(targets, (done, total) => {
      counted = { done, total };
      tell();
    })
    .finally(stopWatching);
  let reason = summary.reason;
  if (summary.total === 0) {
    // One small question: a known document's details (any answer shows the service is there), else the list, read
    // as a stream and dropped (an account with none recorded here may still have many at the service).
    const known = core.records.documents.newestId(account.id);
    const client = core.clientFor(account);
    reason = await (known === null ? client.getAllDocumentsInBatches(() => {}) : client.getDocumentDetails(known)).then(
      () => null,
      (error: unknown) =>
        // A document the service no longer has still shows that the service answers.
        error instanceof ServiceError && error.category === "not_found"
          ? null
          : error instanceof ServiceError
            ? error.words
            : error instanceof Error
              ? error.message
              : String(error),
    );
  }
  const connection = connectionView(core, account.id);
  return {
    ...connection,
    reachable: connection.reachable && !summary.unreachable,
    reason: reason ?? connection.reason,
    total: summary.total,
    checked: summary.checked,
    failed: summary.failed,
  };
}
