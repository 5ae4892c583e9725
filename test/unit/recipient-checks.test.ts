import { describe, expect, it } from "vitest";
import { checkBulkRows } from "../../common/bulk";
import { inEnglish } from "../../common/i18n/english";
import type { Phrase } from "../../common/i18n/phrase";
import {
  checkRecipients,
  hasRecipientProblems,
  type RecipientRowProblems,
  recipientProblemList,
} from "../../common/recipient-checks";

const labels = ["Buyer", "Seller", "Witness"];

/** Problems with their words in English (the checks give phrases, rendered in the window's language). */
function inEnglishWords<P extends { kind: string; words: Phrase }>(problem: P) {
  return { kind: problem.kind, message: inEnglish(problem.words) };
}
function inEnglishRows(rows: readonly RecipientRowProblems[]) {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([field, problem]) => [field, inEnglishWords(problem)])),
  );
}

describe("the one recipient check (common/recipient-checks.ts)", () => {
  it("names each problem on its own field: a missing name, a missing or invalid address", () => {
    expect(
      inEnglishRows(
        checkRecipients(
          [
            { name: " ", email: "" },
            { name: "x".repeat(201), email: "bo@" },
            { name: "Cy", email: "cy@example.com" },
          ],
          labels,
        ),
      ),
    ).toEqual([
      {
        name: { kind: "name_missing", message: "Enter a name for Buyer." },
        email: { kind: "email_missing", message: "Enter an e-mail address for Buyer." },
      },
      {
        name: { kind: "name_too_long", message: "Seller's name is too long (201 characters; 200 at most)." },
        email: { kind: "email_invalid", message: "“bo@” is not a valid e-mail address." },
      },
      {},
    ]);
  });

  it("catches an address given twice in any case or spacing, on the later recipient's field", () => {
    const problems = checkRecipients(
      [
        { name: "Ada", email: "ada@example.com" },
        { name: "Bo", email: "bo@example.com" },
        { name: "Ada again", email: " ADA@Example.com " },
      ],
      labels,
    );
    expect(inEnglishRows(problems)).toEqual([
      {},
      {},
      {
        email: {
          kind: "email_twice",
          message: "ADA@Example.com is already Buyer's address: each recipient needs their own.",
        },
      },
    ]);
    expect(hasRecipientProblems(problems)).toBe(true);
  });

  it("names a group without a label by its number", () => {
    const [, second] = checkRecipients(
      [
        { name: "Ada", email: "ada@example.com" },
        { name: "", email: "ada@example.com" },
      ],
      ["", ""],
    );
    expect(second?.name && inEnglish(second.name.words)).toBe("Enter a name for Recipient 2.");
    expect(second?.email && inEnglish(second.email.words)).toBe(
      "ada@example.com is already Recipient 1's address: each recipient needs their own.",
    );
  });

  it("lists the problems recipient by recipient, the name's first; none for recipients that pass", () => {
    const problems = checkRecipients(
      [
        { name: "", email: "a@" },
        { name: "", email: "b@example.com" },
      ],
      labels,
    );
    expect(recipientProblemList(problems).map((problem) => problem.kind)).toEqual([
      "name_missing",
      "email_invalid",
      "name_missing",
    ]);
    expect(hasRecipientProblems(checkRecipients([{ name: "Ada", email: "ada@example.com" }], labels))).toBe(false);
  });

  it("is the check a bulk send's rows get, in the same words", () => {
    const recipients = [
      { name: "Ada", email: "ada@example.com" },
      { name: "", email: "ADA@example.com" },
    ];
    const [row] = checkBulkRows(
      [{ line: 2, recipients, documentName: null, emailSubject: null }],
      2,
      new Set(),
      labels,
    );
    expect(row?.problems.map(inEnglishWords)).toEqual([
      { kind: "name_missing", message: "Enter a name for Seller." },
      { kind: "email_twice", message: "ADA@example.com is already Buyer's address: each recipient needs their own." },
    ]);
  });
});
