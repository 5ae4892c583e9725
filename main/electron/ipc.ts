import { type IpcMainInvokeEvent, ipcMain } from "electron";
import { fail } from "../../common/result";
import type { Dispatcher } from "../dispatch";
import { isTrustedSender } from "../trusted-sender";

function senderFrame(event: IpcMainInvokeEvent) {
  const frame = event.senderFrame;
  if (frame === null) return null;
  return { url: frame.url, isMainFrame: frame === event.sender.mainFrame };
}

/** Registers exactly the contract's channels; each call is checked for its sender first. */
export function registerIpc(dispatcher: Dispatcher, allowedOrigins: readonly string[]): void {
  for (const channel of dispatcher.channelNames) {
    ipcMain.handle(channel, (event, args: unknown) => {
      if (!isTrustedSender(senderFrame(event), allowedOrigins)) {
        return fail("forbidden_sender", "This call is only answered for the Signdesk window.");
      }
      return dispatcher.invoke(channel, args);
    });
  }
}
