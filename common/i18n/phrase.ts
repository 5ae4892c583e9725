import { z } from "zod";

/**
 * A message as formatjs extracts it: an id that names it in every catalog, and the English text that is both the
 * source catalog's entry and what shows should a catalog lack it.
 */
export interface MessageDescriptor {
  readonly id: string;
  readonly defaultMessage: string;
  readonly description?: string;
}

/**
 * What a message's argument may be: a word, a number, or another phrase rendered in the same language. A moment is
 * its epoch milliseconds, formatted by the message ("{at, date, medium}"): phrases cross IPC and are stored as JSON.
 */
export type PhraseValue = string | number | Phrase;

/**
 * Words for a person, not yet in any language: a message and its arguments. Main and common build these (errors,
 * notices, dialogs) and render them only when they are shown, in the language the window shows then.
 */
export interface Phrase {
  readonly id: string;
  readonly defaultMessage: string;
  readonly values?: Readonly<Record<string, PhraseValue>>;
}

export function phrase(message: MessageDescriptor, values?: Readonly<Record<string, PhraseValue>>): Phrase {
  return values === undefined
    ? { id: message.id, defaultMessage: message.defaultMessage }
    : { id: message.id, defaultMessage: message.defaultMessage, values };
}

export function isPhrase(value: unknown): value is Phrase {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Phrase).id === "string" &&
    typeof (value as Phrase).defaultMessage === "string"
  );
}

/** A phrase as it crosses IPC or is stored. */
export const PhraseSchema: z.ZodType<Phrase> = z.lazy(() =>
  z.object({
    id: z.string().min(1).max(200),
    defaultMessage: z.string().max(4000),
    values: z.record(z.string(), z.union([z.string(), z.number(), PhraseSchema])).optional(),
  }),
);

/**
 * Words that cross IPC or are stored: a Phrase, rendered where it is shown in the language shown then, or text not
 * written by Signdesk (a service's own message, a file's name), shown as it is.
 */
export type PhraseOrText = Phrase | string;
export const PhraseOrTextSchema: z.ZodType<PhraseOrText> = z.union([z.string(), PhraseSchema]);

/** A PhraseOrText kept in a TEXT column: a phrase as JSON; text as it is (what older versions stored). */
export function storedWords(words: PhraseOrText): string {
  return typeof words === "string" ? words : JSON.stringify(words);
}

export function readStoredWords(stored: string): PhraseOrText {
  if (!stored.startsWith("{")) return stored;
  try {
    const parsed = PhraseSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : stored;
  } catch {
    return stored;
  }
}
