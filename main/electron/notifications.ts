import { type BrowserWindow, Notification } from "electron";
import type { DesktopNotification } from "../core-types";
import { sendEvent } from "./events";

/** A desktop notification; clicking it brings the window forward with that document (or screen) open. */
export function showDesktopNotification(
  notification: DesktopNotification,
  getWindow: () => BrowserWindow | null,
): void {
  if (!Notification.isSupported()) return;
  const shown = new Notification({ title: notification.title, body: notification.body, silent: false });
  shown.on("click", () => {
    const window = getWindow();
    if (window === null) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    sendEvent(window, "app:navigate", {
      screen: notification.screen ?? "documents",
      ...(notification.pdfId === undefined ? {} : { pdfId: notification.pdfId }),
    });
  });
  shown.show();
}
