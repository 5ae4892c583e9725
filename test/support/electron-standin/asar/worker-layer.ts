/**
 * What a worker thread of the app starts with: this asar layer (register.ts), compiled once to JavaScript. Electron's
 * worker threads read archives natively; in the stand-in, a worker that imported the layer's TypeScript would make Node
 * load its TypeScript stripper (a WebAssembly module) in that thread too: some 20 MB a worker, which Electron never
 * spends and which would count against the app. The compiled file is kept in the repository's .cache/, named by its
 * sources' contents. Workers get no `electron` module, as in Electron (register.ts beside asar/ is not passed on).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const asarDir = import.meta.dirname;
const standinDir = path.dirname(asarDir);
const cacheDir = path.resolve(standinDir, "../../../.cache/electron-standin");

let compiled: string | null = null;

/** The layer as one JavaScript module (its npm dependencies left to resolve from the repository): its file URL. */
function compiledLayer(): string {
  if (compiled !== null) return compiled;
  const sources = readdirSync(asarDir)
    .filter((name) => name.endsWith(".ts"))
    .sort();
  const hash = createHash("sha256");
  for (const name of sources) hash.update(name).update(readFileSync(path.join(asarDir, name)));
  const file = path.join(cacheDir, `worker-layer-${hash.digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    // esbuild is loaded only here, when a first worker starts, not with every stand-in.
    const esbuild = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
    const result = esbuild.buildSync({
      entryPoints: [path.join(asarDir, "register.ts")],
      bundle: true,
      packages: "external",
      platform: "node",
      format: "esm",
      target: "node22",
      write: false,
      logLevel: "error",
    });
    const code = result.outputFiles[0]?.contents;
    if (code === undefined) throw new Error("The stand-in's asar layer did not compile for worker threads.");
    mkdirSync(cacheDir, { recursive: true });
    // Several stand-ins may start workers at once: each writes a whole copy, then renames it into place.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  compiled = pathToFileURL(file).href;
  return compiled;
}

const layerSources = [path.join(asarDir, "register.ts"), path.join(standinDir, "register.ts")];
const isLayerSource = (value: string) =>
  layerSources.includes(value.startsWith("file:") ? fileURLToPath(value) : path.resolve(value));
const compiledName = /worker-layer-[0-9a-f]{16}\.mjs$/;
/**
 * V8's own switches (bin/electron's --expose-gc): a worker that inherits its switches drops them silently, one given
 * them refuses to start. They are the process's anyway (gc is exposed in the worker all the same).
 */
const isV8Switch = (arg: string) => /^--(expose[-_]gc|max[-_]old[-_]space[-_]size|stack[-_]size)(=|$)/.test(arg);

/**
 * The Node switches for a worker started without its own: the process's, with the stand-in's TypeScript `--import`s
 * replaced by the compiled layer.
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  // A worker's own workers: it runs the compiled layer already.
  if (execArgv.some((arg) => compiledName.test(arg))) return execArgv.filter((arg) => !isV8Switch(arg));
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index += 1) {
    const arg = execArgv[index] ?? "";
    if (arg === "--import" && isLayerSource(execArgv[index + 1] ?? "")) {
      index += 1;
      continue;
    }
    if (arg.startsWith("--import=") && isLayerSource(arg.slice("--import=".length))) continue;
    if (isV8Switch(arg)) continue;
    kept.push(arg);
  }
  return [...kept, "--import", compiledLayer()];
}
