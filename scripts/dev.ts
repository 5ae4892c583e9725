import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { context, type Plugin } from "esbuild";
import { createServer } from "vite";
import { devServerPort } from "../vite.config.ts";
import { copySandboxPageAssets, mainBuildOptions, preloadBuildOptions } from "./build.ts";
import { electronExecutable, missingElectronHelp } from "./electron-binary.ts";

/**
 * `npm run dev`: the renderer from Vite's dev server (hot reload), main and preload rebuilt by esbuild
 * on change, and Electron restarted whenever either of those changes.
 */
const root = path.resolve(import.meta.dirname, "..");
const binary = electronExecutable();
if (binary === null) {
  console.error(missingElectronHelp);
  process.exit(1);
}

await copySandboxPageAssets();
const vite = await createServer({ configFile: path.join(root, "vite.config.ts") });
await vite.listen();
const devServerUrl = `http://localhost:${devServerPort}`;

let electron: ChildProcess | null = null;
let restarting = false;

function startElectron(): void {
  electron = spawn(binary as string, [root], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, SIGNDESK_DEV_SERVER_URL: devServerUrl },
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
    build.onEnd((result) => {
      if (result.errors.length > 0) return;
      builds += 1;
      // Both bundles finish their first build before Electron starts; later builds restart it.
      if (builds === 2) startElectron();
      else if (builds > 2) restartElectron();
    });
  },
};

const contexts = await Promise.all([
  context({ ...mainBuildOptions("development"), plugins: [restartOnRebuild] }),
  context({ ...preloadBuildOptions("development"), plugins: [restartOnRebuild] }),
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
