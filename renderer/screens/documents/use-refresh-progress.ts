import { useCallback, useState } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { withProgress } from "../../with-progress";
import { refreshProgressLabel } from "./refresh-feedback";

/**
 * What a running "Refresh now" says on its button: the count main tells once the service has answered, else that
 * the service is being reached (or tried again, once an attempt found it unreachable). `follow` runs one refresh
 * call, listening to its events while it runs.
 */
export function useRefreshProgress(bridge: SigndeskApi, serviceName: string | null) {
  const intl = useIntl();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [retrying, setRetrying] = useState(false);
  const follow = useCallback(
    async <T>(call: (transferId: string) => Promise<T>): Promise<T> => {
      const stopReachability = bridge.on("service:reachability", ({ reachable }) => setRetrying(!reachable));
      try {
        return await withProgress(
          bridge,
          ["refresh"],
          ({ done, total }) => {
            if (total !== null) setProgress({ done, total });
          },
          call,
        );
      } finally {
        stopReachability();
        setProgress(null);
        setRetrying(false);
      }
    },
    [bridge],
  );
  return { label: refreshProgressLabel(intl, progress, serviceName, retrying), follow };
}
