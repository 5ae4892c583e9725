import { useEffect, useState } from "react";
import type { SigndeskApi } from "../../common/contract";
import type { UpdateState } from "../../common/updates";

/** Where this copy's update stands, as main tells it (updates:state, then each updates:changed); null until known. */
export function useUpdateState(bridge: SigndeskApi): UpdateState | null {
  const [state, setState] = useState<UpdateState | null>(null);
  useEffect(() => {
    let mounted = true;
    let heard = false;
    const stop = bridge.on("updates:changed", (next) => {
      heard = true; // newer than the first answer below
      setState(next);
    });
    void bridge.updatesState().then((result) => {
      if (mounted && !heard && result.ok) setState(result.value);
    });
    return () => {
      mounted = false;
      stop();
    };
  }, [bridge]);
  return state;
}
