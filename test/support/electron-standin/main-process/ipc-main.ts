import { EventEmitter } from "node:events";

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

/** ipcMain: `handle` for invoke, the emitter for send. Registering a channel twice throws, as in Electron. */
class IpcMain extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>();

  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }

  handleOnce(channel: string, handler: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      this.handlers.delete(channel);
      return handler(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** Every channel main answers or listens on: what the stand-in's tests compare with the contract. */
  channels(): { handled: string[]; listened: string[] } {
    return {
      handled: [...this.handlers.keys()].sort(),
      listened: this.eventNames()
        .filter((name): name is string => typeof name === "string")
        .sort(),
    };
  }
}

export const ipcMain = new IpcMain();
