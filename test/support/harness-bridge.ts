// Bundled into an init script by the Chromium harness: it builds `window.signdesk` with the very
// function the preload uses, over a Playwright binding instead of ipcRenderer.
import type { IpcResult } from "../../common/result";
import { buildBridge } from "../../preload/bridge";
import { decodeBytes, encodeBytes, isEncodedBytes } from "./byte-codec";
import { blobPath, blobTag, blobThreshold } from "./harness-bytes-names";

/** The harness answers with the result as JSON text (app-harness.ts). */
type Invoke = (channel: string, args: unknown) => Promise<string>;
const harnessWindow = window as unknown as { __signdeskInvoke: Invoke; signdesk?: unknown };
const invoke = harnessWindow.__signdeskInvoke;
const listeners = new Map<string, Set<(payload: unknown) => void>>();

/** Large byte arrays go to the harness in binary over HTTP (harness-bytes.ts); the rest as byte-codec.ts does. */
async function encodeArgs(value: unknown): Promise<unknown> {
  if (value instanceof Uint8Array && value.byteLength >= blobThreshold) {
    const answer = await fetch(blobPath, { method: "POST", body: value as Uint8Array<ArrayBuffer> });
    if (!answer.ok) throw new Error(`the harness refused the bytes: ${answer.status}`);
    return { [blobTag]: await answer.text() };
  }
  if (value instanceof Uint8Array) return encodeBytes(value);
  if (Array.isArray(value)) return Promise.all(value.map(encodeArgs));
  if (value !== null && typeof value === "object") {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, inner]) => [key, await encodeArgs(inner)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

async function decodeResult(value: unknown): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map(decodeResult));
  if (isEncodedBytes(value)) return decodeBytes(value);
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const id = record[blobTag];
    if (typeof id === "string" && Object.keys(record).length === 1) {
      const answer = await fetch(`${blobPath}/${id}`);
      if (!answer.ok) throw new Error(`the harness lost the bytes: ${answer.status}`);
      return new Uint8Array(await answer.arrayBuffer());
    }
    const entries = await Promise.all(
      Object.entries(record).map(async ([key, inner]) => [key, await decodeResult(inner)] as const),
    );
    return Object.fromEntries(entries);
  }
  return decodeBytes(value);
}

// The harness's stand-in for webContents.send(): main's events reach the page through here.
Object.defineProperty(window, "__signdeskEmit", {
  value: (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(decodeBytes(payload));
  },
});

const bridge = buildBridge({
  invoke: async (channel, args) => {
    const text = await invoke(channel, await encodeArgs(args));
    const answer: unknown = JSON.parse(text);
    // Only an answer holding large bytes needs the asynchronous walk that fetches them.
    return (text.includes(blobTag) ? await decodeResult(answer) : decodeBytes(answer)) as IpcResult<unknown>;
  },
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
