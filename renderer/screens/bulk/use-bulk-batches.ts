import { useEffect } from "react";
import type { SigndeskApi } from "../../../common/contract";
import { useResource } from "../../hooks/useResource";

/** The account's bulk sends, read again at most once a second while one of them sends. */
export function useBulkBatches(bridge: SigndeskApi) {
  const [batches, reload] = useResource(() => bridge.bulkList(), [bridge]);
  useEffect(() => {
    let pending: number | null = null;
    const stop = bridge.on("bulk:progress", () => {
      pending ??= window.setTimeout(() => {
        pending = null;
        reload();
      }, 1000);
    });
    return () => {
      stop();
      if (pending !== null) window.clearTimeout(pending);
    };
  }, [bridge, reload]);
  return batches;
}
