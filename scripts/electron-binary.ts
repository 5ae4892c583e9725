import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** The Electron binary that `npm install` downloads, or null when it was skipped (ELECTRON_SKIP_BINARY_DOWNLOAD). */
export function electronExecutable(): string | null {
  try {
    const packageDir = path.dirname(require.resolve("electron/package.json"));
    const pathFile = path.join(packageDir, "path.txt");
    if (!existsSync(pathFile)) return null;
    const binary = path.join(packageDir, "dist", readFileSync(pathFile, "utf8").trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

export const missingElectronHelp = [
  "Electron's binary is not installed, so the app cannot start.",
  "`npm install` downloads it (its install script is allowed in package.json) unless ELECTRON_SKIP_BINARY_DOWNLOAD is set.",
  "Fix: unset ELECTRON_SKIP_BINARY_DOWNLOAD and run `node node_modules/electron/install.js` (or `npm rebuild electron`).",
].join("\n");
