import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestCore, type TestCore } from "../support/core-harness";
import { describeWith } from "../support/requirements";

describeWith("secret-service", "accounts:update checks what it is given as accounts:add does", () => {
  let app: TestCore;
  let id: string;

  beforeAll(async () => {
    app = await startTestCore({ embeddedSandbox: false });
    id = (await app.call("accountsAdd", { name: "Acme", baseUrl: "https://api.example.com", apiKey: "sk_1" })).id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("refuses a blank or too long name as invalid_argument with the rule, and changes nothing", async () => {
    for (const [name, rule] of [
      ["", "Give the account a name."],
      ["   ", "Give the account a name."],
      ["x".repeat(81), "Keep the account's name to 80 characters or fewer."],
      ["x".repeat(1_000_000), "Keep the account's name to 80 characters or fewer."],
    ] as const) {
      const answer = await app.invoke("accountsUpdate", { id, name });
      expect(answer).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
      expect(!answer.ok && answer.error.message).toContain(rule);
      const added = await app.invoke("accountsAdd", { name, baseUrl: "https://api.example.com", apiKey: "k" });
      expect(added).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
      expect(!added.ok && added.error.message).toContain(rule);
    }
    expect(await app.invoke("accountsUpdate", { id, baseUrl: "   " })).toMatchObject({
      ok: false,
      error: { code: "invalid_argument", message: expect.stringContaining("Enter the service's base URL.") },
    });
    expect(await app.invoke("accountsUpdate", { id, baseUrl: "ftp://example.com" })).toMatchObject({
      ok: false,
      error: { code: "invalid_argument", message: expect.stringContaining("https://") },
    });
    expect((await app.call("accountsList")).accounts).toEqual([
      expect.objectContaining({ id, name: "Acme", baseUrl: "https://api.example.com" }),
    ]);
    expect(app.logs.filter((line) => line.startsWith("accounts:"))).toEqual([]);
  });

  it("refuses an API key that cannot be sent (a space, a line break) when adding or replacing, storing nothing", async () => {
    const rule = "The API key contains characters that cannot be sent (spaces or line breaks?); enter it again.";
    for (const apiKey of ["sk live 1234", "sk_live\n1234", "sk_live_é"]) {
      const added = await app.invoke("accountsAdd", { name: "Spaced", baseUrl: "https://api.example.com", apiKey });
      expect(added).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
      expect(!added.ok && added.error.message).toContain(rule);
      expect(!added.ok && added.error.message).not.toContain(apiKey);
      const replaced = await app.invoke("accountsUpdate", { id, apiKey });
      expect(replaced).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
      expect(!replaced.ok && replaced.error.message).toContain(rule);
    }
    expect((await app.call("accountsList")).accounts.map((account) => account.name)).toEqual(["Acme"]);
    expect(await app.core.accounts.apiKey(id)).toBe("sk_1");
  });

  it("takes a valid change, trimmed, and keeps the key when given a blank one", async () => {
    const updated = await app.call("accountsUpdate", { id, name: "  Acme EU ", coordinateOrigin: "bottom-left" });
    expect(updated).toMatchObject({ id, name: "Acme EU", coordinateOrigin: "bottom-left" });
    await app.call("accountsUpdate", { id, apiKey: "   " });
    expect(await app.core.accounts.apiKey(id)).toBe("sk_1");
    await app.call("accountsUpdate", { id, apiKey: " sk_2 " });
    expect(await app.core.accounts.apiKey(id)).toBe("sk_2");
  });
});
