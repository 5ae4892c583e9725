import { type BrowserWindow, Notification } from "electron";
import type { PhraseOrText } from "../../common/i18n/phrase";
import type { DesktopNotification } from "../core-parts";
import { sendEvent } from "./events";

/**
 * Notifications shown and not yet clicked or closed. Electron drops a Notification's events once the object is
 * garbage-collected (docs/api/notification.md lists "Notification object was garbage collected" among the cases
 * its events no longer reach; docs/faq.md, the tray that disappears), so a click would open nothing: each is
 * held here until it is done. The oldest go first past a bound, for a desktop that never reports a close.
 */
const live = new Set<Notification>();
const mostKept = 100;

function keep(notification: Notification): void {
  live.add(notification);
  for (const oldest of live) {
    if (live.size <= mostKept) break;
    live.delete(oldest);
  }
  const release = () => live.delete(notification);
  notification.once("click", release);
  notification.once("close", release);
  notification.once("failed", release);
}

/**
 * A desktop notification, its words rendered now by `render` (the core's MainIntl: the language chosen at this
 * moment); clicking it brings the window forward with that document (or screen) open.
 */
export function showDesktopNotification(
  notification: DesktopNotification,
  getWindow: () => BrowserWindow | null,
  render: (words: PhraseOrText) => string,
): void {
  if (!Notification.isSupported()) return;
  const shown = new Notification({
    title: render(notification.title),
    body: render(notification.body),
    silent: false,
  });
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
  keep(shown);
  shown.show();
}
