import { inEnglish } from "./i18n/english";
import { isPhrase, type Phrase, type PhraseOrText } from "./i18n/phrase";

/**
 * Words of a schema's refusal that people read (a name too long, a template ID with spaces). zod keeps each issue's
 * message as text, so a schema's own message is the English rendering (what logs and the sandbox's contract show),
 * and `issueWords` finds the phrase it stands for, to be rendered where it is shown. A check that adds its own issue
 * puts its phrase in the issue's params (`phraseParams`).
 */
const phrasesByEnglish = new Map<string, Phrase>();

/** A schema's message: `words` in English, remembered so that `issueWords` gives back the phrase. */
export function schemaMessage(words: Phrase): string {
  const english = inEnglish(words);
  phrasesByEnglish.set(english, words);
  return english;
}

/** A custom issue's params carrying its phrase. */
export function phraseParams(words: Phrase): { phrase: Phrase } {
  return { phrase: words };
}

/** What an issue says, as a phrase where the schema made its message from one; else its text as it is. */
export function issueWords(issue: { readonly message: string; readonly params?: unknown }): PhraseOrText {
  const params = issue.params;
  if (typeof params === "object" && params !== null && "phrase" in params && isPhrase(params.phrase))
    return params.phrase;
  return phrasesByEnglish.get(issue.message) ?? issue.message;
}
