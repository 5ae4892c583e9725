import { readFile } from "node:fs/promises";
import { protocol } from "electron";
import { appAssetHeaders, resolveAppAsset } from "../app-assets";

export const appScheme = "app";

/** Must run before the app is ready. */
export function registerAppSchemeAsPrivileged(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves the built renderer from `rendererDir` under app://signdesk/ with the CSP on every response. */
export function serveAppProtocol(rendererDir: string): void {
  protocol.handle(appScheme, async (request) => {
    const asset = resolveAppAsset(rendererDir, request.url);
    if (asset === null) return new Response("Not found", { status: 404 });
    try {
      const body = await readFile(asset.filePath);
      return new Response(body, { headers: appAssetHeaders(asset.contentType) });
    } catch {
      return new Response("Not found", { status: 404 });
    }
  });
}
