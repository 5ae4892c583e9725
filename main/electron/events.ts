import type { BrowserWindow } from "electron";
import type { EventName, EventPayload } from "../../common/contract";

export function sendEvent<E extends EventName>(window: BrowserWindow, event: E, payload: EventPayload<E>): void {
  if (!window.isDestroyed()) window.webContents.send(event, payload);
}
