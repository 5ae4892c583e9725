import type { AppAdapter } from "electron-updater/out/AppAdapter.js";
import type { ProxySettings } from "../service/proxy-agents";
import { FeedExecutor } from "./feed-executor";
import type { UpdaterEngine } from "./update-service";
import type { UpdaterKind } from "./updater-kind";

/** How the updater's requests go: main's proxy settings and the proxy sign-in's prompt. */
export interface UpdaterNetwork {
  proxy: ProxySettings | undefined;
  onProxySignInNeeded?: (address: string) => void;
}

/**
 * electron-updater's updater for this copy. Imported only when first needed (`import()` of this module): neither it
 * nor builder-util-runtime is read at start. Given the app, electron-updater leaves the requests to the caller, as its
 * own tests do: they go through a FeedExecutor.
 */
export async function createUpdaterEngine(
  kind: Exclude<UpdaterKind, { kind: "unavailable" }>,
  /** The app as electron-updater asks of it, given the user's cache folder it places downloads in. */
  appFor: (cacheDir: string) => AppAdapter,
  network: UpdaterNetwork,
  log: (message: string) => void,
): Promise<UpdaterEngine> {
  // A CommonJS package: its exports are the module's default (esbuild's bundle gives no named ones for it).
  const { AppImageUpdater, MacUpdater, NsisUpdater } = (await import("electron-updater")).default;
  const { getAppCacheDir } = (await import("electron-updater/out/AppAdapter.js")).default;
  const app = appFor(getAppCacheDir());
  const updater =
    kind.kind === "appimage"
      ? new AppImageUpdater(undefined, app)
      : kind.kind === "nsis"
        ? new NsisUpdater(undefined, app)
        : new MacUpdater(undefined, app);
  (updater as unknown as { httpExecutor: FeedExecutor }).httpExecutor = new FeedExecutor(network);
  updater.logger = { info: log, warn: log, error: log };
  return updater;
}
