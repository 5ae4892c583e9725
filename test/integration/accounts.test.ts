import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AccountService } from "../../main/accounts/accounts";
import { osKeychain, type SecretStore } from "../../main/accounts/keychain";
import { confBackend, Settings } from "../../main/settings/settings";
import { english } from "../support/english";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox } from "../support/sandbox";

describeWith("secret-service", "accounts, with keys in the real OS keychain", () => {
  let folder: string;
  let keychain: SecretStore;
  let running: RunningSandbox;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "signdesk-accounts-"));
    keychain = osKeychain(`signdesk-test-${randomUUID()}`);
    running = await startSandbox();
  });
  afterAll(async () => {
    await running?.close();
    await rm(folder, { recursive: true, force: true });
  });

  function service(cwd = folder) {
    return new AccountService({
      settings: new Settings(confBackend(cwd)),
      keychain,
      checkConnection: async () => ({ outcome: "ok", message: "" }),
    });
  }

  it("keeps each key in the keychain and nowhere in the settings file", async () => {
    const accounts = service();
    const key = `sk_live_${randomUUID()}`;
    const account = await accounts.add({ name: "Acme", baseUrl: "https://api.example.com/", apiKey: key });
    expect(account).toMatchObject({
      name: "Acme",
      baseUrl: "https://api.example.com",
      coordinateOrigin: "top-left",
      kind: "service",
    });
    expect(await keychain.get(account.id)).toBe(key);
    expect(await accounts.apiKey(account.id)).toBe(key);
    for (const file of await readdir(folder)) {
      expect(await readFile(path.join(folder, file), "utf8")).not.toContain(key);
    }
    // A fresh start reads the same account back; replacing the key replaces it in the keychain only.
    const again = service();
    expect(again.list().map((candidate) => candidate.id)).toContain(account.id);
    const replacement = `sk_live_${randomUUID()}`;
    await again.update(account.id, { apiKey: replacement, name: "Acme EU", coordinateOrigin: "bottom-left" });
    expect(await keychain.get(account.id)).toBe(replacement);
    expect(again.get(account.id)).toMatchObject({ name: "Acme EU", coordinateOrigin: "bottom-left" });
    await again.remove(account.id);
    expect(await keychain.get(account.id)).toBeNull();
    expect(again.list().map((candidate) => candidate.id)).not.toContain(account.id);
  });

  it("refuses plain http except to this computer, and says why", async () => {
    const accounts = service();
    await expect(accounts.add({ name: "Bad", baseUrl: "http://api.example.com", apiKey: "k" })).rejects.toThrow(
      "Use an https:// address (plain http:// is allowed only for this computer).",
    );
    await expect(accounts.add({ name: "Bad", baseUrl: "api.example.com", apiKey: "k" })).rejects.toThrow(
      "Enter a full address, such as https://api.example.com.",
    );
    const local = await accounts.add({ name: "Local", baseUrl: "http://127.0.0.1:4010", apiKey: "k" });
    expect(local.baseUrl).toBe("http://127.0.0.1:4010");
    await accounts.remove(local.id);
  });

  it("creates the Sandbox account on first start with a key the sandbox issued, and keeps it", async () => {
    const cwd = await mkdtemp(path.join(tmpdir(), "signdesk-first-start-"));
    const accounts = service(cwd);
    const sandbox = await accounts.ensureSandboxAccount(running.url, () => running.sandbox.issueKey());
    expect(sandbox).toMatchObject({ name: "Sandbox", kind: "sandbox", baseUrl: running.url });
    expect(accounts.active()?.id).toBe(sandbox.id);
    const key = await accounts.apiKey(sandbox.id);
    expect((await callApi(running.url, "GET", "/getAllDocuments", { key })).status).toBe(200);
    // The key the keychain holds is given back (the sandbox registers it again if its data was set aside).
    const same = await service(cwd).ensureSandboxAccount(running.url, async (known) => {
      if (known !== key) throw new Error("must not issue a second key");
      return known;
    });
    expect(same.id).toBe(sandbox.id);
    expect(await accounts.apiKey(sandbox.id)).toBe(key);
    // A key lost from the keychain is reissued; a new port moves the account.
    await keychain.delete(sandbox.id);
    const moved = await service(cwd).ensureSandboxAccount("http://127.0.0.1:1", () => running.sandbox.issueKey());
    expect(moved.baseUrl).toBe("http://127.0.0.1:1");
    expect(await keychain.get(sandbox.id)).not.toBeNull();
    await expect(service(cwd).remove(sandbox.id)).rejects.toThrow("The built-in sandbox account cannot be removed.");
    await keychain.delete(sandbox.id);
    await rm(cwd, { recursive: true, force: true });
  });

  it("leaves a damaged record out instead of failing, keeping a copy of the file", async () => {
    const cwd = await mkdtemp(path.join(tmpdir(), "signdesk-damaged-"));
    await writeFile(path.join(cwd, "settings.json"), JSON.stringify({ accounts: [{ id: 1 }] }));
    const problems: string[] = [];
    const settings = new Settings(confBackend(cwd), (message) => problems.push(english(message)));
    expect(settings.get("accounts")).toEqual([]);
    expect(problems[0]).toMatch(/left out \(1 account\).*kept as .*settings\.json\.damaged-[\dT-]+Z\./);
    expect((await readdir(cwd)).some((name) => name.startsWith("settings.json.damaged-"))).toBe(true);
    await rm(cwd, { recursive: true, force: true });
  });
});
