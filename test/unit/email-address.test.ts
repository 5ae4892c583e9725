import { describe, expect, it } from "vitest";
import { EmailAddressSchema, emailAddressProblem, emailLimits } from "../../common/email-address";
import { inEnglish } from "../../common/i18n/english";
import { checkRecipients } from "../../common/recipient-checks";
import { RecipientSchema } from "../../common/records";
import { addressOfLength as address } from "../support/email-addresses";

describe("the e-mail address rule (common/email-address.ts)", () => {
  it("accepts up to 254 characters with up to 64 before the @", () => {
    expect(emailLimits).toEqual({ maxLength: 254, maxLocalPartLength: 64 });
    for (const accepted of ["a@example.com", address(254), address(254, 64), address(80, 1)]) {
      expect(emailAddressProblem(accepted), accepted).toBeNull();
      expect(EmailAddressSchema.safeParse(accepted).success).toBe(true);
    }
  });

  it("refuses 255 characters and more, naming the length", () => {
    expect(emailAddressProblem(address(255))).toEqual({
      kind: "too_long",
      text: "is too long (255 characters; 254 at most)",
    });
    expect(emailAddressProblem(`${"x".repeat(5000)}@example.com`)?.text).toBe(
      "is too long (5012 characters; 254 at most)",
    );
  });

  it("refuses 65 characters before the @", () => {
    expect(emailAddressProblem(address(100, 65))).toEqual({
      kind: "local_part_too_long",
      text: "has too many characters before the @ (65; 64 at most)",
    });
  });

  it("refuses what is not an address at all", () => {
    for (const refused of ["", "ada", "ada@", "@example.com", "ada@example", "a b@example.com", " ada@example.com"]) {
      expect(emailAddressProblem(refused)?.kind, JSON.stringify(refused)).toBe("invalid");
    }
  });

  it("is the rule of the IPC arguments, with a message that says what is wrong", () => {
    const parsed = RecipientSchema.safeParse({ name: "Ada", email: address(255) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["email"], "The e-mail address is too long (255 characters; 254 at most)."],
    ]);
    expect(RecipientSchema.safeParse({ name: "Ada", email: address(254) }).success).toBe(true);
  });

  it("is the rule of the Send form, with a message for each row", () => {
    const rows = [
      { name: "Ada", email: address(255) },
      { name: "Bo", email: address(100, 65) },
      { name: "Cy", email: "cy@" },
      { name: "Di", email: ` ${address(254)} ` },
    ];
    // The checks give phrases (rendered in the window's language): here in English.
    const inEnglishRows = checkRecipients(rows, ["Buyer", "Seller", "Witness", "Agent"]).map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([field, problem]) => [
          field,
          { kind: problem.kind, message: inEnglish(problem.words) },
        ]),
      ),
    );
    expect(inEnglishRows).toEqual([
      {
        email: { kind: "email_invalid", message: "Buyer's e-mail address is too long (255 characters; 254 at most)." },
      },
      {
        email: {
          kind: "email_invalid",
          message: "Seller's e-mail address has too many characters before the @ (65; 64 at most).",
        },
      },
      { email: { kind: "email_invalid", message: "“cy@” is not a valid e-mail address." } },
      {},
    ]);
  });
});
