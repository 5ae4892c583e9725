import { BrowserWindow, nativeTheme } from "electron";
import { devToolsAllowed } from "./hardening";

export interface MainWindowOptions {
  preloadPath: string;
  startUrl: string;
}

export function createMainWindow({ preloadPath, startUrl }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 600,
    title: "Signdesk",
    show: false,
    backgroundColor: nativeTheme.shouldUseDarkColors ? "#17191d" : "#f5f6f8",
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      disableBlinkFeatures: "Auxclick",
      // Electron's default (on) in development; a packaged build has no DevTools at all.
      ...(devToolsAllowed() ? {} : { devTools: false }),
    },
  });
  window.once("ready-to-show", () => window.show());
  // loadURL rejects when the load fails or is cut short; unhandled, Electron would show its main-process error box.
  window.loadURL(startUrl).catch((error: unknown) => {
    console.error(
      `[signdesk] The window could not load ${startUrl}: ${error instanceof Error ? error.message : error}`,
    );
  });
  return window;
}
