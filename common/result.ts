/** Every IPC call answers with one of these; the renderer never sees a thrown error. */
export type IpcErrorCode = "invalid_argument" | "unknown_channel" | "forbidden_sender" | "internal" | (string & {});

export interface IpcError {
  code: IpcErrorCode;
  message: string;
  /** Code "moved": the account's new base URL the service pointed to, for a one-click accounts:update. */
  movedTo?: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function fail(code: IpcErrorCode, message: string): IpcResult<never> {
  return { ok: false, error: { code, message } };
}
