import path from "node:path";
import { build } from "esbuild";
import { mainBuildOptions } from "../../scripts/build.ts";

const root = path.resolve(import.meta.dirname, "../..");
let bundle: Promise<string> | undefined;

/**
 * bench/support/sandbox-child.ts bundled as scripts/build.ts bundles main, with main's own esbuild options and
 * worker entry points: the sandbox then runs the bundled worker files the app runs beside dist/main/index.mjs
 * (node-shared/worker-source.ts picks them when they are beside the bundle), not TypeScript loaded through tsx.
 * Built once per process; returns the bundle's path.
 */
export function buildBundledSandboxChild(): Promise<string> {
  bundle ??= (async () => {
    const options = mainBuildOptions("production");
    const { index: _app, ...workers } = options.entryPoints as Record<string, string>;
    const outdir = path.join(root, ".cache/bench-sandbox");
    await build({
      ...options,
      entryPoints: { ...workers, "sandbox-child": path.join(root, "bench/support/sandbox-child.ts") },
      outdir,
    });
    return path.join(outdir, "sandbox-child.mjs");
  })();
  return bundle;
}
