import { z } from "zod";
import { defineMessages } from "./i18n/define-messages";
import { type Phrase, phrase } from "./i18n/phrase";
import {
  checkRecipients,
  comparableEmail as comparable,
  type RecipientProblemKind,
  recipientProblemList,
} from "./recipient-checks";
import { DocumentNameSchema, nameProblem } from "./record-names";

const messages = defineMessages({
  groupCount: {
    id: "rules.bulk.groupCount",
    defaultMessage:
      "The template has {groupCount, plural, one {# recipient group} other {# recipient groups}}; this row names {count, number}.",
  },
  documentName: {
    id: "rules.bulk.documentName",
    defaultMessage: "Document name: {problem}",
    description: "{problem} is what is wrong with a row's document name, a sentence.",
  },
  subjectTooLong: {
    id: "rules.bulk.subjectTooLong",
    defaultMessage: "The e-mail subject is too long ({count, number, ::group-off} characters; {max, number} at most).",
  },
  duplicateRow: {
    id: "rules.bulk.duplicateRow",
    defaultMessage: "The same as line {line, number, ::group-off}: it would be sent twice.",
    description: "A row of a bulk send file that repeats an earlier one, at line {line} of the file.",
  },
  alreadySent: {
    id: "rules.bulk.alreadySent",
    defaultMessage: "Already sent from this template in an earlier bulk send.",
  },
});

/** Rows one bulk send may hold: more is split into several files. */
export const maxBulkRows = 10_000;
/** A bulk send file's largest size: 10,000 rows of a dozen recipients with long names fit in it several times. */
export const maxBulkFileBytes = 10 * 1024 * 1024;
/** The longest e-mail subject a row may give (as the Send screen allows). */
export const maxEmailSubjectLength = 300;

/** Which column (by its place in the header) holds each recipient group's name and e-mail, the name and subject. */
export const BulkColumnMappingSchema = z.object({
  groups: z.array(z.object({ name: z.number().int().min(0).nullable(), email: z.number().int().min(0).nullable() })),
  documentName: z.number().int().min(0).nullable(),
  emailSubject: z.number().int().min(0).nullable(),
});
export type BulkColumnMapping = z.infer<typeof BulkColumnMappingSchema>;

/** One row of the file as it will be sent: one recipient per group, in the template's order. */
export interface BulkRow {
  /** Its line in the file (the header is line 1; a quoted line break makes a row span lines: where it starts). */
  line: number;
  recipients: { name: string; email: string }[];
  documentName: string | null;
  emailSubject: string | null;
}

export type BulkRowProblemKind =
  | "missing_recipient"
  | "name_missing"
  | "name_too_long"
  | "email_invalid"
  | "email_twice"
  | "duplicate_row"
  | "already_sent"
  | "document_name"
  | "subject_too_long";

export interface BulkRowProblem {
  kind: BulkRowProblemKind;
  words: Phrase;
}

/** A recipient's problem as a row's: a missing address is one that cannot be used. */
const bulkKinds: Record<RecipientProblemKind, BulkRowProblemKind> = {
  name_missing: "name_missing",
  name_too_long: "name_too_long",
  email_missing: "email_invalid",
  email_invalid: "email_invalid",
  email_twice: "email_twice",
};

/**
 * What makes two rows "the same": their addresses (whatever their order or case) and their document name. Used for
 * repeats within a file, and for rows sent to the same template in an earlier batch.
 */
export function bulkRowKey(row: Pick<BulkRow, "recipients" | "documentName">): string {
  return JSON.stringify([
    row.recipients.map((recipient) => comparable(recipient.email)).sort(),
    row.documentName?.trim() ?? "",
  ]);
}

/**
 * Each row with what keeps it from being sent, by the Send screen's rules (names, addresses, one address per
 * recipient in a row, a document name that can be used) and the batch's own: a repeat of an earlier row of the file
 * (naming its line) or of a row sent to this template before (`alreadySent`, bulkRowKey's keys). `labels` name the
 * recipient groups in the messages.
 */
