/**
 * An e-mail address reduced to its domain ("…@example.com"): what a log line or a support bundle may say of a signer.
 * The local part is anything up to the "@" that a person's address can hold; the domain is kept as it is.
 */
const emailPattern = /[^\s@<>()[\]"',;:]+@((?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]{2,})/gu;

export function redactEmails(text: string): string {
  return text.replace(emailPattern, "…@$1");
}

/**
 * Names quoted as the app quotes them in its sentences (“Offer – Ada”) replaced by “…”: a document's, a template's or
 * a draft's name is the person's, not for a log or a support bundle.
 */
export function redactQuoted(text: string): string {
  return text.replace(/“[^”]*”/g, "“…”");
}

/** What a log line may hold of a sentence meant for the person. */
export const forLog = (text: string): string => redactQuoted(redactEmails(text));
