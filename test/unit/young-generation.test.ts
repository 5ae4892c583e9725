import { fork } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

const child = path.join(import.meta.dirname, "../support/young-generation-child.ts");

/** The young generation's size (MB) after the child's allocations, held or not. */
function youngGenerationAfter(mode: "held" | "free"): Promise<number> {
  return new Promise((resolve, reject) => {
    const process = fork(child, [mode], { execArgv: ["--import", "tsx"] });
    process.once("message", (size) => resolve(Number(size)));
    process.once("error", reject);
    process.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the child exited with ${code}`));
    });
  });
}

it("keeps V8's young generation at its first size, where it grows to its limit otherwise", async () => {
  const free = await youngGenerationAfter("free");
  const held = await youngGenerationAfter("held");
  expect(free).toBeGreaterThan(32);
  expect(held).toBeLessThanOrEqual(8);
});
