import { describe, expect, it } from "vitest";
import { KeychainUnavailableError, osKeychain } from "../../main/accounts/keychain";
import type { KeyringBinding } from "../../main/accounts/keychain-binding";

/**
 * `@napi-rs/keyring` on Linux: getPassword answers null for every failure, and with no Secret Service at its first
 * use it stores keys in the kernel's session keyring. A binding that behaves so, over a Secret Service that may
 * hold entries, fail, or never see what was stored.
 */
function linuxLikeBinding(secretService: { held: Map<string, string>; reachable: boolean; storesThere: boolean }) {
  const calls: string[] = [];
  const elsewhere = new Map<string, string>();
  class AsyncEntry {
    constructor(
      readonly service: string,
      readonly account: string,
    ) {}
    async getPassword() {
      calls.push(`get ${this.account}`);
      return (secretService.reachable ? secretService.held.get(this.account) : elsewhere.get(this.account)) ?? null;
    }
    async setPassword(password: string) {
      calls.push(`set ${this.account}`);
      (secretService.storesThere ? secretService.held : elsewhere).set(this.account, password);
    }
    async deletePassword() {
      calls.push(`delete ${this.account}`);
      return elsewhere.delete(this.account) || secretService.held.delete(this.account);
    }
  }
  const binding = {
    AsyncEntry,
    findCredentialsAsync: async () => {
      calls.push("find");
      if (!secretService.reachable) throw new Error("org.freedesktop.DBus.Error.ServiceUnknown");
      return [...secretService.held].map(([account, password]) => ({ account, password }));
    },
  } as unknown as KeyringBinding;
  return { binding, calls, elsewhere };
}

/** No real waiting: each pause is recorded and over at once. */
const pauses: number[] = [];
const keychainOver = (binding: KeyringBinding, confirm = true) =>
  osKeychain(
    "signdesk-test",
    async () => binding,
    confirm,
    async (ms) => void pauses.push(ms),
  );

describe("the keychain, confirmed on the Secret Service (Linux)", () => {
  it("reads a missing key as missing only when the Secret Service says so", async () => {
    const secretService = { held: new Map(), reachable: true, storesThere: true };
    const { binding } = linuxLikeBinding(secretService);
    expect(await keychainOver(binding).get("a")).toBeNull();
    secretService.reachable = false;
    await expect(keychainOver(binding).get("a")).rejects.toBeInstanceOf(KeychainUnavailableError);
    await expect(keychainOver(binding).get("a")).rejects.toThrow("ServiceUnknown");
  });

  it("finds a key the entry could not read but the Secret Service holds", async () => {
    const secretService = { held: new Map([["account:a", "key-a"]]), reachable: true, storesThere: true };
    const { binding } = linuxLikeBinding(secretService);
    // The entry's own read fails (its store fell back elsewhere at first use); the Secret Service has the key.
    binding.AsyncEntry.prototype.getPassword = async () => null;
    expect(await keychainOver(binding).get("a")).toBe("key-a");
  });

  it("refuses a key stored outside the Secret Service, and takes it back", async () => {
    const secretService = { held: new Map(), reachable: true, storesThere: false };
    const { binding, calls, elsewhere } = linuxLikeBinding(secretService);
    await expect(keychainOver(binding).set("a", "key-a")).rejects.toThrow("the Secret Service did not keep the key");
    expect(calls).toEqual(["set account:a", "find", "delete account:a"]);
    expect(elsewhere.size).toBe(0);
  });

  it("stores and reads back as before where the Secret Service keeps keys, asking it once per write", async () => {
    const secretService = { held: new Map(), reachable: true, storesThere: true };
    const { binding, calls } = linuxLikeBinding(secretService);
    const keychain = keychainOver(binding);
    await keychain.set("a", "key-a");
    expect(await keychain.get("a")).toBe("key-a");
    expect(calls).toEqual(["set account:a", "find", "get account:a"]);
  });

  it("asks nothing more elsewhere (macOS, Windows), where the binding reports its own failures", async () => {
    const secretService = { held: new Map(), reachable: false, storesThere: false };
    const { binding, calls } = linuxLikeBinding(secretService);
    const keychain = keychainOver(binding, false);
    await keychain.set("a", "key-a");
    expect(await keychain.get("b")).toBeNull();
    expect(calls).toEqual(["set account:a", "get account:b"]);
  });

  it("asks a restarting Secret Service again, twice at most, and only for a restart's errors", async () => {
    const secretService = { held: new Map([["account:a", "key-a"]]), reachable: true, storesThere: true };
    const { binding } = linuxLikeBinding(secretService);
    binding.AsyncEntry.prototype.getPassword = async () => null;
    const find = binding.findCredentialsAsync;
    const failing = (failures: string[]) => {
      binding.findCredentialsAsync = async (...args) => {
        const failure = failures.shift();
        if (failure !== undefined) throw new Error(failure);
        return find(...args);
      };
    };
    pauses.length = 0;
    failing([
      "org.freedesktop.DBus.Error.ServiceUnknown: The name is not activatable",
      "org.freedesktop.DBus.Error.NoReply",
    ]);
    expect(await keychainOver(binding).get("a")).toBe("key-a");
    expect(pauses).toEqual([200, 800]);
    pauses.length = 0;
    failing(["ServiceUnknown", "ServiceUnknown", "ServiceUnknown"]);
    await expect(keychainOver(binding).get("a")).rejects.toBeInstanceOf(KeychainUnavailableError);
    expect(pauses).toEqual([200, 800]);
    pauses.length = 0;
    failing(["org.freedesktop.Secret.Error.IsLocked"]);
    await expect(keychainOver(binding).get("a")).rejects.toThrow("IsLocked");
    expect(pauses).toEqual([]);
  });
});
