import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface PageServer {
  origin: string;
  /** How often each path was asked for. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A loopback server of fixed pages, for a window to be sent to; `redirects` answer 302 to their target. */
export async function startPageServer(
  pages: Record<string, string>,
  redirects: Record<string, string> = {},
): Promise<PageServer> {
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const target = redirects[pathname];
    if (target !== undefined) {
      response.writeHead(302, { location: target }).end();
      return;
    }
    const page = pages[pathname];
    if (page === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
