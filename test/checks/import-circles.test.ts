import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { runCommand } from "../../scripts/run-command.ts";

const root = path.resolve(import.meta.dirname, "../..");
const depcruise = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
const probe = path.join(root, ".cache/import-circle-probe");

/** Runs dependency-cruiser with the project's rules (.dependency-cruiser.cjs) over `folders`. */
function cruise(folders: string[]) {
  return runCommand(
    process.execPath,
    [depcruise, "--config", ".dependency-cruiser.cjs", "--output-type", "err", ...folders],
    { cwd: root },
  );
}

afterAll(() => rmSync(probe, { recursive: true, force: true }));

it("finds no import circle in any runtime's code, type-only imports included", async () => {
  const result = await cruise(["main", "sandbox", "common", "node-shared", "renderer", "preload"]);
  expect(result.output).toMatch(/no dependency violations found \((\d{3,}) modules/);
  expect(result.code, result.output).toBe(0);
});

it("would find a circle made only of type imports (planted)", async () => {
  mkdirSync(probe, { recursive: true });
  writeFileSync(
    path.join(probe, "core.ts"),
    'import type { Sender } from "./sender";\nexport interface Core { sender: Sender }\n',
  );
  writeFileSync(
    path.join(probe, "sender.ts"),
    'import type { Core } from "./core";\nexport interface Sender { core: Pick<Core, "sender"> }\n',
  );
  const result = await cruise([path.relative(root, probe)]);
  expect(result.code).not.toBe(0);
  expect(result.output).toMatch(/no-circular/);
  expect(result.output).toMatch(/import-circle-probe\/core\.ts/);
});
