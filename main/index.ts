import { release } from "node:os";
import path from "node:path";
import { app, type BrowserWindow, clipboard, session, shell } from "electron";
import { appId } from "../common/app-identity";
import { defineMessages } from "../common/i18n/define-messages";
import { inEnglish } from "../common/i18n/english";
import { pickLocale } from "../common/i18n/locales";
import { type PhraseOrText, phrase } from "../common/i18n/phrase";
import { osKeychain } from "./accounts/keychain";
import { type RunningCore, startCore } from "./core";
import type { Dispatcher } from "./dispatch";
import { registerAppSchemeAsPrivileged, serveAppProtocol } from "./electron/app-protocol";
import { appUpdateService } from "./electron/app-updates";
import { LinkNavigation, receiveDeepLinks } from "./electron/deep-links";
import { sendEvent } from "./electron/events";
import { hardenSession, lockDownWebContents } from "./electron/hardening";
import { registerIpc } from "./electron/ipc";
import { installApplicationMenu, type MenuOptions } from "./electron/menu";
import { showDesktopNotification } from "./electron/notifications";
import { warnOfWaitingItemsOnQuit } from "./electron/quit-warning";
import { refuseToRunUnsandboxed } from "./electron/sandbox-refusal";
import { createMainWindow } from "./electron/window";
import { HandlerError } from "./handler-error";
import { createHandlers } from "./handlers";
import { intlForLocale } from "./i18n/main-intl";
import { productName } from "./product-name";
import { sandboxRefusalWords } from "./sandbox-refusal";
import { confBackend } from "./settings/settings";
import {
  createStartupFailureHandlers,
  describeStartupError,
  setAsideStartupData,
  switchableDispatcher,
} from "./startup-failure";
import { appOrigin } from "./trusted-sender";
import type { UpdateService } from "./updates/update-service";
import { holdYoungGeneration } from "./young-generation";

const messages = defineMessages({
  stillNotStarted: {
    id: "main.startup.stillNotStarted",
    defaultMessage: "The data was set aside in {folder}, but {app} still cannot start: {reason}",
    description: "{reason} is the error's own message",
  },
});

// The bundle lives in dist/main; the renderer and preload are built beside it.
const distDir = path.resolve(import.meta.dirname, "..");
const rendererDir = path.join(distDir, "renderer");
const preloadPath = path.join(distDir, "preload", "index.cjs");
const devServerUrl = app.isPackaged ? undefined : process.env.SIGNDESK_DEV_SERVER_URL;

holdYoungGeneration();
app.enableSandbox();
// Windows shows an app's notifications only under the AppUserModelID of its Start menu shortcut, which the NSIS
// installer sets to electron-builder.yml's appId (Electron's docs/tutorial/notifications.md, "Windows").
if (process.platform === "win32") app.setAppUserModelId(appId);
registerAppSchemeAsPrivileged();

let mainWindow: BrowserWindow | null = null;
let core: RunningCore | null = null;
let updates: UpdateService | null = null;
/** Set once "Restart now" closes the window to install an update: the app quits to install, not on the last window. */
let restartingForUpdate = false;
/** Set while the core is starting (it starts beside Chromium and the window): quitting meanwhile waits for it. */
let coreStarting: Promise<void> | null = null;
/** The application menu's parts, once the app is ready; it is built again in each new language. */
let menu: MenuOptions | null = null;

/** Main's words in the language chosen now (English from each message's default before the core has started). */
function renderWords(words: PhraseOrText): string {
  if (typeof words === "string") return words;
  return core === null ? inEnglish(words) : core.intl.render(words);
}

function refreshMenu(): void {
  if (menu !== null && core !== null) installApplicationMenu(menu, core.intl.intl);
}

// The built-in sandbox's signing pages (http on this computer) may open in the system browser too.
lockDownWebContents(
  () => (core?.sandbox == null ? [] : [new URL(core.sandbox.url).origin]),
  (message) => {
    if (mainWindow !== null) sendEvent(mainWindow, "desktop:failed", { message });
  },
);

/** signdesk:// links, told to the window once it listens; a link brings the window forward once the app is ready. */
const links = new LinkNavigation(
  () => mainWindow,
  () => {
    if (app.isReady()) focusMainWindow();
  },
);

