import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const browserDir = path.resolve(import.meta.dirname, "../browser");
const bundles = new Map<string, Promise<string>>();

function bundle(entry: string): Promise<string> {
  let text = bundles.get(entry);
  if (text === undefined) {
    text = build({
      entryPoints: [path.join(browserDir, entry)],
      bundle: true,
      write: false,
      format: "iife",
      target: "chrome120",
      logLevel: "warning",
    }).then((result) => result.outputFiles[0]?.text ?? "");
    bundles.set(entry, text);
  }
  return text;
}

/** The page's half of contextBridge, for the main world of every document. */
export function mainWorldScript(): Promise<string> {
  return bundle("main-world.ts");
}

/** ipcRenderer and contextBridge, then the window's preload file (read now, as Electron reads it per page). */
export async function isolatedWorldScript(binding: string, preloadPath: string | null): Promise<string> {
  const runtime = await bundle("preload-world.ts");
  const config = JSON.stringify({ binding, platform: process.platform });
  const preload =
    preloadPath === null
      ? "null"
      : `function (exports, require, module, __filename, __dirname, process, global) {\n${readFileSync(preloadPath, "utf8")}\n}`;
  return `(function (__standinConfig, __standinPreload) {\n${runtime}\n})(${config}, ${preload});`;
}

/** The wrappers that put the page's permission requests to the session's handlers, for the main world of every frame. */
export async function permissionScript(config: { binding: string; settled: string }): Promise<string> {
  const runtime = await bundle("permission-requests.ts");
  return `(function (__standinPermissionConfig) {\n${runtime}\n})(${JSON.stringify(config)});`;
}
