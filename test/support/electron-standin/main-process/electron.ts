/**
 * The module `electron` resolves to in the stand-in's main process (see ../register.ts): a test-only stand-in for
 * the parts of Electron's main-process API that Signdesk's main and preload use, following Electron's documented
 * contracts. It is not Electron: process.versions.electron stays undefined.
 */
import { app } from "./app.ts";
import { autoUpdater } from "./auto-updater.ts";
import { BrowserWindow } from "./browser-window.ts";
import { clipboard } from "./clipboard.ts";
import { dialog, nativeTheme, shell } from "./desktop.ts";
import { ipcMain } from "./ipc-main.ts";
import { Menu, MenuItem } from "./menu.ts";
import { Notification } from "./notification.ts";
import { protocol } from "./protocol.ts";
import { session } from "./session.ts";

export {
  app,
  autoUpdater,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  MenuItem,
  Notification,
  nativeTheme,
  protocol,
  session,
  shell,
};

export default {
  app,
  autoUpdater,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  MenuItem,
  Notification,
  nativeTheme,
  protocol,
  session,
  shell,
};
