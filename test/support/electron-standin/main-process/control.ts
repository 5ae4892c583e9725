import { app } from "./app.ts";
import { launchState } from "./app-state.ts";
import { BrowserWindow } from "./browser-window.ts";
import type { ChromiumHost } from "./chromium-host.ts";
import { clipboard } from "./clipboard.ts";
import { preventableEvent } from "./emitter-event.ts";
import { collectGarbage } from "./garbage.ts";
import { ipcMain } from "./ipc-main.ts";
import { describeMenu, Menu } from "./menu.ts";
import { clickNotification, shownNotifications } from "./notification.ts";
import { answerWithHandler, protocol } from "./protocol.ts";
import { records } from "./records.ts";
import { session } from "./session.ts";

/**
 * The stand-in's control channel for tests (Node's IPC channel when a test spawns it): what the desktop would do
 * (focus a window, click a menu item or a notification, start a second instance), a garbage collection and what the app did. The test
 * drives the window's page itself over DevTools (`cdpEndpoint`). Nothing here evaluates code sent by the test.
 */
type Command =
  | { op: "state" }
  | { op: "window"; windowId: number; action: "focus" | "blur" | "minimize" | "close" }
  | { op: "menu-click"; itemId: string }
  | { op: "notification-click"; index: number }
  | { op: "gc" }
  | { op: "protocol-fetch"; url: string; method?: string }
  | { op: "load-url"; windowId: number; url: string }
  | { op: "invoke-from-frame"; windowId: number; frameUrl: string; channel: string; args: unknown[] }
  | { op: "attach-webview"; windowId: number }
  | { op: "device-permission"; details: Record<string, unknown> }
  | { op: "quit" };

function windowById(id: number): BrowserWindow {
  const window = BrowserWindow.fromId(id);
  if (window === null) throw new Error(`No window ${id}.`);
  return window;
}

function state(host: ChromiumHost | null) {
  return JSON.parse(
    JSON.stringify({
      ready: launchState.ready,
      cdpEndpoint: host?.cdpEndpoint ?? null,
      sandboxEnabled: launchState.sandboxEnabled,
      paths: { userData: app.getPath("userData"), downloads: app.getPath("downloads") },
      windows: BrowserWindow.getAllWindows().map((window) => ({
        id: window.id,
        url: window.webContents.getURL(),
        visible: window.isVisible(),
        focused: window.isFocused(),
        minimized: window.isMinimized(),
        options: { ...window.options, webPreferences: undefined },
        webPreferences: window.webPreferences,
      })),
      ipc: ipcMain.channels(),
      protocols: { privileged: protocol.privileged, handled: [...protocol.handlers.keys()] },
      menu: describeMenu(Menu.getApplicationMenu()),
      notifications: shownNotifications(),
      clipboard: { text: clipboard.readText(), selection: clipboard.readText("selection") },
      records,
    }),
  );
}

async function run(command: Command, host: ChromiumHost | null): Promise<unknown> {
  switch (command.op) {
    case "state":
      return state(host);
    case "window": {
      const window = windowById(command.windowId);
      if (command.action === "focus") window.focus();
      else if (command.action === "blur") window.blur();
      else if (command.action === "minimize") window.minimize();
      else window.close();
      return null;
    }
    case "menu-click": {
      const item = Menu.getApplicationMenu()?.getMenuItemById(command.itemId);
      if (item == null) throw new Error(`No menu item ${command.itemId}.`);
      item.click();
      return null;
    }
    case "notification-click":
      return { delivered: clickNotification(command.index) };
    case "gc":
      await collectGarbage();
      return null;
    case "protocol-fetch": {
      const response = await answerWithHandler(new Request(command.url, { method: command.method ?? "GET" }));
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()).toString("base64"),
      };
    }
    case "load-url":
      await windowById(command.windowId).webContents.loadURL(command.url);
      return null;
    case "invoke-from-frame":
      return windowById(command.windowId).webContents.invokeFromFrame(command.frameUrl, command.channel, command.args);
    case "attach-webview": {
      const event = preventableEvent();
      const webPreferences = { preload: "", nodeIntegration: true, contextIsolation: false };
      windowById(command.windowId).webContents.emit("will-attach-webview", event, webPreferences, {
        src: "https://example.invalid/",
      });
      return { prevented: event.defaultPrevented };
    }
    case "device-permission":
      return session.defaultSession.checkDevicePermission(command.details);
    case "quit":
      app.quit();
      return null;
  }
}

/** Answers the test's commands; tells it once Chromium is up (`ready`, with the DevTools endpoint). */
export function openControlChannel(): { announce(host: ChromiumHost): void } {
  let host: ChromiumHost | null = null;
  const send = process.send?.bind(process);
  if (send === undefined) return { announce() {} };
  process.channel?.unref();
  // A test that went away (timed out, killed) leaves no app behind: the stand-in quits as if told to.
  process.on("disconnect", () => app.quit());
  process.on("message", (message: { id: number } & Command) => {
    run(message, host).then(
      (value) => send({ id: message.id, ok: true, value }),
      (error: unknown) => send({ id: message.id, ok: false, error: String(error) }),
    );
  });
  return {
    announce(running) {
      host = running;
      send({ event: "ready", cdpEndpoint: running.cdpEndpoint });
    },
  };
}
