import { app, type Session, shell } from "electron";
import { isSafeExternalUrl } from "../external-links";

/** DevTools are for development: a packaged build never opens them, whatever asks (menu, shortcut, code). */
export function devToolsAllowed(isPackaged: boolean = app.isPackaged): boolean {
  return !isPackaged;
}

/** Denies every permission, device and download the page might ask for. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.on("will-download", (event) => event.preventDefault());
}

/**
 * No navigation, no new windows, no webviews: https links (and the sandbox's own pages) go to the system browser.
 * `tell` says in the window when that fails: shell.openExternal's promise rejects when the desktop has no opener for
 * the link (docs/api/shell.md: "Returns Promise<void>"), and left unhandled that rejection would be Electron's
 * "A JavaScript error occurred in the main process" box rather than words in the window.
 */
export function lockDownWebContents(
  extraExternalOrigins: () => readonly string[] = () => [],
  tell: (message: string) => void = () => {},
): void {
  const openExternally = (url: string) => {
    if (!isSafeExternalUrl(url, extraExternalOrigins())) return;
    shell.openExternal(url).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      tell(`${url} could not be opened in your browser (${reason}). Copy the address and open it yourself.`);
    });
  };
  app.on("web-contents-created", (_event, contents) => {
    // webPreferences.devTools is false in a packaged build; should DevTools open all the same, close them.
    if (!devToolsAllowed()) contents.on("devtools-opened", () => contents.closeDevTools());
    contents.on("will-navigate", (event, url) => {
      event.preventDefault();
      openExternally(url);
    });
    contents.on("will-redirect", (event) => event.preventDefault());
    contents.on("will-attach-webview", (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      openExternally(url);
      return { action: "deny" };
    });
  });
}