export function checkBulkRows(
  rows: readonly BulkRow[],
  groupCount: number,
  alreadySent: ReadonlySet<string>,
  labels: readonly string[] = [],
): { row: BulkRow; problems: BulkRowProblem[] }[] {
  const firstLine = new Map<string, number>();
  return rows.map((row) => {
    const problems: BulkRowProblem[] = [];
    if (row.recipients.length !== groupCount)
      problems.push({
        kind: "missing_recipient",
        words: phrase(messages.groupCount, { groupCount, count: row.recipients.length }),
      });
    // The Send screen's check, each problem under the kind this table shows it as.
    for (const problem of recipientProblemList(checkRecipients(row.recipients, labels)))
      problems.push({ kind: bulkKinds[problem.kind], words: problem.words });
    if (row.documentName !== null) {
      const wrongName = nameProblem(DocumentNameSchema, row.documentName);
      if (wrongName !== null)
        problems.push({ kind: "document_name", words: phrase(messages.documentName, { problem: wrongName }) });
    }
    if (row.emailSubject !== null && row.emailSubject.trim().length > maxEmailSubjectLength)
      problems.push({
        kind: "subject_too_long",
        words: phrase(messages.subjectTooLong, {
          count: row.emailSubject.trim().length,
          max: maxEmailSubjectLength,
        }),
      });
    const key = bulkRowKey(row);
    const earlier = firstLine.get(key);
    if (earlier !== undefined)
      problems.push({ kind: "duplicate_row", words: phrase(messages.duplicateRow, { line: earlier }) });
    else firstLine.set(key, row.line);
    if (alreadySent.has(key)) problems.push({ kind: "already_sent", words: phrase(messages.alreadySent) });
    return { row, problems };
  });
}

/** A header as compared: lower case, accents and punctuation gone ("E-mail Address" → "e mail address"). */
function normalized(header: string): string {
  return header
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const nameWords = ["name", "full name", "recipient", "recipient name", "signer", "signer name", "signatory", "contact"];
const emailWords = ["email", "e mail", "email address", "e mail address", "mail", "recipient email", "signer email"];

/** The headers that can name group `index` (labelled `label`) of `count` groups' name or e-mail. */
function candidates(field: "name" | "email", label: string, index: number, count: number): string[] {
  const own = normalized(label);
  const number = String(index + 1);
  const words =
    field === "name" ? ["name", "full name"] : ["email", "e mail", "email address", "e mail address", "mail"];
  const numbered = ["recipient", "signer", "signatory", "party"].flatMap((who) =>
    words.flatMap((word) => [`${who} ${number} ${word}`, `${word} ${who} ${number}`, `${who}${number} ${word}`]),
  );
  return [
    ...(own === "" ? [] : words.map((word) => `${own} ${word}`)),
    ...numbered,
    ...words.map((word) => `${word} ${number}`),
    ...(count === 1 ? (field === "name" ? nameWords : emailWords) : []),
  ];
}

/**
 * The columns a file's headers name for each recipient group ("Buyer name", "Signer 2 e-mail", "Email" for a
 * one-group template…), the document name ("Document name", "Document", "Title") and the subject ("Subject"):
 * case, accents, spaces and punctuation aside. A column is matched once at most; what is not found stays null.
 */
export function suggestBulkMapping(
  headers: readonly string[],
  groups: readonly { label: string }[],
): BulkColumnMapping {
  const names = headers.map(normalized);
  const used = new Set<number>();
  const take = (wanted: readonly string[]): number | null => {
    for (const word of wanted) {
      const index = names.findIndex((header, at) => header === word && !used.has(at));
      if (index >= 0) {
        used.add(index);
        return index;
      }
    }
    return null;
  };
  const mapped = groups.map((group, index) => ({
    name: take(candidates("name", group.label, index, groups.length)),
    email: take(candidates("email", group.label, index, groups.length)),
  }));
  return {
    groups: mapped,
    documentName: take(["document name", "document", "name of document", "title", "document title"]),
    emailSubject: take(["subject", "email subject", "e mail subject", "mail subject"]),
  };
}

/**
 * The rows of a file under a mapping: each cell trimmed, an empty optional cell read as none. Lines with nothing in
 * them (a spreadsheet's trailing blank rows) are not rows.
 */
export function rowsFromMapping(
  file: { rows: readonly { line: number; cells: readonly string[] }[] },
  mapping: BulkColumnMapping,
): BulkRow[] {
  const cell = (cells: readonly string[], column: number | null) =>
    column === null ? "" : (cells[column] ?? "").trim();
  return file.rows
    .filter((row) => row.cells.some((value) => value.trim() !== ""))
    .map((row) => ({
      line: row.line,
      recipients: mapping.groups.map((group) => ({
        name: cell(row.cells, group.name),
        email: cell(row.cells, group.email),
      })),
      documentName: cell(row.cells, mapping.documentName) || null,
      emailSubject: cell(row.cells, mapping.emailSubject) || null,
    }));
}
