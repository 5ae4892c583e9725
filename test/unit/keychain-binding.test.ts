import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KeychainUnavailableError, osKeychain } from "../../main/accounts/keychain";
import type { KeyringBinding } from "../../main/accounts/keychain-binding";

/**
 * A keychain binding that cannot load (another platform's package shipped, a damaged `.node`) is the keychain
 * being unavailable: each use answers KeychainUnavailableError with the loader's reason, and nothing fails before.
 */
let dir: string;
let requireHere: NodeJS.Require;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "signdesk-binding-"));
  // Not a shared object: loading it fails in the dynamic loader, as a truncated or foreign .node does.
  await writeFile(path.join(dir, "keyring.broken.node"), Buffer.from("not an ELF, Mach-O or PE file"));
  requireHere = createRequire(path.join(dir, "index.js"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const loaders: [string, () => Promise<KeyringBinding>][] = [
  ["a broken .node", async () => requireHere("./keyring.broken.node") as KeyringBinding],
  ["a missing platform package", async () => requireHere("@napi-rs/keyring-plan9-x64") as KeyringBinding],
];

describe.each(loaders)("the keychain with %s", (_name, load) => {
  it("is created without loading the binding, and each use answers 'keychain unavailable'", async () => {
    let loads = 0;
    const keychain = osKeychain("signdesk-test-broken", () => {
      loads += 1;
      return load();
    });
    expect(loads).toBe(0);
    for (const use of [() => keychain.get("a"), () => keychain.set("a", "secret"), () => keychain.delete("a")]) {
      const error = await use().then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(KeychainUnavailableError);
      expect((error as KeychainUnavailableError).code).toBe("keychain");
    }
    expect(loads).toBe(3);
  });

  it("gives the loader's own reason in its message", async () => {
    const reason = await load().then(
      () => "",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(reason).not.toBe("");
    await expect(osKeychain("signdesk-test-broken", load).get("a")).rejects.toThrow(reason);
  });
});
