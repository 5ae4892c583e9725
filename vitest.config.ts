import { defineConfig } from "vitest/config";

const slow = { testTimeout: 120_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    globalSetup: ["test/support/global-setup.ts"],
    projects: [
      { test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node" } },
      { test: { name: "checks", include: ["test/checks/**/*.test.ts"], environment: "node", ...slow } },
      { test: { name: "integration", include: ["test/integration/**/*.test.ts"], environment: "node", ...slow } },
      // Browser suites share two cores: one file at a time.
      { test: { name: "e2e", include: ["test/e2e/**/*.test.ts"], fileParallelism: false, ...slow } },
      // The built main and preload bundles on the Electron stand-in (Node + Chromium), where Electron cannot run.
      { test: { name: "standin", include: ["test/standin/**/*.test.ts"], fileParallelism: false, ...slow } },
      { test: { name: "electron", include: ["test/electron/**/*.test.ts"], fileParallelism: false, ...slow } },
    ],
  },
});
