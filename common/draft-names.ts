import { maxDraftNameLength } from "./draft";
import { readableText, shorten, splitExtension } from "./file-names";

const untitled = "Untitled draft";

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
 * Main names a new draft so, and the editor its stand-in until main's draft arrives.
 */
export function nameFromFile(fileName: string): string {
  const name = shorten(splitExtension(readableFileName(fileName)).stem.trim(), maxDraftNameLength).trim();
  return /^[\s.]*$/u.test(name) ? untitled : name;
}

/** "<name> (copy)", shortening the name to keep within the length limit. */
export function copyName(name: string): string {
  const suffix = " (copy)";
  return `${shorten(name, maxDraftNameLength - suffix.length).trimEnd()}${suffix}`;
}
