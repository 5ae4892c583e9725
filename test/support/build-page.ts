import path from "node:path";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Builds a page with the app's own Vite config (its plugins: the CSP meta, pdf.js's run-time assets; its
 * target) in production mode, into `outDir`: the app's renderer when `pageRoot` is omitted (what
 * scripts/build.ts buildRenderer() builds into dist/renderer), else the page whose index.html is in `pageRoot`.
 * A folder of its own keeps the benchmark apart from dist/, which `npm test` rebuilds in development mode.
 */
export async function buildPage(outDir: string, pageRoot?: string): Promise<void> {
  // React's production build whatever the caller's NODE_ENV (Vitest, for one, sets "test").
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: path.join(root, "vite.config.ts"),
      ...(pageRoot === undefined ? {} : { root: pageRoot }),
      mode: "production",
      logLevel: "error",
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
