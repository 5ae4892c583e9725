/** An answer with an error status; the route decides the body shape (see errorBody). */
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Extra members of the body, e.g. the field a signing error is about. */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    message: string,
    options: { headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }
}

/**
 * `createNewTemplate` answers errors as `{message}` (API-SPEC.md section 7); every other route as
 * `{message, error}` with `error` equal to the HTTP status (API-NOTES.md).
 */
export type ErrorShape = "message" | "message-and-status";

export function errorBody(shape: ErrorShape, status: number, message: string, details: Record<string, unknown> = {}) {
  return shape === "message" ? { message, ...details } : { message, error: status, ...details };
}

export const messages = {
  keyMissing: "API key is required.",
  keyInvalid: "Invalid or expired API key.",
  internal: "Internal Server Error",
  notJson: "Request body must be valid JSON.",
  notFound: "Not found.",
} as const;
