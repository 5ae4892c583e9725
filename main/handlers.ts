import type { AppInfo } from "../common/contract";
import { createDispatcher, type Dispatcher, type DispatcherOptions } from "./dispatch";

export interface AppIdentity {
  name: string;
  version: string;
  platform: string;
  arch: string;
  electronVersion: string | null;
}

export interface HandlerDeps extends DispatcherOptions {
  app: AppIdentity;
  /** The account calls go to; null until one is configured. */
  activeAccount: () => AppInfo["activeAccount"];
}

/** The one place IPC handlers are built; plain Node, shared by Electron and the Chromium harness. */
export function createHandlers(deps: HandlerDeps): Dispatcher {
  return createDispatcher(
    {
      appInfo: () => ({ ...deps.app, activeAccount: deps.activeAccount() }),
    },
    deps,
  );
}
