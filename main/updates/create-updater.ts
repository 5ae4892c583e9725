import type { FeedExecutor } from "./feed-executor";
import type { UpdaterEngine } from "./update-service";
import type { UpdaterApp } from "./updater-app";
import type { UpdaterKind } from "./updater-kind";

/**
 * electron-updater's updater for this copy (loaded when first needed: nothing of it is read at start). Given the app,
 * electron-updater leaves the requests to the caller, as its own tests do: they go through `executor`.
 */
export async function createUpdaterEngine(
  kind: Exclude<UpdaterKind, { kind: "unavailable" }>,
  app: UpdaterApp,
  executor: FeedExecutor,
  log: (message: string) => void,
): Promise<UpdaterEngine> {
  // A CommonJS package: its exports are the module's default (esbuild's bundle gives no named ones for it).
  const { AppImageUpdater, MacUpdater, NsisUpdater } = (await import("electron-updater")).default;
  const updater =
    kind.kind === "appimage"
      ? new AppImageUpdater(undefined, app)
      : kind.kind === "nsis"
        ? new NsisUpdater(undefined, app)
        : new MacUpdater(undefined, app);
  (updater as unknown as { httpExecutor: FeedExecutor }).httpExecutor = executor;
  updater.logger = { info: log, warn: log, error: log };
  return updater;
}
