import { emailAddressProblem, emailProblemValues } from "./email-address";
import { defineMessages } from "./i18n/define-messages";
import { type Phrase, type PhraseValue, phrase } from "./i18n/phrase";
import { maxRecipientNameLength } from "./records";

const messages = defineMessages({
  recipientNumber: {
    id: "rules.recipient.recipientNumber",
    defaultMessage: "Recipient {number, number}",
    description: "A recipient group without a label, by its place in the template.",
  },
  nameMissing: {
    id: "rules.recipient.nameMissing",
    defaultMessage: "Enter a name for {label}.",
    description: "{label} is a recipient group's label, such as Buyer or Recipient 2.",
  },
  nameTooLong: {
    id: "rules.recipient.nameTooLong",
    defaultMessage: "{label}'s name is too long ({count, number, ::group-off} characters; {max, number} at most).",
    description: "{label} is a recipient group's label, such as Buyer or Recipient 2.",
  },
  emailMissing: {
    id: "rules.recipient.emailMissing",
    defaultMessage: "Enter an e-mail address for {label}.",
    description: "{label} is a recipient group's label, such as Buyer or Recipient 2.",
  },
  emailInvalid: {
    id: "rules.recipient.emailInvalid",
    defaultMessage: "“{email}” is not a valid e-mail address.",
  },
  emailWrong: {
    id: "rules.recipient.emailWrong",
    defaultMessage:
      "{label}'s e-mail address {kind, select, too_long {is too long ({count, number, ::group-off} characters; {max, number} at most)} other {has too many characters before the @ ({count, number, ::group-off}; {max, number} at most)}}.",
    description: "{label} is a recipient group's label, such as Buyer or Recipient 2.",
  },
  emailTwice: {
    id: "rules.recipient.emailTwice",
    defaultMessage: "{email} is already {label}'s address: each recipient needs their own.",
    description: "{label} is the recipient group that has the address already, such as Buyer or Recipient 2.",
  },
});

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
  words: Phrase;
}

/** What is wrong with one recipient, by field; an empty object when nothing is. */
export type RecipientRowProblems = Partial<Record<RecipientField, RecipientProblem>>;

export interface RecipientInput {
  readonly name: string;
  readonly email: string;
}

/** How two addresses are compared: trimmed, in lower case. */
export const comparableEmail = (email: string) => email.trim().toLowerCase();

/** A recipient group's name in messages: its label, else "Recipient n" (a phrase). */
export const recipientLabel = (labels: readonly string[], index: number): string | Phrase =>
  labels[index] || phrase(messages.recipientNumber, { number: index + 1 });

function nameProblemOf(name: string, label: PhraseValue): RecipientProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return { kind: "name_missing", words: phrase(messages.nameMissing, { label }) };
  if (trimmed.length > maxRecipientNameLength)
    return {
      kind: "name_too_long",
      words: phrase(messages.nameTooLong, { label, count: trimmed.length, max: maxRecipientNameLength }),
    };
  return undefined;
}

function emailProblemOf(email: string, label: PhraseValue): RecipientProblem | undefined {
  if (email === "") return { kind: "email_missing", words: phrase(messages.emailMissing, { label }) };
  const wrong = emailAddressProblem(email);
  if (wrong === null) return undefined;
  return {
    kind: "email_invalid",
    words:
      wrong.kind === "invalid"
        ? phrase(messages.emailInvalid, { email })
        : phrase(messages.emailWrong, { label, ...emailProblemValues(email, wrong) }),
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
          words: phrase(messages.emailTwice, { email, label: recipientLabel(labels, earlier) }),
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