function openMainWindow(): void {
  mainWindow = createMainWindow({ preloadPath, startUrl: devServerUrl ?? `${appOrigin}/index.html` });
  // Coming back to the window is when the user wants fresh statuses: of the recent documents at once (older ones keep
  // their back-off: with 100,000 documents, a glance at the window must not ask about each of them).
  mainWindow.on("focus", () => core?.tracker.refreshRecent());
  // A page loaded again listens to app:navigate only once it asks for what waits (deep-links.ts).
  mainWindow.webContents.on("did-navigate", () => links.pageGone());
  mainWindow.on("closed", () => {
    mainWindow = null;
    links.pageGone();
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

const identity = {
  name: app.getName(),
  version: app.getVersion(),
  platform: process.platform,
  arch: process.arch,
  electronVersion: process.versions.electron ?? null,
};

async function startAppCore(): Promise<Dispatcher> {
  core = await startCore({
    userDataDir: app.getPath("userData"),
    downloadsDir: app.getPath("downloads"),
    keychain: osKeychain(),
    settingsBackend: confBackend(app.getPath("userData")),
    emit: (event, payload) => {
      if (mainWindow !== null) sendEvent(mainWindow, event, payload);
    },
    // The core starts before the app is ready, when Electron cannot show notifications yet.
    notify: (notification) =>
      void app.whenReady().then(() => showDesktopNotification(notification, () => mainWindow, renderWords)),
    shell: { showItemInFolder: (file) => shell.showItemInFolder(file), openPath: (file) => shell.openPath(file) },
    clipboard: { writeText: (text) => clipboard.writeText(text) },
    // Chromium's answer (system settings, PAC, --proxy-server): the window and main go the same way. The session
    // exists only once the app is ready (before, Electron throws), and the core's first requests may come sooner.
    resolveProxy: async (url) => {
      await app.whenReady();
      return session.defaultSession.resolveProxy(url);
    },
    log: (message) => console.warn(`[signdesk] ${message}`),
    systemLanguages: () => app.getPreferredSystemLanguages(),
  });
  const started = core;
  started.intl.onChange(refreshMenu);
  refreshMenu();
  started.appLog.info(
    `${identity.name} ${identity.version} started: Electron ${identity.electronVersion}, Chrome ${process.versions.chrome}, ` +
      `Node ${process.versions.node}, ${process.platform} ${release()} ${process.arch}`,
  );
  updates = appUpdateService({
    app,
    core: started,
    // The new version starts while this one quits, so first, in a quit's order: the window closes (its page saves
    // a draft's last change as it goes, as on any quit), then the records (waiting for that save), and the
    // single-instance lock is let go (else the new copy would hand itself over to this one and quit).
    beforeRestart: async () => {
      restartingForUpdate = true;
      const window = mainWindow;
      if (window !== null && !window.isDestroyed()) {
        await new Promise<void>((resolve) => {
          window.once("closed", () => resolve());
          window.close();
        });
      }
      const running = core;
      core = null;
      try {
        await running?.close();
      } finally {
        app.releaseSingleInstanceLock();
      }
    },
  });
  updates.start();
  return createHandlers({
    app: identity,
    core,
    updates,
    takeNavigation: () => links.take(),
    onUnexpectedError: (channel, error) => {
      console.error(`[ipc] ${channel} failed:`, error);
      started.appLog.error(
        `${channel} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : "unknown"}`,
      );
    },
  });
}

/** When the core cannot start, the window still opens: on a screen that says why and offers to set the data aside. */
function startupFailureHandlers(error: unknown, handlers: { use(next: Dispatcher): void }): Dispatcher {
  console.error("Signdesk failed to start:", error);
  const userDataDir = app.getPath("userData");
  return createStartupFailureHandlers({
    app: identity,
    error,
    userDataDir,
    systemLanguages: () => app.getPreferredSystemLanguages(),
    recover: async () => {
      const folder = await setAsideStartupData(userDataDir);
      try {
        handlers.use(await startAppCore());
      } catch (again) {
        console.error("Signdesk failed to start again:", again);
        throw new HandlerError(
          "not_started",
          phrase(messages.stillNotStarted, { folder, app: productName, reason: describeStartupError(again) }),
        );
      }
      return folder;
    },
  });
}

/**
 * The core (records, the built-in sandbox, the outbox) starts at once, beside Chromium's start and the window's page
 * loading, rather than before them: calls from the window wait for it (switchableDispatcher).
 */
async function start(): Promise<void> {
  const handlers = switchableDispatcher();
  coreStarting = startAppCore()
    .then(
      (dispatcher) => handlers.use(dispatcher),
      (error: unknown) => handlers.use(startupFailureHandlers(error, handlers)),
    )
    .finally(() => {
      coreStarting = null;
    });
  await app.whenReady();
  serveAppProtocol(rendererDir);
  hardenSession(session.defaultSession);
  const allowedOrigins = devServerUrl === undefined ? [appOrigin] : [appOrigin, new URL(devServerUrl).origin];
  registerIpc(handlers, allowedOrigins);
  menu = {
    getWindow: () => mainWindow,
    devMode: devServerUrl !== undefined,
    checkForUpdates: () => void updates?.check(),
  };
  // In the system's language until the core has read the person's choice (then refreshMenu runs again).
  installApplicationMenu(menu, core?.intl.intl ?? (await intlForLocale(pickLocale(app.getPreferredSystemLanguages()))));
  openMainWindow();
  app.on("activate", focusMainWindow);
}

// Never without Chromium's sandbox: started with --no-sandbox (an AppImage where AppArmor blocks it), say what to do.
const refusal = sandboxRefusalWords({
  platform: process.platform,
  noSandbox: app.commandLine.hasSwitch("no-sandbox"),
  appImagePath: process.env.APPIMAGE ?? null,
});
if (refusal !== null) {
  refuseToRunUnsandboxed(refusal);
} else if (app.requestSingleInstanceLock()) {
  app.on("second-instance", focusMainWindow);
  receiveDeepLinks(app, links, process.argv);
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin" && !restartingForUpdate) app.quit();
  });
  warnOfWaitingItemsOnQuit(
    app,
    () => mainWindow,
    () => core?.outbox.waitingCount() ?? 0,
    renderWords,
  );
  app.on("will-quit", (event) => {
    if (core === null && coreStarting === null) return;
    event.preventDefault();
    const closing = async () => {
      await coreStarting;
      updates?.stop();
      const running = core;
      core = null;
      await running?.close();
    };
    void closing().finally(() => app.quit());
  });
  start().catch((error: unknown) => {
    console.error("Signdesk failed to start:", error);
    app.exit(1);
  });
} else {
  app.quit();
}
