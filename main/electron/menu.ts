import type { IntlShape } from "@formatjs/intl";
import { app, type BrowserWindow, Menu, type MenuItemConstructorOptions } from "electron";
import { screenTitles } from "../../common/screen-titles";
import { type ScreenId, screenIds, screenInfo } from "../../common/screens";
import { sendEvent } from "./events";
import { devToolsAllowed } from "./hardening";
import { menuMessages as m } from "./menu-messages";

export interface MenuOptions {
  getWindow: () => BrowserWindow | null;
  /** Reload and Toggle Developer Tools only in development, never when packaged. */
  devMode: boolean;
  checkForUpdates: () => void;
}

/** macOS's application menu, as Electron's appMenu role builds it, in our words. */
function macAppMenu(t: IntlShape["formatMessage"]): MenuItemConstructorOptions {
  const name = app.getName();
  return {
    role: "appMenu",
    label: name,
    submenu: [
      { role: "about", label: t(m.about, { name }) },
      { type: "separator" },
      { role: "services", label: t(m.services) },
      { type: "separator" },
      { role: "hide", label: t(m.hide, { name }) },
      { role: "hideOthers", label: t(m.hideOthers) },
      { role: "unhide", label: t(m.showAll) },
      { type: "separator" },
      { role: "quit", label: t(m.quitNamed, { name }) },
    ],
  };
}

/**
 * The application menu in `intl`'s language; built again whenever the language changes. Items with a role get
 * our own label too: Electron's default labels for roles are English on Windows and Linux. "Check for updates…"
 * shows the Accounts screen's Updates section, where the check's outcome is told.
 */
export function installApplicationMenu(options: MenuOptions, intl: IntlShape): void {
  const t = intl.formatMessage;
  const isMac = process.platform === "darwin";
  const developer = options.devMode && devToolsAllowed();
  const titles = screenTitles(intl);
  const navigate = (screen: ScreenId) => {
    const window = options.getWindow();
    if (window !== null) sendEvent(window, "app:navigate", { screen });
  };
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [macAppMenu(t)] : []),
    {
      label: t(m.file),
      submenu: [isMac ? { role: "close", label: t(m.closeWindow) } : { role: "quit", label: t(m.quit) }],
    },
    {
      role: "editMenu",
      label: t(m.edit),
      submenu: [
        { role: "undo", label: t(m.undo) },
        { role: "redo", label: t(m.redo) },
        { type: "separator" },
        { role: "cut", label: t(m.cut) },
        { role: "copy", label: t(m.copy) },
        { role: "paste", label: t(m.paste) },
        ...(isMac ? [{ role: "pasteAndMatchStyle" as const, label: t(m.pasteAndMatchStyle) }] : []),
        { role: "delete", label: t(m.delete) },
        { type: "separator" },
        { role: "selectAll", label: t(m.selectAll) },
      ],
    },
    {
      label: t(m.view),
      submenu: [
        ...screenIds.map(
          (screen): MenuItemConstructorOptions => ({
            id: `navigate-${screen}`,
            label: titles[screen],
            accelerator: `CmdOrCtrl+${screenInfo[screen].shortcutDigit}`,
            click: () => navigate(screen),
          }),
        ),
        { type: "separator" },
        { role: "togglefullscreen", label: t(m.fullScreen) },
        ...(developer
          ? [
              { role: "reload" as const, label: t(m.reload) },
              { role: "toggleDevTools" as const, label: t(m.developerTools) },
            ]
          : []),
      ],
    },
    {
      role: "windowMenu",
      label: t(m.window),
      submenu: [
        { role: "minimize", label: t(m.minimize) },
        // Zoom does something only on macOS (Electron's role has no action elsewhere).
        ...(isMac
          ? [
              { role: "zoom" as const, label: t(m.zoom) },
              { type: "separator" as const },
              { role: "front" as const, label: t(m.bringAllToFront) },
            ]
          : [{ role: "close" as const, label: t(m.closeWindow) }]),
      ],
    },
    {
      role: "help",
      label: t(m.help),
      submenu: [
        // The Accounts screen's Diagnostics section: "Save diagnostics…" writes the bundle for support.
        { id: "help-diagnostics", label: t(m.diagnostics), click: () => navigate("accounts") },
        {
          id: "help-updates",
          label: t(m.checkForUpdates),
          click: () => {
            navigate("accounts");
            options.checkForUpdates();
          },
        },
        { label: t(m.about, { name: app.getName() }), click: () => app.showAboutPanel() },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
