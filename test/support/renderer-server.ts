import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { appAssetHeaders, resolveAppAsset } from "../../main/app-assets";

export interface RendererServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves the built renderer on loopback exactly as the app protocol serves it in Electron:
 * the same path resolution and the same headers (CSP included) on every response. `extra` may answer a
 * request first (the harness's byte channel, harness-bytes.ts).
 */
export async function startRendererServer(
  rendererDir: string,
  extra?: (request: IncomingMessage, response: ServerResponse) => boolean,
): Promise<RendererServer> {
  let origin = "";
  const server = createServer((request, response) => {
    if (extra?.(request, response) === true) return;
    const asset = resolveAppAsset(rendererDir, `${origin}${request.url ?? "/"}`, origin);
    if (asset === null) {
      response.writeHead(404).end("Not found");
      return;
    }
    readFile(asset.filePath).then(
      (body) => response.writeHead(200, appAssetHeaders(asset.contentType)).end(body),
      () => response.writeHead(404).end("Not found"),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
