import type { EventPayload, SigndeskApi } from "../common/contract";

export type TransferProgress = EventPayload<"transfer:progress">;
type TransferKind = TransferProgress["kind"];

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
  // The window is a secure context (the app's own scheme, or loopback in the tests): randomUUID is always there.
  const transferId = crypto.randomUUID();
  const stop = bridge.on("transfer:progress", (event) => {
    if (event.transferId === transferId && (kinds === "all" || kinds.includes(event.kind))) onProgress(event);
  });
  try {
    return await call(transferId);
  } finally {
    stop();
  }
}
