import { describe, expect, it } from "vitest";
import { inEnglish } from "../../common/i18n/english";
import {
  addressExamples,
  checkServiceAddress,
  describeAddressProblem,
  maxAddressLength,
} from "../../common/service-address";

/** The form's message for `candidate`, or the address kept. */
function told(candidate: string, kind: "base" | "webhook"): string {
  const checked = checkServiceAddress(candidate, kind);
  return checked.ok ? `ok ${checked.url}` : inEnglish(describeAddressProblem(checked.problem, addressExamples[kind]));
}

describe("the service-address rule (common/service-address.ts)", () => {
  it("takes https anywhere and plain http only to this computer", () => {
    for (const kind of ["base", "webhook"] as const) {
      expect(told("https://api.example.com", kind)).toBe("ok https://api.example.com");
      for (const local of ["http://localhost:4010", "http://127.0.0.1:4010", "http://[::1]:4010"]) {
        expect(told(local, kind)).toBe(`ok ${local}`);
      }
      expect(checkServiceAddress("http://api.example.com/v1", kind)).toEqual({
        ok: false,
        problem: { reason: "plain_http", suggestion: "https://api.example.com/v1" },
      });
    }
    expect(told("http://staging.example.com", "base")).toBe(
      "Plain http:// is allowed only for this computer (localhost, 127.0.0.1 or [::1]). Use https://staging.example.com instead.",
    );
  });

  it("says what is wrong, in the forms' words", () => {
    expect(told("   ", "webhook")).toBe("Enter the address, such as https://example.com/hooks/signdesk.");
    expect(told("hooks.example.com", "webhook")).toBe(
      "Enter a full address that starts with https://, such as https://example.com/hooks/signdesk.",
    );
    expect(told("ftp://hooks.example.com/in", "webhook")).toBe("The address must start with https:// (not ftp://).");
    expect(told("https://user:secret@api.example.com", "base")).toBe(
      "The address must not contain a user name or password.",
    );
    expect(told(`https://example.com/${"a".repeat(maxAddressLength)}`, "base")).toBe(
      "The address is longer than 2,048 characters.",
    );
  });

  it("keeps a webhook's query as typed (trimmed) and refuses one in a base URL, whose trailing slash goes", () => {
    expect(told("  https://example.com/hooks?team=7#x ", "webhook")).toBe("ok https://example.com/hooks?team=7#x");
    expect(told("https://api.example.com/v1?x=1", "base")).toBe("The address must not contain ? or #.");
    expect(told("https://api.example.com/v1#top", "base")).toBe("The address must not contain ? or #.");
    expect(told(" https://API.example.com/v1/// ", "base")).toBe("ok https://api.example.com/v1");
    expect(told("https://api.example.com/", "base")).toBe("ok https://api.example.com");
  });
});
