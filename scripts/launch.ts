import { spawn } from "node:child_process";
import path from "node:path";
import { electronExecutableOrExit } from "./electron-binary.ts";

/** `npm start` (after the build): runs the built app from dist/ in Electron. */
const root = path.resolve(import.meta.dirname, "..");
const binary = await electronExecutableOrExit();

const child = spawn(binary, [root, ...process.argv.slice(2)], { stdio: "inherit", cwd: root });
child.on("error", (error) => {
  console.error(`Electron could not be started (${binary}): ${error.message}`);
  process.exit(1);
});
child.on("close", (code, signal) => process.exit(signal === null ? (code ?? 0) : 1));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
