import { homedir } from "node:os";
import path from "node:path";
import type { App } from "electron";
import type { UpdaterApp } from "../updates/updater-app";

/**
 * Electron's app as electron-updater's own ElectronAppAdapter sees it (which cannot be given an executor of its own).
 * Downloads wait in the user's cache folder, as electron-updater places them (its getAppCacheDir).
 */
export function electronUpdaterApp(app: App, resourcesPath: string): UpdaterApp {
  const cacheDir =
    process.platform === "win32"
      ? (process.env.LOCALAPPDATA ?? path.join(homedir(), "AppData", "Local"))
      : process.platform === "darwin"
        ? path.join(homedir(), "Library", "Caches")
        : (process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"));
  return {
    version: app.getVersion(),
    name: app.getName(),
    isPackaged: app.isPackaged,
    appUpdateConfigPath: path.join(resourcesPath, "app-update.yml"),
    userDataPath: app.getPath("userData"),
    baseCachePath: cacheDir,
    whenReady: () => app.whenReady(),
    relaunch: () => app.relaunch(),
    quit: () => app.quit(),
    onQuit: (handler) => {
      app.once("quit", (_event, exitCode) => handler(exitCode));
    },
  };
}
