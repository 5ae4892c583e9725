import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { describeWith } from "../support/requirements";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const child = path.join(root, "test/support/keyring-restart-child.ts");

describeWith("secret-service", "the test runner's private keyring", () => {
  it.runIf(process.platform === "linux")(
    "starts GNOME Keyring again on the same keyring when it dies mid-run, and says so",
    async () => {
      const env = { ...process.env };
      delete env.SIGNDESK_PRIVATE_KEYRING;
      const { stdout, stderr } = await run(
        process.execPath,
        [path.join(root, "node_modules/tsx/dist/cli.mjs"), child],
        {
          env,
          timeout: 120_000,
        },
      );
      const answer = JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as {
        first: string;
        second: string;
        read: string | null;
      };
      expect(answer.second).not.toBe("");
      expect(answer.second).not.toBe(answer.first);
      expect(answer.read).toBe("before the abort");
      expect(stderr).toContain("gnome-keyring-daemon stopped during the run (signal SIGABRT)");
      expect(stderr).toContain("restart 1 of 5");
    },
    150_000,
  );
});
