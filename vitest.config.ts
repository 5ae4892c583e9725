import { defineConfig } from "vitest/config";

const slow = { testTimeout: 120_000, hookTimeout: 120_000 };
// expect.poll waits for what must happen; its limit only bounds a hang (Vitest's own default, 1 s, is a guess that a
// busy machine outlasts).
const patient = { expect: { poll: { timeout: 30_000 } } };
// The checks run whole tools (tsc over eight runtimes, biome, electronegativity): their limit only bounds a hang.
const tools = { testTimeout: 600_000, hookTimeout: 600_000 };

export default defineConfig({
  test: {
    globalSetup: ["test/support/global-setup.ts"],
    projects: [
      // Some unit tests start a process or a worker; their limit only bounds a hang, never a slow machine.
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          ...patient,
        },
      },
      { test: { name: "checks", include: ["test/checks/**/*.test.ts"], environment: "node", ...tools, ...patient } },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          environment: "node",
          ...slow,
          ...patient,
        },
      },
      // Browser suites share two cores: one file at a time.
      { test: { name: "e2e", include: ["test/e2e/**/*.test.ts"], fileParallelism: false, ...slow, ...patient } },
      // The built main and preload bundles on the Electron stand-in (Node + Chromium), where Electron cannot run.
      {
        test: { name: "standin", include: ["test/standin/**/*.test.ts"], fileParallelism: false, ...slow, ...patient },
      },
      {
        test: {
          name: "electron",
          include: ["test/electron/**/*.test.ts"],
          fileParallelism: false,
          ...slow,
          ...patient,
        },
      },
    ],
  },
});
