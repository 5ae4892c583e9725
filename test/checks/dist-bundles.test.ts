import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type BundleFacts, scanBundle } from "../support/bundle-scan";
import { droppedElectronPromises } from "../support/electron-promises";

// A static check of the built dist/ (the global setup builds it) against what the packaged app may do on Electron:
// the sandboxed preload can require only `electron`; main and its workers load only what the archive has (Node's
// built-ins, `electron`, the production dependencies, the chunks of main's bundle beside it); the fuses turn off
// RunAsNode and NODE_OPTIONS, so nothing may count on process.execPath, fork, ELECTRON_RUN_AS_NODE or NODE_OPTIONS; and
// no Electron promise is dropped.
const root = path.resolve(import.meta.dirname, "../..");
const mainDir = path.join(root, "dist/main");
const Manifest = z.object({ dependencies: z.record(z.string(), z.string()) });
const production = Object.keys(
  Manifest.parse(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"))).dependencies,
);

const mainBundles = readdirSync(mainDir)
  .filter((name) => name.endsWith(".mjs"))
  .map((name) => path.join(mainDir, name));
const scanned = new Map<string, BundleFacts>();
function facts(file: string): BundleFacts {
  let found = scanned.get(file);
  if (found === undefined) {
    found = scanBundle(path.relative(root, file), readFileSync(file, "utf8"));
    scanned.set(file, found);
  }
  return found;
}

/**
 * Known and harmless: pino's thread-stream (bundled with the sandbox's fastify) reads NODE_OPTIONS in buildStream to
 * strip preload flags when it starts a log transport's worker; the sandbox runs fastify with `logger: false` (sandbox/http/app.ts), so no transport and never this code.
 */
const harmless = (finding: string) => finding.includes("(in buildStream): NODE_OPTIONS");

function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

/** A chunk of main's bundle (scripts/build.ts, mainBuilds) is loaded as `./<name>.mjs` and must be beside it. */
const isChunkBeside = (specifier: string) =>
  specifier.startsWith("./") && mainBundles.some((file) => path.basename(file) === specifier.slice(2));

function isAllowedInMain(specifier: string): boolean {
  if (specifier === "electron" || isChunkBeside(specifier)) return true;
  const bare = specifier.replace(/^node:/, "");
  if (builtinModules.includes(bare) || builtinModules.includes(specifier)) return true;
  return !specifier.startsWith("node:") && production.includes(packageOf(specifier));
}

describe("the built bundles in dist/", () => {
  it("has main's bundle, its six workers, and the chunks main's bundle loads when first needed", () => {
    const names = mainBundles.map((file) => path.basename(file));
    const chunk = /^[\w.-]+-[A-Z0-9]{8}\.mjs$/;
    expect(names.filter((name) => !chunk.test(name)).sort()).toEqual([
      "cover-boxes-worker.mjs",
      "detect-fields-worker.mjs",
      "final-pdf-worker.mjs",
      "index.mjs",
      "page-geometry-worker.mjs",
      "quick-check-worker.mjs",
      "records-reader-worker.mjs",
    ]);
    // What the window's start does not need is a chunk of its own: the seal's ASN.1, pdf-lib. (fontkit, which only
    // the final PDF's text uses, is in the final-PDF worker alone.)
    const chunks = names.filter((name) => chunk.test(name));
    expect(chunks.filter((name) => name.startsWith("fontkit"))).toEqual([]);
    for (const lazy of ["seal-summary-", "stamp-field-"])
      expect(chunks.some((name) => name.startsWith(lazy))).toBe(true);
  });

  it.each(["final-pdf-worker", "cover-boxes-worker"])(
    "%s leaves zod out: an upload may start it, and it pays for every module it loads",
    (worker) => {
      const SourceMap = z.object({ sources: z.array(z.string()) });
      const sources = SourceMap.parse(
        JSON.parse(readFileSync(path.join(mainDir, `${worker}.mjs.map`), "utf8")),
      ).sources;
      expect(sources.some((source) => source.includes("node_modules/pdf-lib/"))).toBe(true);
      // zod cost 8 to 10 MB of resident memory per worker thread (issue 28's cold upload), for none of its work.
      expect(sources.filter((source) => source.includes("node_modules/zod/"))).toEqual([]);
    },
  );

  it("the preload requires only electron", () => {
    const preload = facts(path.join(root, "dist/preload/index.cjs"));
    expect(preload.modules).toContain("electron");
    expect(new Set(preload.modules)).toEqual(new Set(["electron"]));
  });

  it("main and its workers load only Node's built-ins, electron and the production dependencies", () => {
    const outside = mainBundles.flatMap((file) =>
      facts(file)
        .modules.filter((specifier) => !isAllowedInMain(specifier))
        .map((specifier) => `${path.basename(file)}: ${specifier}`),
    );
    expect(outside).toEqual([]);
    const loaded = new Set(mainBundles.flatMap((file) => facts(file).modules));
    for (const name of ["@napi-rs/keyring", "pdfjs-dist/legacy/build/pdf.min.mjs", "node:sqlite", "electron"]) {
      expect(loaded).toContain(name);
    }
  });

  it("nothing uses process.execPath, fork, ELECTRON_RUN_AS_NODE or NODE_OPTIONS, which the fuses forbid", () => {
    const bundles = [...mainBundles, path.join(root, "dist/preload/index.cjs")];
    expect(bundles.flatMap((file) => facts(file).forbidden).filter((finding) => !harmless(finding))).toEqual([]);
  });

  it("the scan sees each forbidden use and every way of loading a module (control)", () => {
    const probe = scanBundle(
      "probe.mjs",
      [
        'import { fork as f } from "node:child_process";',
        'export * from "./re-exported.mjs";',
        'const x = require("cjs-name"); await import("esm-name"); createRequire2(import.meta.url)("lazy-name");',
        "cp.fork(a); spawn(process.execPath, [], { env: { ELECTRON_RUN_AS_NODE: 1, NODE_OPTIONS: '' } });",
        'const code = `require("not-a-call")`;',
      ].join("\n"),
    );
    expect(probe.modules).toEqual(["node:child_process", "./re-exported.mjs", "cjs-name", "esm-name", "lazy-name"]);
    expect(probe.forbidden).toHaveLength(5);
  });

  it("main leaves no promise of Electron's APIs unhandled", () => {
    expect(droppedElectronPromises(path.join(root, "main/tsconfig.json"), root)).toEqual([]);
  });
});
