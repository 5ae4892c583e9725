import path from "node:path";
import { app, type BrowserWindow, session, shell } from "electron";
import { osKeychain } from "./accounts/keychain";
import { type RunningCore, startCore } from "./core";
import { registerAppSchemeAsPrivileged, serveAppProtocol } from "./electron/app-protocol";
import { sendEvent } from "./electron/events";
import { hardenSession, lockDownWebContents } from "./electron/hardening";
import { registerIpc } from "./electron/ipc";
import { installApplicationMenu } from "./electron/menu";
import { showDesktopNotification } from "./electron/notifications";
import { createMainWindow } from "./electron/window";
import { createHandlers } from "./handlers";
import { confBackend } from "./settings/settings";
import { appOrigin } from "./trusted-sender";

// The bundle lives in dist/main; the renderer and preload are built beside it.
const distDir = path.resolve(import.meta.dirname, "..");
const rendererDir = path.join(distDir, "renderer");
const preloadPath = path.join(distDir, "preload", "index.cjs");
const devServerUrl = app.isPackaged ? undefined : process.env.SIGNDESK_DEV_SERVER_URL;

app.enableSandbox();
registerAppSchemeAsPrivileged();

let mainWindow: BrowserWindow | null = null;
let core: RunningCore | null = null;

// The built-in sandbox's signing pages (http on this computer) may open in the system browser too.
lockDownWebContents(() => (core?.sandbox == null ? [] : [new URL(core.sandbox.url).origin]));

function openMainWindow(): void {
  mainWindow = createMainWindow({ preloadPath, startUrl: devServerUrl ?? `${appOrigin}/index.html` });
  // Coming back to the window is when the user wants fresh statuses.
  mainWindow.on("focus", () => void core?.tracker.refreshNow());
  mainWindow.on("closed", () => {
    mainWindow = null;
  });
}

function focusMainWindow(): void {
  if (mainWindow === null) {
    openMainWindow();
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

async function start(): Promise<void> {
  await app.whenReady();
  serveAppProtocol(rendererDir);
  hardenSession(session.defaultSession);
  core = await startCore({
    userDataDir: app.getPath("userData"),
    downloadsDir: app.getPath("downloads"),
    keychain: osKeychain(),
    settingsBackend: confBackend(app.getPath("userData")),
    emit: (event, payload) => {
      if (mainWindow !== null) sendEvent(mainWindow, event, payload);
    },
    notify: (notification) => showDesktopNotification(notification, () => mainWindow),
    shell: { showItemInFolder: (file) => shell.showItemInFolder(file), openPath: (file) => shell.openPath(file) },
    log: (message) => console.warn(`[signdesk] ${message}`),
  });
  const dispatcher = createHandlers({
    app: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      arch: process.arch,
      electronVersion: process.versions.electron ?? null,
    },
    core,
    onUnexpectedError: (channel, error) => console.error(`[ipc] ${channel} failed:`, error),
  });
  const allowedOrigins = devServerUrl === undefined ? [appOrigin] : [appOrigin, new URL(devServerUrl).origin];
  registerIpc(dispatcher, allowedOrigins);
  installApplicationMenu(() => mainWindow, devServerUrl !== undefined);
  openMainWindow();
  app.on("activate", focusMainWindow);
}

if (app.requestSingleInstanceLock()) {
  app.on("second-instance", focusMainWindow);
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.on("will-quit", (event) => {
    if (core === null) return;
    const closing = core;
    core = null;
    event.preventDefault();
    void closing.close().finally(() => app.quit());
  });
  start().catch((error: unknown) => {
    console.error("Signdesk failed to start:", error);
    app.exit(1);
  });
} else {
  app.quit();
}
