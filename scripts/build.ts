import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { type BuildOptions, build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";
import { faceSources } from "../sandbox/final-pdf/text/font-faces";

const root = path.resolve(import.meta.dirname, "..");
export const distDir = path.join(root, "dist");

/**
 * Left out of the main bundle and shipped in node_modules: native modules (unpacked from the asar), pdf.js,
 * whose worker, fonts and browser build the sandbox loads as files at run time, signature_pad, whose
 * browser build the sandbox serves to its signing page, harfbuzzjs, which loads its WebAssembly beside itself, and
 * the Noto font packages the sandbox's final PDF reads its faces from (sandbox/final-pdf/text/font-faces.ts).
 */
export const runtimePackages = [
  "@napi-rs/keyring",
  "pdfjs-dist",
  "signature_pad",
  "harfbuzzjs",
  ...new Set(faceSources.map((source) => source.packageName)),
];

const indexEntry = path.join(root, "main/index.ts");
const workerEntries = {
  // The PDF page reader runs in a worker thread of its own, loaded as a file beside the main bundle.
  "page-geometry-worker": path.join(root, "node-shared/pdf/page-geometry-worker.ts"),
  // The fields a PDF declares (form widgets, text tags), found off main's thread with pdf.js.
  "detect-fields-worker": path.join(root, "node-shared/pdf/detect/detect-fields-worker.ts"),
  // Text tags covered in an uploaded PDF (issue 34), off main's thread.
  "cover-boxes-worker": path.join(root, "node-shared/pdf/cover-boxes-worker.ts"),
  // The sandbox's final PDFs (stamps, audit pages, seal), built off the thread that serves requests.
  "final-pdf-worker": path.join(root, "sandbox/final-pdf/final-pdf-worker.ts"),
  // SQLite's check of a large records database, off the main thread.
  "quick-check-worker": path.join(root, "main/records/quick-check-worker.ts"),
  // The Documents list's pages and searches, read on a connection of their own off the main thread.
  "records-reader-worker": path.join(root, "main/records/records-reader-worker.ts"),
};

export function mainBuildOptions(mode: "production" | "development"): BuildOptions {
  return {
    entryPoints: { index: indexEntry, ...workerEntries },
    outdir: path.join(distDir, "main"),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    external: ["electron", ...runtimePackages],
    sourcemap: true,
    minify: mode === "production",
    // The catalogs' words as UTF-8, not \u escapes: Arabic or Japanese would take three times the bytes.
    charset: "utf8",
    // Bundled CommonJS dependencies call require(); give the ESM bundle one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: "warning",
  };
}

/**
 * Main's builds as shipped: its workers each in one file, and main's bundle split where it imports a module only when
 * first needed (`import()`): what the window's start does not use (the final PDF's fonts and stamps, the seal's
 * certificates, pdf-lib) is then neither read nor compiled at start. The chunks sit beside the bundle, so that
 * `import.meta.url` finds the workers and the sandbox's assets from them as from the bundle.
 */
export function mainBuilds(mode: "production" | "development"): [BuildOptions, BuildOptions] {
  const options = mainBuildOptions(mode);
  return [
    { ...options, entryPoints: { index: indexEntry }, splitting: true, chunkNames: "[name]-[hash]" },
    { ...options, entryPoints: workerEntries },
  ];
}

export function preloadBuildOptions(mode: "production" | "development"): BuildOptions {
  // A sandboxed preload must be a single CommonJS file that requires nothing but 'electron'.
  return {
    entryPoints: [path.join(root, "preload/index.ts")],
    outfile: path.join(distDir, "preload/index.cjs"),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "chrome140",
    external: ["electron"],
    sourcemap: true,
    minify: mode === "production",
    logLevel: "warning",
  };
}

export async function buildRenderer(): Promise<void> {
  await viteBuild({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
}

/**
 * Writes a file only when its contents change, and then by renaming a complete copy over it, so that
 * whatever reads dist/ meanwhile (a running app, a test suite) never sees half a file.
 */
export async function writeFileIfChanged(file: string, contents: Uint8Array): Promise<void> {
  const current = await readFile(file).catch(() => null);
  if (current !== null && Buffer.compare(current, contents) === 0) return;
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, contents);
  await rename(partial, file);
}

/** The sandbox's pages load their scripts and styles as files beside its code: beside the main bundle once built. */
export async function copySandboxPageAssets(): Promise<void> {
  const from = path.join(root, "sandbox/pages/assets");
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    await writeFileIfChanged(path.join(distDir, "main/assets", path.relative(from, source)), await readFile(source));
  }
}

/** Builds main and its workers into dist/main, and removes the chunks an earlier build left there (not packed then). */
async function buildMain(mode: "production" | "development"): Promise<void> {
  const [split, workers] = mainBuilds(mode);
  const [result] = await Promise.all([esbuild({ ...split, metafile: true }), esbuild({ ...workers })]);
  const made = new Set(Object.keys(result.metafile?.outputs ?? {}).map((file) => path.resolve(file)));
  const mainDir = path.join(distDir, "main");
  const entries = new Set(["index", ...Object.keys(workerEntries)]);
  for (const name of await readdir(mainDir)) {
    const file = path.join(mainDir, name.replace(/\.map$/, ""));
    const entry = entries.has(path.basename(file, ".mjs"));
    if (file.endsWith(".mjs") && !entry && !made.has(file)) await rm(path.join(mainDir, name), { force: true });
  }
}

export async function buildAll(mode: "production" | "development" = "production"): Promise<void> {
  await Promise.all([buildRenderer(), buildMain(mode), esbuild(preloadBuildOptions(mode)), copySandboxPageAssets()]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildAll();
  console.log(`Built main, preload and renderer into dist/ in ${Date.now() - started} ms.`);
}
