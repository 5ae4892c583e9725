// A test-only Electron app for the stand-in's own test (test/standin/permission-handlers.test.ts): its request handler
// grants notifications and nothing else, its check handler grants nothing; one window shows PROBE_PAGE_URL.
import { app, BrowserWindow, session } from "electron";

app.whenReady().then(() => {
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permission === "notifications"),
  );
  const window = new BrowserWindow({ webPreferences: { sandbox: true, contextIsolation: true } });
  void window.loadURL(process.env.PROBE_PAGE_URL ?? "about:blank");
});
