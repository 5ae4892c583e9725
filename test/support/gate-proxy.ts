import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface GateProxy {
  url: string;
  /** createFromTemplate requests in order of arrival: their first recipient's e-mail address. */
  sends: string[];
  /** The most createFromTemplate requests in flight at once. */
  maxSendsInFlight: number;
  /** Stops listening: connections are refused, as by a service that is down. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of a real service that can be taken down (its port refuses connections) and brought
 * back on the same address, and that sees what the network sees of sends: their order and their concurrency.
 */
export async function startGateProxy(upstream: string, options: { delayMs?: number } = {}): Promise<GateProxy> {
  const target = new URL(upstream);
  let inFlight = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", target);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const isSend = url.pathname === "/createFromTemplate";
      if (isSend) {
        const parsed = JSON.parse(body.toString("utf8")) as { recipients?: { email?: string }[] };
        gate.sends.push(parsed.recipients?.[0]?.email ?? "");
        inFlight += 1;
        gate.maxSendsInFlight = Math.max(gate.maxSendsInFlight, inFlight);
      }
      const forwarded = httpRequest(
        url,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          setTimeout(() => {
            if (isSend) inFlight -= 1;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          }, options.delayMs ?? 0);
        },
      );
      forwarded.on("error", () => res.destroy());
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const gate: GateProxy = {
    url: `http://127.0.0.1:${port}`,
    sends: [],
    maxSendsInFlight: 0,
    async down() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async up() {
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    async close() {
      if (server.listening) await gate.down();
    },
  };
  return gate;
}
