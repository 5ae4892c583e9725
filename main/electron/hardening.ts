import { app, type Session, shell } from "electron";
import { isSafeExternalUrl } from "../external-links";

/** Denies every permission, device and download the page might ask for. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.on("will-download", (event) => event.preventDefault());
}

function openExternally(url: string): void {
  if (isSafeExternalUrl(url)) void shell.openExternal(url);
}

/** No navigation, no new windows, no webviews: https links go to the system browser. */
export function lockDownWebContents(): void {
  app.on("web-contents-created", (_event, contents) => {
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
