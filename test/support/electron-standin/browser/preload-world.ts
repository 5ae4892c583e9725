/**
 * The stand-in's sandboxed preload environment, evaluated in an isolated world of every frame before the page's
 * scripts: `require("electron")` gives ipcRenderer (over a DevTools binding that only this world has) and
 * contextBridge; the preload itself runs in main frames only, as Electron runs it without nodeIntegrationInSubFrames.
 */
import { decodeText, encodeText } from "./clone-codec";
import { createWorldEnd } from "./world-bridge";

interface StandinConfig {
  /** The name of the DevTools binding that carries this world's IPC to the stand-in's main process. */
  binding: string;
  platform: string;
}
type PreloadFunction = (
  exports: object,
  require: (name: string) => unknown,
  module: { exports: object },
  filename: string,
  dirname: string,
  process: object,
  global: object,
) => void;
declare const __standinConfig: StandinConfig;
declare const __standinPreload: PreloadFunction | null;

type Listener = (event: object, ...args: unknown[]) => void;
type Delivery =
  | { op: "invoke-result"; id: number; ok: boolean; value: string }
  | { op: "event"; channel: string; args: string };

const scope = globalThis as unknown as Record<string, unknown>;
const binding = scope[__standinConfig.binding] as (payload: string) => void;
delete scope[__standinConfig.binding];

const listeners = new Map<string, Listener[]>();
const pending = new Map<number, { channel: string; resolve(value: unknown): void; reject(error: Error): void }>();
let nextId = 1;

function post(message: object): void {
  binding(JSON.stringify(message));
}

function removeListener(channel: string, listener: Listener) {
  const list = listeners.get(channel) ?? [];
  const index = list.lastIndexOf(listener);
  if (index >= 0) list.splice(index, 1);
  return ipcRenderer;
}

function unsupported(name: string): never {
  throw new Error(`The Electron stand-in does not implement ${name}.`);
}

const ipcRenderer = {
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    // Encoded before the promise exists: an uncloneable argument throws, as Electron's invoke rejects at once.
    let encoded: string;
    try {
      encoded = encodeText(args);
    } catch (error) {
      return Promise.reject(error);
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { channel, resolve, reject });
      post({ op: "invoke", id, channel: String(channel), args: encoded });
    });
  },
  send(channel: string, ...args: unknown[]): void {
    post({ op: "send", channel: String(channel), args: encodeText(args) });
  },
  on(channel: string, listener: Listener) {
    listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    return ipcRenderer;
  },
  once(channel: string, listener: Listener) {
    const once: Listener = (event, ...args) => {
      removeListener(channel, once);
      listener(event, ...args);
    };
    return ipcRenderer.on(channel, once);
  },
  removeListener,
  off: removeListener,
  removeAllListeners(channel?: string) {
    if (channel === undefined) listeners.clear();
    else listeners.delete(channel);
    return ipcRenderer;
  },
};

// The stand-in's main process calls this (Runtime.callFunctionOn in this world) to answer and to send events.
Object.defineProperty(scope, "__electronStandinDeliver", {
  value(text: string) {
    const delivery = JSON.parse(text) as Delivery;
    if (delivery.op === "invoke-result") {
      const call = pending.get(delivery.id);
      pending.delete(delivery.id);
      if (call === undefined) return;
      const value = decodeText(delivery.value);
      if (delivery.ok) call.resolve(value);
      else call.reject(new Error(`Error invoking remote method '${call.channel}': ${String(value)}`));
      return;
    }
    const args = decodeText(delivery.args) as unknown[];
    const event = { sender: ipcRenderer, senderId: 0, ports: [] };
    for (const listener of [...(listeners.get(delivery.channel) ?? [])]) listener(event, ...args);
  },
});
// What a compromised renderer could do: the stand-in's tests send IPC from a sub-frame through this.
Object.defineProperty(scope, "__electronStandinIpcRenderer", { value: ipcRenderer });

const isMainFrame = window === window.top;
if (isMainFrame && __standinPreload !== null) {
  const worldEnd = createWorldEnd("isolated");
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      worldEnd.expose(key, api);
    },
    exposeInIsolatedWorld: () => unsupported("contextBridge.exposeInIsolatedWorld"),
    executeInMainWorld: () => unsupported("contextBridge.executeInMainWorld"),
  };
  const electron = Object.freeze({ ipcRenderer, contextBridge });
  const require = (name: string) => {
    if (name === "electron" || name === "electron/renderer") return electron;
    throw new Error(`module not found: ${name} (a sandboxed preload can require only "electron")`);
  };
  const process = Object.freeze({
    type: "renderer",
    sandboxed: true,
    contextIsolated: true,
    platform: __standinConfig.platform,
  });
  const module = { exports: {} };
  __standinPreload(module.exports, require, module, "preload.cjs", ".", process, globalThis);
}
