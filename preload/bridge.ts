import { channelNames, isEventName, methodNames } from "../common/channels";
import type { SigndeskApi } from "../common/contract";
import type { IpcResult } from "../common/result";

/** How the bridge reaches main: ipcRenderer in Electron, a Playwright binding in the test harness. */
export interface BridgeTransport {
  invoke(channel: string, args: unknown): Promise<IpcResult<unknown>>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds `window.signdesk`: one function per contract channel plus `on`, nothing else.
 * Used by the preload and by the Chromium harness, so both expose exactly the same surface.
 */
export function buildBridge(transport: BridgeTransport): SigndeskApi {
  const api: Record<string, unknown> = {};
  for (const method of methodNames) {
    const channel = channelNames[method];
    api[method] = (...args: unknown[]) => transport.invoke(channel, args[0]);
  }
  api.on = (event: string, listener: (payload: unknown) => void) => {
    if (!isEventName(event)) throw new Error(`Unknown event: ${event}`);
    if (typeof listener !== "function") throw new Error("on() needs a listener function");
    return transport.subscribe(event, (payload) => listener(payload));
  };
  return Object.freeze(api) as SigndeskApi;
}
