import path from "node:path";
import { contentSecurityPolicy } from "../common/csp";
import { appOrigin } from "./trusted-sender";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
};

export interface AppAsset {
  filePath: string;
  contentType: string;
}

/**
 * Maps a request for our page (`app://signdesk/...`, or the same path on the test harness's
 * loopback server) to a file inside `rootDir`. Anything outside it, or another host, is null.
 */
export function resolveAppAsset(rootDir: string, requestUrl: string, origin = appOrigin): AppAsset | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (`${url.protocol}//${url.host}` !== origin) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes("\0")) return null;
  const relative = pathname === "/" ? "index.html" : pathname.replace(/^\/+/, "");
  const root = path.resolve(rootDir);
  const filePath = path.resolve(root, relative);
  const inside = path.relative(root, filePath);
  if (inside === "" || inside.startsWith("..") || path.isAbsolute(inside)) return null;
  const contentType = contentTypes[path.extname(filePath).toLowerCase()] ?? "application/octet-stream";
  return { filePath, contentType };
}

/** Headers of every response that serves our page: the CSP travels with each file, workers included. */
export function appAssetHeaders(contentType: string): Record<string, string> {
  return {
    "content-type": contentType,
    "content-security-policy": contentSecurityPolicy(),
    "x-content-type-options": "nosniff",
    "cross-origin-opener-policy": "same-origin",
  };
}
