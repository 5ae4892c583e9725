import { describe, expect, it } from "vitest";
import { type BulkRow, bulkRowKey, checkBulkRows, rowsFromMapping, suggestBulkMapping } from "../../common/bulk";
import { inEnglish } from "../../common/i18n/english";

const row = (line: number, recipients: [string, string][], documentName: string | null = null): BulkRow => ({
  line,
  recipients: recipients.map(([name, email]) => ({ name, email })),
  documentName,
  emailSubject: null,
});
const kinds = (rows: BulkRow[], groups = 1, sent: string[] = []) =>
  checkBulkRows(rows, groups, new Set(sent), ["Candidate", "Manager"]).map((entry) =>
    entry.problems.map((problem) => problem.kind),
  );

describe("matching a file's columns to a template's recipient groups", () => {
  it("finds a one-group template's name and e-mail under their usual headers", () => {
    for (const [name, email] of [
      ["Name", "Email"],
      ["Full Name", "E-mail Address"],
      ["recipient", "MAIL"],
      ["Signer name", "Signer email"],
    ] as const)
      expect(suggestBulkMapping(["ID", name, email], [{ label: "Signer" }]).groups, `${name} / ${email}`).toEqual([
        { name: 1, email: 2 },
      ]);
  });

  it("finds each group by its label or its number, and the document name and subject", () => {
    const headers = ["Document", "Buyer name", "Buyer e-mail", "Signer 2 Name", "Signer 2 Email", "Subject"];
    expect(suggestBulkMapping(headers, [{ label: "Buyer" }, { label: "Seller" }])).toEqual({
      groups: [
        { name: 1, email: 2 },
        { name: 3, email: 4 },
      ],
      documentName: 0,
      emailSubject: 5,
    });
    // "Name" alone does not say which of two groups: left for the person to choose.
    expect(suggestBulkMapping(["Name", "Email"], [{ label: "A" }, { label: "B" }]).groups).toEqual([
      { name: null, email: null },
      { name: null, email: null },
    ]);
  });

  it("never maps one column twice, and ignores case, accents and punctuation", () => {
    expect(suggestBulkMapping(["E_MAIL", "NAME", "Stadt"], [{ label: "Signer" }]).groups).toEqual([
      { name: 1, email: 0 },
    ]);
    expect(suggestBulkMapping(["Employé Name", "EMPLOYE E-MAIL"], [{ label: "Employé" }]).groups).toEqual([
      { name: 0, email: 1 },
    ]);
    // Two groups of one label: the columns go to the first.
    expect(suggestBulkMapping(["Buyer name", "Buyer email"], [{ label: "Buyer" }, { label: "Buyer" }]).groups).toEqual([
      { name: 0, email: 1 },
      { name: null, email: null },
    ]);
  });
});

describe("the rows of a file", () => {
  it("are read under the mapping, trimmed, blank lines left out, empty optional cells as none", () => {
    const rows = rowsFromMapping(
      {
        rows: [
          { line: 2, cells: [" Ada ", "ada@example.com ", "", "Hi"] },
          { line: 3, cells: ["", " ", "", ""] },
          { line: 4, cells: ["Bo", "bo@example.com"] },
        ],
      },
      { groups: [{ name: 0, email: 1 }], documentName: 2, emailSubject: 3 },
    );
    expect(rows).toEqual([
      { line: 2, recipients: [{ name: "Ada", email: "ada@example.com" }], documentName: null, emailSubject: "Hi" },
      { line: 4, recipients: [{ name: "Bo", email: "bo@example.com" }], documentName: null, emailSubject: null },
    ]);
  });

  it("are checked with the Send screen's rules, each problem named", () => {
    expect(
      kinds([
        row(2, [["Ada", "ada@example.com"]]),
        row(3, [["", "nobody@example.com"]]),
        row(4, [["Bo", "bo-at-example.com"]]),
        row(5, [["Cy", ""]]),
        row(6, [["x".repeat(201), "long@example.com"]]),
        row(7, [["Dee", "dee@example.com"]], "Bad\u202Ename"),
      ]),
    ).toEqual([[], ["name_missing"], ["email_invalid"], ["email_invalid"], ["name_too_long"], ["document_name"]]);
    const [entry] = checkBulkRows([row(4, [["Bo", "bo-at-example.com"]])], 1, new Set(), ["Candidate"]);
    // In the Send screen's words (common/recipient-checks.ts).
    expect(entry?.problems[0] && inEnglish(entry.problems[0].words)).toBe(
      "“bo-at-example.com” is not a valid e-mail address.",
    );
  });

  it("flag one address twice in a row, and a row's repeat naming the first line", () => {
    expect(
      kinds(
        [
          row(2, [
            ["Ada", "ada@example.com"],
            ["Ada again", "ADA@example.com "],
          ]),
        ],
        2,
      ),
    ).toEqual([["email_twice"]]);
    const checked = checkBulkRows(
      [
        row(2, [["Ada", "ada@example.com"]], "Offer"),
        row(3, [["Ada L.", "Ada@Example.com"]], "Offer "),
        row(4, [["Ada", "ada@example.com"]], "Another offer"),
      ],
      1,
      new Set(),
    );
    expect(checked.map((entry) => entry.problems.map((problem) => inEnglish(problem.words)))).toEqual([
      [],
      ["The same as line 2: it would be sent twice."],
      [],
    ]);
  });

  it("flag rows sent to the template in an earlier batch, by their addresses and document name", () => {
    const earlier = row(9, [["Ada", "ada@example.com"]], "Offer");
    expect(kinds([row(2, [["Ada Lovelace", " ADA@example.com"]], "Offer")], 1, [bulkRowKey(earlier)])).toEqual([
      ["already_sent"],
    ]);
    expect(kinds([row(2, [["Ada", "ada@example.com"]], "Offer 2")], 1, [bulkRowKey(earlier)])).toEqual([[]]);
  });

  it("say how many recipients are missing when the row has fewer than the template's groups", () => {
    expect(kinds([row(2, [["Ada", "ada@example.com"]])], 2)).toEqual([["missing_recipient"]]);
  });
});
