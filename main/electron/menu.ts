import { app, type BrowserWindow, Menu, type MenuItemConstructorOptions } from "electron";
import { type ScreenId, screenIds, screenInfo } from "../../common/screens";
import { sendEvent } from "./events";
import { devToolsAllowed } from "./hardening";

/**
 * The application menu; Reload and Toggle Developer Tools only in development (`devMode`, never when packaged). "Check
 * for updates…" shows the Accounts screen's Updates section, where the check's outcome is told.
 */
export function installApplicationMenu(
  getWindow: () => BrowserWindow | null,
  devMode: boolean,
  checkForUpdates: () => void,
): void {
  const isMac = process.platform === "darwin";
  const developer = devMode && devToolsAllowed();
  const navigate = (screen: ScreenId) => {
    const window = getWindow();
    if (window !== null) sendEvent(window, "app:navigate", { screen });
  };
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: "appMenu" as const }] : []),
    { label: "&File", submenu: [isMac ? { role: "close" } : { role: "quit" }] },
    { role: "editMenu" },
    {
      label: "&View",
      submenu: [
        ...screenIds.map(
          (screen): MenuItemConstructorOptions => ({
            id: `navigate-${screen}`,
            label: screenInfo[screen].title,
            accelerator: `CmdOrCtrl+${screenInfo[screen].shortcutDigit}`,
            click: () => navigate(screen),
          }),
        ),
        { type: "separator" },
        { role: "togglefullscreen" },
        ...(developer ? [{ role: "reload" as const }, { role: "toggleDevTools" as const }] : []),
      ],
    },
    { role: "windowMenu" },
    {
      role: "help",
      submenu: [
        // The Accounts screen's Diagnostics section: "Save diagnostics…" writes the bundle for support.
        { id: "help-diagnostics", label: "Diagnostics…", click: () => navigate("accounts") },
        {
          id: "help-updates",
          label: "Check for Updates…",
          click: () => {
            navigate("accounts");
            checkForUpdates();
          },
        },
        { label: `About ${app.getName()}`, click: () => app.showAboutPanel() },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
