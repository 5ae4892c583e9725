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

/**
 * A loopback proxy in front of a real service that measures concurrency: what the network sees. With
 * `holdUntilInFlight`, the first answers wait until that many requests are out at once (then none waits any more): the
 * client's concurrency shows however fast the machine is, and a client that never sends that many at once hangs.
 */
export async function startCountingProxy(
  upstream: string,
  options: { holdUntilInFlight?: number } = {},
): Promise<CountingProxy> {
  const target = new URL(upstream);
  let inFlight = 0;
  let waiting: (() => void)[] | null = options.holdUntilInFlight === undefined ? null : [];
  const relay = (answer: () => void) => {
    if (waiting === null) return answer();
    waiting.push(answer);
    if (inFlight < (options.holdUntilInFlight ?? 0)) return;
    const due = waiting;
    waiting = null;
    for (const each of due) each();
  };
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
      (answer) =>
        relay(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }),
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
