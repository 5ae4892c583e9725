import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { contentSecurityPolicyForMeta } from "./common/csp.ts";

export const devServerPort = 5173;

/** Puts the CSP of common/csp.ts into index.html: strict when built, with Vite's needs in dev. */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: "signdesk-csp-meta",
    transformIndexHtml: {
      order: "pre",
      handler(_html, context) {
        const devServerOrigin = context.server === undefined ? undefined : `http://localhost:${devServerPort}`;
        const policy = contentSecurityPolicyForMeta(devServerOrigin === undefined ? {} : { devServerOrigin });
        return [
          {
            tag: "meta",
            attrs: { "http-equiv": "Content-Security-Policy", content: policy },
            injectTo: "head-prepend",
          },
        ];
      },
    },
  };
}

const pdfjsDir = path.resolve(import.meta.dirname, "node_modules/pdfjs-dist");
/** What pdf.js fetches at run time (CMaps, standard fonts, wasm decoders, the CMYK profile), served under /pdfjs/. */
const pdfjsFolders = ["cmaps", "standard_fonts", "wasm", "iccs"];
/** QuickJS runs a PDF's own JavaScript; pdf.js scripting is never enabled here, so its engine is not shipped. */
const pdfjsShips = (name: string) => !/quickjs/i.test(name);
const pdfjsContentTypes: Record<string, string> = { ".js": "text/javascript", ".wasm": "application/wasm" };

/** `/<folder>/<file>` under the /pdfjs/ mount to the file in pdfjs-dist, or null for anything else. */
function pdfjsFile(url: string): string | null {
  let parts: string[];
  try {
    parts = decodeURIComponent(url.split("?")[0] ?? "").split("/");
  } catch {
    return null;
  }
  const [empty, folder, name, ...rest] = parts;
  if (empty !== "" || folder === undefined || name === undefined || rest.length > 0) return null;
  if (!pdfjsFolders.includes(folder) || !pdfjsShips(name) || !/^[\w.-]+$/.test(name) || name.startsWith("."))
    return null;
  return path.join(pdfjsDir, folder, name);
}

/** Copies pdf.js's run-time data into the build under pdfjs/ (and serves it in dev), so it loads from our origin. */
function pdfjsAssets(): Plugin {
  return {
    name: "signdesk-pdfjs-assets",
    configureServer(server) {
      server.middlewares.use("/pdfjs", (request, response, next) => {
        const file = pdfjsFile(request.url ?? "");
        if (file === null) return next();
        readFile(file).then(
          (body) => {
            const type = pdfjsContentTypes[path.extname(file)] ?? "application/octet-stream";
            response.writeHead(200, { "content-type": type }).end(body);
          },
          () => next(),
        );
      });
    },
    async generateBundle() {
      for (const folder of pdfjsFolders) {
        for (const name of (await readdir(path.join(pdfjsDir, folder))).filter(pdfjsShips)) {
          const source = await readFile(path.join(pdfjsDir, folder, name));
          this.emitFile({ type: "asset", fileName: `pdfjs/${folder}/${name}`, source });
        }
      }
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, "renderer"),
  base: "/",
  plugins: [react(), contentSecurityPolicyMeta(), pdfjsAssets()],
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/renderer"),
    emptyOutDir: true,
    target: "chrome140",
    sourcemap: true,
  },
  server: { port: devServerPort, strictPort: true, host: "localhost" },
});
