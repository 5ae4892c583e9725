import type { IpcError } from "./result";

/**
 * The one kind of error meant for people: its message is written for them and shown as is, and its code tells
 * the app what kind of failure it is. Every module's own user-facing error extends it, so the IPC dispatcher
 * recognises them all by this class; anything else that escapes a handler is a bug, reported as such.
 */
export class UserError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "UserError";
    this.code = code;
  }

  /** The error as a handler's failed result carries it. */
  toIpcError(): IpcError {
    return { code: this.code, message: this.message };
  }
}
