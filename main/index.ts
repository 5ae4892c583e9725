import path from "node:path";
import { app, type BrowserWindow, session } from "electron";
import { registerAppSchemeAsPrivileged, serveAppProtocol } from "./electron/app-protocol";
import { hardenSession, lockDownWebContents } from "./electron/hardening";
import { registerIpc } from "./electron/ipc";
import { installApplicationMenu } from "./electron/menu";
import { createMainWindow } from "./electron/window";
import { createHandlers } from "./handlers";
import { appOrigin } from "./trusted-sender";

// The bundle lives in dist/main; the renderer and preload are built beside it.
const distDir = path.resolve(import.meta.dirname, "..");
const rendererDir = path.join(distDir, "renderer");
const preloadPath = path.join(distDir, "preload", "index.cjs");
const devServerUrl = app.isPackaged ? undefined : process.env.SIGNDESK_DEV_SERVER_URL;

app.enableSandbox();
registerAppSchemeAsPrivileged();
lockDownWebContents();

let mainWindow: BrowserWindow | null = null;

function openMainWindow(): void {
  mainWindow = createMainWindow({ preloadPath, startUrl: devServerUrl ?? `${appOrigin}/index.html` });
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
  const dispatcher = createHandlers({
    app: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      arch: process.arch,
      electronVersion: process.versions.electron ?? null,
    },
    activeAccount: () => null,
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
  start().catch((error: unknown) => {
    console.error("Signdesk failed to start:", error);
    app.exit(1);
  });
} else {
  app.quit();
}
