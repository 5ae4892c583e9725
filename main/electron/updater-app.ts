import path from "node:path";
import type { App } from "electron";
import type { AppAdapter } from "electron-updater/out/AppAdapter.js";

/**
 * Electron's app as electron-updater's own ElectronAppAdapter sees it (that one cannot be given an executor of its
 * own): the version, where app-update.yml and the staging ID are, the cache folder downloads wait in, and the quit.
 */
export function electronUpdaterApp(app: App, resourcesPath: string, cacheDir: string): AppAdapter {
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
