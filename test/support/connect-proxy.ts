import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";

export interface ConnectProxy {
  /** "127.0.0.1:<port>", as the system's settings name a proxy. */
  address: string;
  /** Each CONNECT tunnel opened, by its target ("host:port"). */
  tunnels: string[];
  /** Each request forwarded in the absolute form (http targets), by its URL. */
  forwarded: string[];
  /** Each Proxy-Authorization the proxy was sent, decoded ("user:password"); null for a request without one. */
  authorizations: (string | null)[];
  /** Requests and CONNECTs refused with 407. */
  refused: number;
  /** While set, only this "user:password" is let through; others are answered 407. */
  requireAuth: string | null;
  close(): Promise<void>;
}

/**
 * A company's HTTP proxy on loopback: CONNECT tunnels for https, the absolute form for http, Basic authentication when
 * `requireAuth` is set (407 with Proxy-Authenticate, as Squid answers). Counts what passes, to tell that a request went
 * through it rather than around it.
 */
export async function startConnectProxy(
  /** Names the proxy resolves itself, as a company's proxy knows hosts its clients cannot resolve. */
  hosts: Record<string, string> = {},
): Promise<ConnectProxy> {
  const resolve = (host: string) => hosts[host] ?? host;
  const sockets = new Set<Socket>();
  const proxy: ConnectProxy = {
    address: "",
    tunnels: [],
    forwarded: [],
    authorizations: [],
    refused: 0,
    requireAuth: null,
    close: async () => {},
  };
  const authorized = (req: IncomingMessage) => {
    const header = req.headers["proxy-authorization"];
    const decoded =
      typeof header === "string" && header.startsWith("Basic ")
        ? Buffer.from(header.slice(6), "base64").toString("utf8")
        : null;
    proxy.authorizations.push(decoded);
    if (proxy.requireAuth === null || decoded === proxy.requireAuth) return true;
    proxy.refused += 1;
    return false;
  };
  const refusal =
    'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="Test Company"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';

  const server = createServer((req, res) => {
    if (!authorized(req)) {
      res.writeHead(407, { "proxy-authenticate": 'Basic realm="Test Company"', connection: "close" });
      res.end();
      return;
    }
    const target = new URL(req.url ?? "");
    proxy.forwarded.push(target.href);
    const { "proxy-authorization": _auth, "proxy-connection": _connection, ...headers } = req.headers;
    const upstream = httpRequest(
      {
        host: resolve(target.hostname),
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.on("connect", (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (!authorized(req)) {
      client.end(refusal);
      return;
    }
    const [host = "", port = "443"] = (req.url ?? "").split(/:(?=\d+$)/);
    proxy.tunnels.push(req.url ?? "");
    const upstream = connect(Number(port), resolve(host.replace(/^\[|\]$/g, "")), () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.end("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n"));
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return proxy;
}
