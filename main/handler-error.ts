import { z } from "zod";
import type { Phrase } from "../common/i18n/phrase";
import type { IpcErrorCode } from "../common/result";
import { UserError } from "../common/user-error";

/**
 * A failure a handler reports on purpose; its words are shown to the user, a Phrase in the window's language (text
 * not written by Signdesk, such as a schema's rule, as it is).
 */
export class HandlerError extends UserError {
  declare readonly code: IpcErrorCode;

  constructor(code: IpcErrorCode, words: Phrase | string) {
    super(code, words);
    this.name = "HandlerError";
  }
}

/** The caller's `value` checked against `schema`: a mismatch is the caller's, `invalid_argument` with the rule. */
export function parseArgument<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HandlerError("invalid_argument", z.prettifyError(parsed.error));
  return parsed.data;
}
