import type { IpcErrorCode } from "../common/result";

/** A failure a handler reports on purpose; its message is shown to the user as is. */
export class HandlerError extends Error {
  readonly code: IpcErrorCode;

  constructor(code: IpcErrorCode, message: string) {
    super(message);
    this.name = "HandlerError";
    this.code = code;
  }
}
