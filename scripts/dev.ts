import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { context, type Plugin } from "esbuild";
import { createServer } from "vite";
import { devServerPort } from "../vite.config.ts";
import { copySandboxPageAssets, mainBuildOptions, preloadBuildOptions, writeFileIfChanged } from "./build.ts";
import { electronExecutableOrExit } from "./electron-binary.ts";

/**
 * `npm run dev`: the renderer from Vite's dev server (hot reload), main and preload rebuilt by esbuild
 * on change, and Electron restarted whenever either of those changes.
 */
const root = path.resolve(import.meta.dirname, "..");
const binary = await electronExecutableOrExit();

await copySandboxPageAssets();
const vite = await createServer({ configFile: path.join(root, "vite.config.ts") });
await vite.listen();
const devServerUrl = `http://localhost:${devServerPort}`;

let electron: ChildProcess | null = null;
let restarting = false;

function startElectron(): void {
  electron = spawn(binary, [root], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, SIGNDESK_DEV_SERVER_URL: devServerUrl },
  });
  electron.on("error", (error) => {
    console.error(`Electron could not be started (${binary}): ${error.message}`);
  });
  electron.on("close", () => {
    if (restarting) return;
    void shutdown();
  });
}

function restartElectron(): void {
  if (electron === null) {
    startElectron();
    return;
  }
  restarting = true;
  electron.once("close", () => {
    restarting = false;
    startElectron();
  });
  electron.kill();
}

let builds = 0;
const restartOnRebuild: Plugin = {
  name: "restart-electron",
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0) return;
      await Promise.all((result.outputFiles ?? []).map((file) => writeFileIfChanged(file.path, file.contents)));
      builds += 1;
      // Both bundles finish their first build before Electron starts; later builds restart it.
      if (builds === 2) startElectron();
      else if (builds > 2) restartElectron();
    });
  },
};

// The plugin writes the bundles (write: false), only those that changed and each in one step: a test suite
// can be reading dist/ while `npm run dev` runs (test/checks/launcher.test.ts).
const contexts = await Promise.all([
  context({ ...mainBuildOptions("development"), write: false, plugins: [restartOnRebuild] }),
  context({ ...preloadBuildOptions("development"), write: false, plugins: [restartOnRebuild] }),
]);
await Promise.all(contexts.map((buildContext) => buildContext.watch()));

async function shutdown(): Promise<void> {
  await Promise.all(contexts.map((buildContext) => buildContext.dispose()));
  await vite.close();
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    electron?.kill();
    void shutdown();
  });
}
