import { comparableEmail as emailKey } from "../../common/recipient-checks";
import type { DocumentRecord } from "../../common/records";

export interface RecipientEntry {
  name: string;
  email: string;
  /** The e-mail (or name) was filled in from a known recipient, and may be replaced by the next suggestion. */
  filled?: "email" | "name";
}

export const blankEntry: RecipientEntry = { name: "", email: "" };

export interface KnownRecipient {
  name: string;
  email: string;
}

/** Recipients of earlier documents, most recently sent first, each address once. */
export function recentRecipients(records: readonly DocumentRecord[], limit = 100): KnownRecipient[] {
  const sorted = [...records].sort((a, b) => (Date.parse(b.sentAt) || 0) - (Date.parse(a.sentAt) || 0));
  const seen = new Set<string>();
  const known: KnownRecipient[] = [];
  for (const record of sorted) {
    for (const recipient of record.recipients) {
      const key = emailKey(recipient.email);
      if (key === "" || seen.has(key)) continue;
      seen.add(key);
      known.push({ name: recipient.name.trim(), email: recipient.email.trim() });
    }
  }
  return known.slice(0, limit);
}

/** Applies a change to one field of a row, filling the other from a known recipient when it is empty (or was filled). */
export function editRow(
  row: RecipientEntry,
  field: "name" | "email",
  value: string,
  known: readonly KnownRecipient[],
): RecipientEntry {
  if (field === "name") {
    const match = known.find((entry) => entry.name.toLowerCase() === value.trim().toLowerCase());
    const canFill = row.email.trim() === "" || row.filled === "email";
    if (match !== undefined && value.trim() !== "" && canFill)
      return { name: value, email: match.email, filled: "email" };
    return { name: value, email: canFill && row.filled === "email" ? "" : row.email };
  }
  const match = known.find((entry) => emailKey(entry.email) === emailKey(value));
  const canFill = row.name.trim() === "" || row.filled === "name";
  if (match !== undefined && value.trim() !== "" && canFill) return { name: match.name, email: value, filled: "name" };
  return { name: canFill && row.filled === "name" ? "" : row.name, email: value };
}
