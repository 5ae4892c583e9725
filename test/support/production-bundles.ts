import path from "node:path";
import { build as esbuild } from "esbuild";
import { mainBuilds, preloadBuildOptions } from "../../scripts/build.ts";

/**
 * Main's and the preload's bundles as `npm run build` (and so `npm run dist`) makes them, minified, in `dir`: the
 * tests' dist/ has them built for development (the global setup), which a user never gets. The renderer and the
 * sandbox's page assets are the same in both modes. Returns what to add to electron-builder.yml's `files` to pack
 * these bundles in place of dist/'s, the rest of dist/ and of the file set left as the yml selects it.
 */
export async function productionBundles(
  dir: string,
): Promise<(string | { from: string; to: string; filter: string[] })[]> {
  const main = path.join(dir, "main");
  const preload = path.join(dir, "preload");
  await Promise.all([
    ...mainBuilds("production").map((options) => esbuild({ ...options, sourcemap: false, outdir: main })),
    esbuild({ ...preloadBuildOptions("production"), sourcemap: false, outfile: path.join(preload, "index.cjs") }),
  ]);
  return [
    "!dist/main/*.mjs",
    "!dist/preload/**",
    { from: main, to: "dist/main", filter: ["*.mjs"] },
    { from: preload, to: "dist/preload", filter: ["*.cjs"] },
  ];
}
