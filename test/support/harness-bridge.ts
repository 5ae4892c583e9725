// Bundled into an init script by the Chromium harness: it builds `window.signdesk` with the very
// function the preload uses, over a Playwright binding instead of ipcRenderer.
import type { IpcResult } from "../../common/result";
import { buildBridge } from "../../preload/bridge";
import { decodeBytes, encodeBytes } from "./byte-codec";

type Invoke = (channel: string, args: unknown) => Promise<IpcResult<unknown>>;
const harnessWindow = window as unknown as { __signdeskInvoke: Invoke; signdesk?: unknown };
const invoke = harnessWindow.__signdeskInvoke;
const listeners = new Map<string, Set<(payload: unknown) => void>>();

// The harness's stand-in for webContents.send(): main's events reach the page through here.
Object.defineProperty(window, "__signdeskEmit", {
  value: (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(decodeBytes(payload));
  },
});

const bridge = buildBridge({
  invoke: async (channel, args) => decodeBytes(await invoke(channel, encodeBytes(args))) as IpcResult<unknown>,
  subscribe(event, listener) {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => {
      set.delete(listener);
    };
  },
});

Object.defineProperty(window, "signdesk", { value: bridge, enumerable: true });
