import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

export interface CountingProxy {
  url: string;
  /** The most requests that were in flight at once. */
  maxInFlight: number;
  /** Each getDocumentDetails request's pdf_id, in order of arrival. */
  detailsRequests: string[];
  close(): Promise<void>;
}

/** A loopback proxy in front of a real service that measures concurrency: what the network sees. */
export async function startCountingProxy(upstream: string, options: { delayMs?: number } = {}): Promise<CountingProxy> {
  const target = new URL(upstream);
  let inFlight = 0;
  const proxy: CountingProxy = { url: "", maxInFlight: 0, detailsRequests: [], close: async () => {} };
  const server = createServer((req, res) => {
    inFlight += 1;
    proxy.maxInFlight = Math.max(proxy.maxInFlight, inFlight);
    const url = new URL(req.url ?? "/", target);
    if (url.pathname === "/getDocumentDetails") proxy.detailsRequests.push(url.searchParams.get("pdf_id") ?? "");
    let done = false;
    const finish = () => {
      if (!done) inFlight -= 1;
      done = true;
    };
    res.on("finish", finish);
    res.on("error", finish);
    const forwarded = httpRequest(
      url,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        // A slower service makes overlapping requests, and so the client's concurrency, visible.
        setTimeout(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }, options.delayMs ?? 0);
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
