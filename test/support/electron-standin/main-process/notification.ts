import { EventEmitter } from "node:events";
import { preventableEvent } from "./emitter-event.ts";

interface NotificationOptions {
  title?: string;
  body?: string;
  silent?: boolean;
}

const shown: Notification[] = [];

/** Notification: shown ones are kept in order; the stand-in's control clicks one as the desktop would. */
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
    shown.push(this);
    this.emit("show", preventableEvent());
  }

  close(): void {
    this.emit("close", preventableEvent());
  }
}

export function shownNotifications(): readonly Notification[] {
  return shown;
}
