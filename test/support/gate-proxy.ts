import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Hold, holdRequest } from "./hold";

export interface GateProxy {
  url: string;
  /** createFromTemplate requests in order of arrival: their first recipient's e-mail address. */
  sends: string[];
  /** The most createFromTemplate requests in flight at once. */
  maxSendsInFlight: number;
  /** When set, createFromTemplate requests wait in it (hold.ts) until the test lets them go; in flight meanwhile. */
  holdSends: Hold | null;
  /** Stops listening: connections are refused, as by a service that is down. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of a real service that can be taken down (its port refuses connections) and brought
 * back on the same address, that can hold sends until the test lets them go, and that sees what the network sees of
 * sends: their order and their concurrency.
 */
export async function startGateProxy(upstream: string): Promise<GateProxy> {
  const target = new URL(upstream);
  let inFlight = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", target);
    const isSend = url.pathname === "/createFromTemplate";
    /** A send is in flight from its arrival until its answer is relayed (or its connection fails). */
    let settled = () => {};
    if (isSend) {
      inFlight += 1;
      gate.maxSendsInFlight = Math.max(gate.maxSendsInFlight, inFlight);
      settled = () => {
        inFlight -= 1;
        settled = () => {};
      };
      res.on("close", () => settled());
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { recipients?: { email?: string }[] };
        gate.sends.push(parsed.recipients?.[0]?.email ?? "");
      });
      if (gate.holdSends !== null) return holdRequest(gate.holdSends, target, req, res, () => settled());
    }
    const forwarded = httpRequest(
      url,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        settled();
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => {
      settled();
      res.destroy();
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const gate: GateProxy = {
    url: `http://127.0.0.1:${port}`,
    sends: [],
    maxSendsInFlight: 0,
    holdSends: null,
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
