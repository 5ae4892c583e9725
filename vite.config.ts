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

export default defineConfig({
  root: path.resolve(import.meta.dirname, "renderer"),
  base: "/",
  plugins: [react(), contentSecurityPolicyMeta()],
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/renderer"),
    emptyOutDir: true,
    target: "chrome140",
    sourcemap: true,
  },
  server: { port: devServerPort, strictPort: true, host: "localhost" },
});
