import { z } from "zod";
import { defineMessages } from "./i18n/define-messages";
import { type Phrase, phrase } from "./i18n/phrase";
import { schemaMessage } from "./schema-words";

const messages = defineMessages({
  problem: {
    id: "rules.email.problem",
    defaultMessage:
      "The e-mail address {kind, select, too_long {is too long ({count, number, ::group-off} characters; {max, number} at most)} local_part_too_long {has too many characters before the @ ({count, number, ::group-off}; {max, number} at most)} other {is not valid}}.",
  },
});

/**
 * The one rule for an e-mail address, used by the sandbox's routes, the main process's IPC arguments and the
 * renderer's forms: zod's e-mail format, at most 254 characters in all (RFC 5321's path limit less its angle
 * brackets) and at most 64 before the @ (RFC 5321, 4.5.3.1.1). The format admits ASCII only, so characters
 * and octets count the same.
 */
export const emailLimits = { maxLength: 254, maxLocalPartLength: 64 } as const;

export interface EmailProblem {
  kind: "too_long" | "local_part_too_long" | "invalid";
  /**
   * Words that follow "The e-mail address" in English, e.g. "is too long (255 characters; 254 at most)": the
   * sandbox's API says so. People read emailProblemWords.
   */
  text: string;
}

const emailFormat = z.email();

/**
 * Why `address` is not an acceptable e-mail address, or null when it is. Lengths are checked first, so an
 * over-long text is named as such, whatever else is wrong with it.
 */
export function emailAddressProblem(address: string): EmailProblem | null {
  const { maxLength, maxLocalPartLength } = emailLimits;
  if (address.length > maxLength) {
    return { kind: "too_long", text: `is too long (${address.length} characters; ${maxLength} at most)` };
  }
  const at = address.indexOf("@");
  if (at > maxLocalPartLength) {
    return {
      kind: "local_part_too_long",
      text: `has too many characters before the @ (${at}; ${maxLocalPartLength} at most)`,
    };
  }
  if (!emailFormat.safeParse(address).success) return { kind: "invalid", text: "is not valid" };
  return null;
}

/** What is wrong with `address`, found as `problem`: "The e-mail address is too long (…)." and so on. */
export function emailProblemWords(address: string, problem: EmailProblem): Phrase {
  return phrase(messages.problem, emailProblemValues(address, problem));
}

/** The arguments of a message about `problem`: its kind and the numbers it names. */
export function emailProblemValues(
  address: string,
  problem: EmailProblem,
): { kind: string; count: number; max: number } {
  const { maxLength, maxLocalPartLength } = emailLimits;
  if (problem.kind === "too_long") return { kind: problem.kind, count: address.length, max: maxLength };
  if (problem.kind === "local_part_too_long")
    return { kind: problem.kind, count: address.indexOf("@"), max: maxLocalPartLength };
  return { kind: problem.kind, count: 0, max: 0 };
}

/** The rule as a schema (IPC arguments): its issue reads "The e-mail address is too long (…)." and so on. */
export const EmailAddressSchema = z.string().superRefine((address, context) => {
  const problem = emailAddressProblem(address);
  if (problem !== null)
    context.addIssue({ code: "custom", message: schemaMessage(emailProblemWords(address, problem)) });
});
