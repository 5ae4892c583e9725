import { EventEmitter } from "node:events";
import { preventableEvent } from "./emitter-event.ts";

interface NotificationOptions {
  title?: string;
  body?: string;
  silent?: boolean;
}

/**
 * What the desktop shows. As in Electron, the desktop does not keep the app's Notification object alive: once the app
 * lets go of it and it is garbage-collected, its events reach no one (docs/api/notification.md; docs/faq.md, "My app's
 * tray disappeared after a few minutes"). So the stand-in holds only a WeakRef to each, beside its words.
 */
const shown: { title: string; body: string; notification: WeakRef<Notification> }[] = [];

/** Notification: shown ones are listed in order; the stand-in's control clicks one as the desktop would. */
export class Notification extends EventEmitter {
  readonly title: string;
  readonly body: string;
  readonly silent: boolean;

  static isSupported(): boolean {
    return true;
  }

  constructor(options: NotificationOptions = {}) {
    super();
    this.title = options.title ?? "";
    this.body = options.body ?? "";
    this.silent = options.silent ?? false;
  }

  show(): void {
    shown.push({ title: this.title, body: this.body, notification: new WeakRef(this) });
    this.emit("show", preventableEvent());
  }

  close(): void {
    this.emit("close", preventableEvent());
  }
}

/** Every notification shown, with whether its object is still alive (a collected one can no longer be clicked). */
export function shownNotifications(): readonly { title: string; body: string; collected: boolean }[] {
  return shown.map(({ title, body, notification }) => ({ title, body, collected: notification.deref() === undefined }));
}

/** The desktop's click on the index-th notification shown: false when its object was collected (nothing hears it). */
export function clickNotification(index: number): boolean {
  const entry = shown[index];
  if (entry === undefined) throw new Error(`No notification ${index}.`);
  const notification = entry.notification.deref();
  if (notification === undefined) return false;
  notification.emit("click", preventableEvent());
  return true;
}
