import { inEnglish } from "./i18n/english";
import { isPhrase, type Phrase } from "./i18n/phrase";
import type { IpcError } from "./result";

/** Renders a phrase in the language the window shows (main's MainIntl). */
export type PhraseRenderer = (phrase: Phrase) => string;

/**
 * The one kind of error meant for people: its words are written for them and shown as is, and its code tells
 * the app what kind of failure it is. Every module's own user-facing error extends it, so the IPC dispatcher
 * recognises them all by this class; anything else that escapes a handler is a bug, reported as such.
 *
 * Its words are a Phrase, rendered in the window's language only when it is shown; `message` is the English
 * rendering, for logs. A plain string is shown as it is in every language (for text not written by Signdesk).
 */
export class UserError extends Error {
  readonly code: string;
  readonly phrase: Phrase | null;

  constructor(code: string, words: Phrase | string, options?: ErrorOptions) {
    super(isPhrase(words) ? inEnglish(words) : words, options);
    this.name = "UserError";
    this.code = code;
    this.phrase = isPhrase(words) ? words : null;
  }

  /** The error as a handler's failed result carries it, its words in the window's language. */
  toIpcError(render?: PhraseRenderer): IpcError {
    return {
      code: this.code,
      message: this.phrase !== null && render !== undefined ? render(this.phrase) : this.message,
    };
  }
}
