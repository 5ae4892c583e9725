import type { AppInfo, SigndeskApi } from "../../common/contract";
import { type Resource, useResource } from "./useResource";

export type AppInfoState = Resource<AppInfo>;

/** app:info through the bridge; `reload` after the active account changes. */
export function useAppInfo(bridge: SigndeskApi): [AppInfoState, () => void] {
  return useResource(() => bridge.appInfo(), [bridge]);
}
