import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeWith } from "../support/requirements";

/**
 * `npm run bench -- <name>` on a fresh machine: every benchmark in bench/ is reachable by its name and described
 * in the README, and the runner brings the keychain the benchmarks open, as `npm test` does, without a desktop
 * session. No benchmark runs here.
 */
const root = path.resolve(import.meta.dirname, "../..");
const benchNames = readdirSync(path.join(root, "bench"))
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.slice(0, -3))
  .sort();

/** Runs scripts/bench.ts as `npm run bench` does, in an environment without a D-Bus session or a private keyring. */
function runBench(args: string[]): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== "DBUS_SESSION_BUS_ADDRESS" && !name.startsWith("SIGNDESK_"),
    ),
  );
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/bench.ts", ...args],
    {
      cwd: root,
      env,
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}

it("names every benchmark in bench/ when asked for one it does not have", async () => {
  const { code, output } = await runBench(["no-such-benchmark"]);
  expect(code).toBe(2);
  expect(output).toContain(`Benchmarks: ${benchNames.join(", ")}`);
});

it("describes every benchmark in the README, and no other", () => {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const list = readme.slice(
    readme.indexOf("\nBenchmarks:\n"),
    readme.indexOf("\n## ", readme.indexOf("\nBenchmarks:\n")),
  );
  const described = [...list.matchAll(/^- `([a-z-]+)`:/gm)].map((match) => match[1]).sort();
  expect(described).toEqual(benchNames);
});

describeWith("secret-service", "a fresh machine", () => {
  it("gives the benchmarks a working keychain without a desktop session", async () => {
    const { code, output } = await runBench(["--check"]);
    expect(output).toContain("Keychain: available.");
    expect(output).toContain(`Benchmarks: ${benchNames.join(", ")}`);
    expect(code).toBe(0);
  });
});
