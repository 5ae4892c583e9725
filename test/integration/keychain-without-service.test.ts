import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { privateSessionBusConfig } from "../../scripts/private-session-bus";
import { describeWith } from "../support/requirements";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

describeWith("secret-service", "the keychain on a desktop session with no Secret Service", () => {
  it.runIf(process.platform === "linux")(
    "says the keychain is unavailable for a read too, rather than that the key is missing",
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "signdesk-no-service-"));
      try {
        // A bus of its own that starts no service on demand: nothing owns org.freedesktop.secrets.
        const config = path.join(dir, "bus.conf");
        await writeFile(config, privateSessionBusConfig());
        const child = path.join(root, "test/support/keychain-without-service-child.ts");
        const { stdout } = await run(
          "dbus-run-session",
          [`--config-file=${config}`, "--", process.execPath, path.join(root, "node_modules/tsx/dist/cli.mjs"), child],
          { cwd: root, timeout: 60_000 },
        );
        const answer = JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as Record<string, { code?: string }>;
        expect(answer.read).toMatchObject({ code: "keychain" });
        expect(answer.write).toMatchObject({ code: "keychain" });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
