import type { App } from "electron";
import type { Core } from "../core-types";
import { UpdateService } from "../updates/update-service";
import { updaterKindFor } from "../updates/updater-kind";
import { electronUpdaterApp } from "./updater-app";

export type UpdateCoreDeps = Pick<Core, "clock" | "proxy" | "proxySignIns" | "appLog" | "outbox" | "bulk" | "emit">;

/** The installed app's updates: electron-updater for this platform's copy, its requests made as main's are. */
export function appUpdateService(options: {
  app: App;
  core: UpdateCoreDeps;
  beforeRestart: () => Promise<void>;
}): UpdateService {
  const { app, core } = options;
  const kind = updaterKindFor({
    platform: process.platform,
    isPackaged: app.isPackaged,
    appImagePath: process.env.APPIMAGE ?? null,
  });
  const log = (message: string) => core.appLog.info(`Updates: ${message}`);
  return new UpdateService({
    current: app.getVersion(),
    engine:
      kind.kind === "unavailable"
        ? { unavailable: kind.reason }
        : async () => {
            // Loaded at the first check, not at start (electron-updater and its HTTP code are some 250 KB).
            const { createUpdaterEngine } = await import("../updates/create-updater");
            const network = {
              proxy: core.proxy,
              onProxySignInNeeded: (address: string) => core.proxySignIns.asked(address),
            };
            return createUpdaterEngine(
              kind,
              (cacheDir) => electronUpdaterApp(app, process.resourcesPath, cacheDir),
              network,
              log,
            );
          },
    clock: core.clock,
    sending: () => core.outbox.sendingCount() > 0 || core.bulk.runningCount() > 0,
    beforeRestart: options.beforeRestart,
    onRestartFailed: () => app.quit(),
    onChange: (state) => core.emit("updates:changed", state),
    log,
  });
}
