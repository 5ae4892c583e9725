import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureKeyringPackage } from "../../scripts/install-native-package.ts";

/** The beforePack hook's part that needs no registry: what is installed passes, what is unknown stops the build. */
const root = path.resolve(import.meta.dirname, "../..");
let bare: string;

beforeAll(async () => {
  bare = await mkdtemp(path.join(os.tmpdir(), "signdesk-lock-"));
  await writeFile(path.join(bare, "package-lock.json"), JSON.stringify({ packages: { "": {} } }));
});

afterAll(async () => {
  await rm(bare, { recursive: true, force: true });
});

describe("the native package for the architecture being packaged", () => {
  it.runIf(process.platform === "linux" && (process.arch === "x64" || process.arch === "arm64"))(
    "is this machine's, already installed at the locked version: nothing to fetch",
    async () => {
      await expect(ensureKeyringPackage(root, "linux", process.arch as "x64" | "arm64")).resolves.toBe(
        `@napi-rs/keyring-linux-${process.arch}-gnu`,
      );
    },
  );

  it("stops the build, naming the package and what to do, when the lockfile does not list it", async () => {
    await expect(ensureKeyringPackage(bare, "mac", "arm64")).rejects.toThrow(
      /Packaging Signdesk for mac arm64 needs @napi-rs\/keyring-darwin-arm64.*package-lock\.json does not list it.*lockfile:complete/,
    );
  });
});
