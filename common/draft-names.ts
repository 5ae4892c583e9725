import { maxDraftNameLength } from "./draft";
import { englishWords } from "./english-words";
import { readableText, shorten, splitExtension } from "./file-names";
import { defineMessages } from "./i18n/define-messages";
import type { MessageFormatter } from "./i18n/render-phrase";

const messages = defineMessages({
  untitled: {
    id: "rules.draftNames.untitled",
    defaultMessage: "Untitled draft",
    description: "The name of a draft whose file's name gives none.",
  },
  copy: {
    id: "rules.draftNames.copy",
    defaultMessage: "{name} (copy)",
    description: "The name of a copy of a draft named {name}.",
  },
});

/**
 * The last part of a file's name or path as given (by the user's system or a renderer), whichever separator it
 * uses ("C:\Users\ada\Lease.pdf" and "/home/ada/Lease.pdf" give "Lease.pdf"); "" when there is none.
 */
export function lastPathPart(fileName: string): string {
  return (
    fileName
      .split(/[/\\]/)
      .filter((part) => part.trim() !== "")
      .at(-1) ?? ""
  );
}

/** The last part of a file's name as the user should read it: control and invisible direction characters dropped. */
export function readableFileName(fileName: string): string {
  return readableText(lastPathPart(fileName));
}

/**
 * A draft's name from its file's name, for any name at all: the readable last part of the path without its
 * extension ("C:\Users\ada\Lease 2031.pdf" gives "Lease 2031"), at most maxDraftNameLength characters (never
 * cutting a character in two); "Untitled draft" when nothing is left (".", "..", ".pdf", a name of spaces).
 * Main names a new draft so, and the editor its stand-in until main's draft arrives; in `intl`'s language (English when not given).
 */
export function nameFromFile(fileName: string, intl: MessageFormatter = englishWords): string {
  const name = shorten(splitExtension(readableFileName(fileName)).stem.trim(), maxDraftNameLength).trim();
  return /^[\s.]*$/u.test(name) ? intl.formatMessage(messages.untitled) : name;
}

/** "<name> (copy)" in `intl`'s language, shortening the name to keep within the length limit. */
export function copyName(name: string, intl: MessageFormatter = englishWords): string {
  const room = maxDraftNameLength - intl.formatMessage(messages.copy, { name: "" }).length;
  return intl.formatMessage(messages.copy, { name: shorten(name, room).trimEnd() });
}
