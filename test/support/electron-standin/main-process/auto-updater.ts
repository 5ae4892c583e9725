import { EventEmitter } from "node:events";

/**
 * Electron's autoUpdater as it is on Linux (lib/browser/api/auto-updater/auto-updater-native.ts over
 * shell/browser/auto_updater.cc): an event emitter whose feed URL is "" and whose setFeedURL, checkForUpdates and
 * quitAndInstall do nothing, Squirrel being macOS's and Windows' only. electron-updater emits
 * "before-quit-for-update" on it before it quits the app to install an AppImage.
 */
class AutoUpdater extends EventEmitter {
  getFeedURL(): string {
    return "";
  }
  setFeedURL(_options: unknown): void {}
  checkForUpdates(): void {}
  quitAndInstall(): void {}
}

export const autoUpdater = new AutoUpdater();
