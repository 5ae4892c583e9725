import { describe, expect, it } from "vitest";
import { AccountChangesSchema, AccountInputSchema, AccountNameSchema } from "../../common/accounts";
import { ApiKeyInputSchema, apiKeyProblem, unsendableApiKeyMessage } from "../../common/api-key";
import { inEnglish } from "../../common/i18n/english";
import { checkAccountDraft } from "../../renderer/screens/accounts/AccountFields";

const messages = (parsed: { success: boolean; error?: { issues: { message: string }[] } }) =>
  parsed.error?.issues.map((issue) => issue.message) ?? [];

describe("the account rules (common/accounts.ts, common/api-key.ts)", () => {
  it("takes a key of printable characters without spaces, trimmed, and refuses any other", () => {
    expect(ApiKeyInputSchema.parse("  sk_live_AbC-123.~!  ")).toBe("sk_live_AbC-123.~!");
    for (const key of ["sk live", "sk\tlive", "sk_live\n2", "sk_é", "sk_\u0000"]) {
      const problem = apiKeyProblem(key);
      expect(problem === null ? null : inEnglish(problem), JSON.stringify(key)).toBe(unsendableApiKeyMessage);
      expect(messages(ApiKeyInputSchema.safeParse(key))).toEqual([unsendableApiKeyMessage]);
    }
    expect(messages(ApiKeyInputSchema.safeParse("k".repeat(4097)))).toEqual([
      "The API key is longer than 4096 characters.",
    ]);
  });

  it("applies the key rule when an account is added or its key replaced; a blank replacement keeps the key", () => {
    const account = { name: "Acme", baseUrl: "https://api.example.com" };
    expect(messages(AccountInputSchema.safeParse({ ...account, apiKey: "sk live" }))).toEqual([
      unsendableApiKeyMessage,
    ]);
    expect(AccountInputSchema.safeParse({ ...account, apiKey: "   " }).success).toBe(false);
    expect(AccountInputSchema.parse({ ...account, apiKey: " sk_1 " }).apiKey).toBe("sk_1");
    expect(messages(AccountChangesSchema.safeParse({ apiKey: "sk live" }))).toEqual([unsendableApiKeyMessage]);
    expect(AccountChangesSchema.parse({ apiKey: "   " }).apiKey).toBe("");
  });

  it("gives the form main's messages for the name and the key, under their fields", () => {
    expect(messages(AccountNameSchema.safeParse("  "))).toEqual(["Give the account a name."]);
    const draft = { name: "x".repeat(81), baseUrl: "https://api.example.com", coordinateOrigin: "top-left" as const };
    // Phrases (rendered in the window's language), here in English.
    const problems = checkAccountDraft(draft, { checkUrl: true, apiKey: "sk live" });
    expect(
      Object.fromEntries(
        Object.entries(problems).map(([field, words]) => [field, typeof words === "object" ? inEnglish(words) : words]),
      ),
    ).toEqual({
      name: "Keep the account's name to 80 characters or fewer.",
      apiKey: unsendableApiKeyMessage,
    });
    expect(problems.name).toMatchObject({ id: "rules.account.nameTooLong" });
    expect(checkAccountDraft({ ...draft, name: " Acme " }, { checkUrl: true, apiKey: "" })).toEqual({});
    // The address's problem is a phrase (rendered in the window's language): here in English.
    const { baseUrl, ...others } = checkAccountDraft(
      { ...draft, name: "Acme", baseUrl: "api.example.com" },
      { checkUrl: true },
    );
    expect(others).toEqual({});
    expect(typeof baseUrl === "object" ? inEnglish(baseUrl) : baseUrl).toBe(
      "Enter a full address that starts with https://, such as https://api.example.com.",
    );
  });
});
