import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

export interface Held {
  /** Resolves once the held request has arrived (and is being held). */
  arrived: Promise<void>;
  /** Passes it on to the upstream, whose answer then goes back. */
  release(): void;
}

export interface HoldingProxy {
  url: string;
  /** Requests that arrived for `path` (without the query). */
  count(path: string): number;
  /** Holds the next request to `path` until it is released: an ordered gate, never a time. */
  hold(path: string): Held;
  close(): Promise<void>;
}

/** A loopback proxy in front of a real service that counts requests by path and holds the ones it is told to. */
export async function startHoldingProxy(upstream: string, options: { port?: number } = {}): Promise<HoldingProxy> {
  const target = new URL(upstream);
  const counts = new Map<string, number>();
  const holds = new Map<string, { arrive: () => void; released: Promise<void> }[]>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", target);
    counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
    const held = holds.get(url.pathname)?.shift();
    held?.arrive();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (held?.released ?? Promise.resolve()).then(() => {
        const forwarded = httpRequest(
          url,
          { method: req.method, headers: { ...req.headers, host: target.host } },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forwarded.on("error", () => res.destroy());
        forwarded.end(Buffer.concat(chunks));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: (path) => counts.get(path) ?? 0,
    hold(path) {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.set(path, [...(holds.get(path) ?? []), { arrive, released }]);
      return { arrived, release };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
