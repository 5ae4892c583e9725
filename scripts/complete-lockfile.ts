import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * `npm run lockfile:complete`, after `npm install` changed dependencies on a machine whose registry
 * serves only its own platform's packages: npm then leaves the other platforms' optional binaries
 * (esbuild, Biome, rolldown… for macOS, Windows, musl) out of package-lock.json, and `npm ci` refuses
 * the lockfile as out of sync. This records each missing optional dependency by name and version, so
 * `npm ci` works everywhere: each machine installs the one binary for its platform.
 */
interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
}

const lockPath = path.resolve(import.meta.dirname, "../package-lock.json");
const lock = JSON.parse(readFileSync(lockPath, "utf8")) as { packages: Record<string, LockEntry> };
const packages = lock.packages;
const added: string[] = [];

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location === "" ? "" : `${location}/`}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (nested in packages || hoisted in packages) continue;
    packages[hoisted] = { version, ...(entry.dev === true ? { dev: true } : {}), optional: true };
    added.push(`${name}@${version}`);
  }
}

const [rootEntry, ...rest] = Object.entries(packages).sort(([a], [b]) =>
  a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
);
lock.packages = Object.fromEntries(rootEntry === undefined ? rest : [rootEntry, ...rest]);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length === 0
    ? "package-lock.json already lists every optional dependency."
    : `Recorded ${added.length}: ${added.join(", ")}`,
);
