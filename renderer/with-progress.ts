import type { EventPayload, SigndeskApi } from "../common/contract";

export type TransferProgress = EventPayload<"transfer:progress">;
type TransferKind = TransferProgress["kind"];

/** A new ID for a call's transfer:progress events. */
export function newTransferId(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Runs `call` with a new transfer ID, handing `onProgress` main's transfer:progress events of that transfer (of the
 * `kinds` given, or all) until the call settles.
 */
export async function withProgress<T>(
  bridge: Pick<SigndeskApi, "on">,
  kinds: readonly TransferKind[] | "all",
  onProgress: (progress: TransferProgress) => void,
  call: (transferId: string) => Promise<T>,
): Promise<T> {
  const transferId = newTransferId();
  const stop = bridge.on("transfer:progress", (event) => {
    if (event.transferId === transferId && (kinds === "all" || kinds.includes(event.kind))) onProgress(event);
  });
  try {
    return await call(transferId);
  } finally {
    stop();
  }
}
