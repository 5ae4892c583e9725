import { emailAddressProblem } from "../../common/email-address";
import type { DocumentRecord } from "../../common/records";
import { RecipientSchema } from "../../common/records";

export interface RecipientEntry {
  name: string;
  email: string;
  /** The e-mail (or name) was filled in from a known recipient, and may be replaced by the next suggestion. */
  filled?: "email" | "name";
}

export interface RowProblems {
  name?: string;
  email?: string;
}

export const blankEntry: RecipientEntry = { name: "", email: "" };

const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Problems with the recipients, one entry per row (as main and the service would refuse them): a name, a valid
 * e-mail address, and no address twice within a send.
 */
export function checkRecipients(rows: readonly RecipientEntry[], labels: readonly string[]): RowProblems[] {
  const firstUse = new Map<string, number>();
  return rows.map((row, index) => {
    const problems: RowProblems = {};
    const label = labels[index] ?? `recipient ${index + 1}`;
    if (row.name.trim() === "") problems.name = `Enter a name for ${label}.`;
    else if (!RecipientSchema.shape.name.safeParse(row.name).success)
      problems.name = `${label}'s name is too long (200 characters at most).`;
    const email = row.email.trim();
    const emailProblem = email === "" ? null : emailAddressProblem(email);
    if (email === "") problems.email = `Enter an e-mail address for ${label}.`;
    else if (emailProblem?.kind === "invalid") problems.email = `“${email}” is not a valid e-mail address.`;
    else if (emailProblem !== null) problems.email = `${label}'s e-mail address ${emailProblem.text}.`;
    else {
      const earlier = firstUse.get(emailKey(email));
      if (earlier === undefined) firstUse.set(emailKey(email), index);
      else
        problems.email = `${email} is already ${labels[earlier] ?? "another recipient"}'s address: each recipient needs their own.`;
    }
    return problems;
  });
}

export const hasProblems = (problems: readonly RowProblems[]) =>
  problems.some((row) => row.name !== undefined || row.email !== undefined);

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
