import { request as httpRequest } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";

export interface TlsFront {
  port: number;
  close(): Promise<void>;
}

/** An https front for a plain-http service on loopback (the sandbox), with the certificate given: a service of a name. */
export async function startTlsFront(upstream: string, tls: { key: Buffer; cert: Buffer }): Promise<TlsFront> {
  const target = new URL(upstream);
  const server = createServer(tls, (req, res) => {
    const relay = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    relay.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(relay);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
