import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedEvent {
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes received, as text: what the signature covers. */
  rawBody: string;
  body: Record<string, unknown>;
  answeredWith: number;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedEvent[];
  /** Decides the status of each answer (default 200). */
  respond: (event: Omit<ReceivedEvent, "answeredWith">, index: number) => number;
  waitFor(predicate: (received: ReceivedEvent[]) => boolean, timeoutMs?: number): Promise<ReceivedEvent[]>;
  close(): Promise<void>;
}

/** A real HTTP endpoint on loopback that records every delivery it gets. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: "",
    received: [],
    respond: () => 200,
    async waitFor(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver.received)) {
        if (Date.now() > deadline) {
          throw new Error(
            `Webhook receiver: condition not met in ${timeoutMs} ms; got ${receiver.received.length} deliveries`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return receiver.received;
    },
    close: async () => {},
  };
  let count = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const event = { path: request.url ?? "/", headers: request.headers, rawBody, body, at: Date.now() };
      const status = receiver.respond(event, count);
      count += 1;
      receiver.received.push({ ...event, answeredWith: status });
      response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "fail");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
