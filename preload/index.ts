import { contextBridge, type IpcRendererEvent, ipcRenderer } from "electron";
import type { IpcResult } from "../common/result";
import { buildBridge } from "./bridge";

const bridge = buildBridge({
  invoke: (channel, args) => ipcRenderer.invoke(channel, args) as Promise<IpcResult<unknown>>,
  subscribe(event, listener) {
    // Electron's event object (with its sender) never reaches the page: only the payload does.
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
});

contextBridge.exposeInMainWorld("signdesk", bridge);
