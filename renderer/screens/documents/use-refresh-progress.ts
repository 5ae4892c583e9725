import { useCallback, useState } from "react";
import type { SigndeskApi } from "../../../common/contract";
import { refreshProgressLabel } from "./refresh-feedback";

/**
 * What a running "Refresh now" says on its button: the count main tells once the service has answered, else that
 * the service is being reached (or tried again, once an attempt found it unreachable). `follow` listens for one
 * refresh's events and answers a function that stops listening.
 */
export function useRefreshProgress(bridge: SigndeskApi, serviceName: string | null) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [retrying, setRetrying] = useState(false);
  const follow = useCallback(
    (transferId: string) => {
      const stopProgress = bridge.on("transfer:progress", (event) => {
        if (event.transferId === transferId && event.kind === "refresh" && event.total !== null)
          setProgress({ done: event.done, total: event.total });
      });
      const stopReachability = bridge.on("service:reachability", ({ reachable }) => setRetrying(!reachable));
      return () => {
        stopProgress();
        stopReachability();
        setProgress(null);
        setRetrying(false);
      };
    },
    [bridge],
  );
  return { label: refreshProgressLabel(progress, serviceName, retrying), follow };
}
