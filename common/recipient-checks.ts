import { emailAddressProblem } from "./email-address";
import { maxRecipientNameLength } from "./records";

/**
 * The one check of a send's recipients, one per recipient group: each needs a name, a valid e-mail address, and an
 * address of their own (compared trimmed and in any case: the service would notify the same person twice). The
 * Send screen, the Create template dialog, the Outbox's recipient form, Send to many's rows and main's handlers all
 * use it, so that they refuse the same things in the same words.
 */

export type RecipientField = "name" | "email";

export type RecipientProblemKind = "name_missing" | "name_too_long" | "email_missing" | "email_invalid" | "email_twice";

export interface RecipientProblem {
  kind: RecipientProblemKind;
  /** A sentence naming the recipient group, e.g. "Enter a name for Buyer." */
  message: string;
}

/** What is wrong with one recipient, by field; an empty object when nothing is. */
export type RecipientRowProblems = Partial<Record<RecipientField, RecipientProblem>>;

export interface RecipientInput {
  readonly name: string;
  readonly email: string;
}

/** How two addresses are compared: trimmed, in lower case. */
export const comparableEmail = (email: string) => email.trim().toLowerCase();

/** A recipient group's name in messages: its label, else "Recipient n". */
export const recipientLabel = (labels: readonly string[], index: number) => labels[index] || `Recipient ${index + 1}`;

function nameProblemOf(name: string, label: string): RecipientProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return { kind: "name_missing", message: `Enter a name for ${label}.` };
  if (trimmed.length > maxRecipientNameLength)
    return {
      kind: "name_too_long",
      message: `${label}'s name is too long (${trimmed.length} characters; ${maxRecipientNameLength} at most).`,
    };
  return undefined;
}

function emailProblemOf(email: string, label: string): RecipientProblem | undefined {
  if (email === "") return { kind: "email_missing", message: `Enter an e-mail address for ${label}.` };
  const wrong = emailAddressProblem(email);
  if (wrong === null) return undefined;
  return {
    kind: "email_invalid",
    message:
      wrong.kind === "invalid"
        ? `“${email}” is not a valid e-mail address.`
        : `${label}'s e-mail address ${wrong.text}.`,
  };
}

/** The problems of each recipient (in `rows`' order); `labels` name the recipient groups in the messages. */
export function checkRecipients(rows: readonly RecipientInput[], labels: readonly string[]): RecipientRowProblems[] {
  const firstUse = new Map<string, number>();
  return rows.map((row, index) => {
    const label = recipientLabel(labels, index);
    const problems: RecipientRowProblems = {};
    const name = nameProblemOf(row.name, label);
    if (name !== undefined) problems.name = name;
    const email = row.email.trim();
    const emailProblem = emailProblemOf(email, label);
    if (emailProblem !== undefined) problems.email = emailProblem;
    else {
      const earlier = firstUse.get(comparableEmail(email));
      if (earlier === undefined) firstUse.set(comparableEmail(email), index);
      else
        problems.email = {
          kind: "email_twice",
          message: `${email} is already ${recipientLabel(labels, earlier)}'s address: each recipient needs their own.`,
        };
    }
    return problems;
  });
}

/** Every problem found, recipient by recipient, the name's before the address's. */
export function recipientProblemList(problems: readonly RecipientRowProblems[]): RecipientProblem[] {
  return problems.flatMap((row) => [row.name, row.email].filter((problem) => problem !== undefined));
}

export const hasRecipientProblems = (problems: readonly RecipientRowProblems[]) =>
  recipientProblemList(problems).length > 0;
