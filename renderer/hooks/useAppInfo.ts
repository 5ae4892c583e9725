import { useEffect, useState } from "react";
import type { AppInfo, SigndeskApi } from "../../common/contract";

export type AppInfoState =
  | { status: "loading" }
  | { status: "ready"; info: AppInfo }
  | { status: "failed"; message: string };

export function useAppInfo(bridge: SigndeskApi): AppInfoState {
  const [state, setState] = useState<AppInfoState>({ status: "loading" });
  useEffect(() => {
    let current = true;
    bridge.appInfo().then(
      (result) => {
        if (!current) return;
        setState(
          result.ok ? { status: "ready", info: result.value } : { status: "failed", message: result.error.message },
        );
      },
      (error: unknown) => {
        if (current) setState({ status: "failed", message: String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [bridge]);
  return state;
}
