import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Hold, holdRequest } from "./hold";

/** What the fault server does with one request. */
export type FaultAction =
  /** Answers this status with a JSON body (default `{message: "Internal Server Error", error: status}`). */
  | { kind: "status"; status: number; body?: unknown; headers?: Record<string, string> }
  /** Reads the request, then never answers (until the server closes). */
  | { kind: "hang" }
  /** Reads the request, then resets the connection (TCP RST). */
  | { kind: "reset" }
  /** 200 announcing a longer JSON body than it sends, then closes the connection. */
  | { kind: "truncated" }
  /** 200 whose body is an HTML page, not JSON (a captive portal, a proxy's error page). */
  | { kind: "not-json" }
  /** 429 with Retry-After. */
  | { kind: "rate-limited"; retryAfter: string }
  /** Passes the request to the upstream (a real sandbox) and its answer back. */
  | { kind: "proxy" }
  /** Passes the request to the upstream, which acts on it, then resets the connection: the answer is lost. */
  | { kind: "proxy-then-reset" }
  /** Passes the request to the upstream, which acts on it, then answers this status (a gateway giving up: 504). */
  | { kind: "proxy-then-status"; status: number }
  /** Reads the request and holds it in `hold` until the test passes it on, drops it or forwards it (hold.ts). */
  | { kind: "hold"; hold: Hold }
  /** Answers this redirect status with `Location: location` (read as is: a path or a full URL). */
  | { kind: "redirect"; status: number; location: string };

export interface FaultRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** Date.now() when the request arrived. */
  at: number;
  action: FaultAction["kind"];
  /** The x-api-key header it carried, if any. */
  apiKey: string | null;
}

export interface FaultServer {
  url: string;
  /** Every request, in order of arrival. */
  requests: FaultRequest[];
  /** Requests that arrived for `path`. */
  count(path: string): number;
  /** Queues actions for the next requests to `path`; once its queue is empty, the fallback applies. */
  plan(path: string, ...actions: FaultAction[]): void;
  /** Forgets the actions still queued for `path` (its requests stay recorded). */
  unplan(path: string): void;
  /** Forgets queued actions and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

function answerJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(text);
}

/** What becomes of the upstream's answer: passed on, lost to a reset, or replaced by a gateway's status. */
type Relay = { kind: "pass" } | { kind: "reset" } | { kind: "status"; status: number };

function proxy(upstream: URL, req: IncomingMessage, res: ServerResponse, relay: Relay = { kind: "pass" }) {
  const forwarded = httpRequest(
    new URL(req.url ?? "/", upstream),
    { method: req.method, headers: { ...req.headers, host: upstream.host } },
    (answer) => {
      if (relay.kind === "reset") {
        answer.resume();
        answer.on("end", () => req.socket.resetAndDestroy());
        return;
      }
      if (relay.kind === "status") {
        answer.resume();
        const body = { message: "Gateway Timeout (fault server)", error: relay.status };
        answer.on("end", () => answerJson(res, relay.status, body));
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forwarded.on("error", () => {
    if (!res.headersSent) answerJson(res, 502, { message: "Bad gateway (fault server)", error: 502 });
    else res.destroy();
  });
  req.pipe(forwarded);
}

function act(action: FaultAction, req: IncomingMessage, res: ServerResponse, upstream: URL | null) {
  switch (action.kind) {
    case "proxy":
    case "proxy-then-reset":
    case "proxy-then-status":
      if (upstream === null) return answerJson(res, 502, { message: "No upstream (fault server)", error: 502 });
      return proxy(
        upstream,
        req,
        res,
        action.kind === "proxy"
          ? { kind: "pass" }
          : action.kind === "proxy-then-reset"
            ? { kind: "reset" }
            : { kind: "status", status: action.status },
      );
    case "redirect":
      res.writeHead(action.status, { location: action.location, "content-type": "text/plain" });
      return res.end(`Moved to ${action.location}`);
    case "status":
      return answerJson(
        res,
        action.status,
        action.body ?? { message: "Internal Server Error", error: action.status },
        action.headers,
      );
    case "rate-limited":
      return answerJson(
        res,
        429,
        { message: `Too many requests. Try again in ${action.retryAfter} seconds.`, error: 429 },
        { "retry-after": action.retryAfter },
      );
    case "not-json":
      res.writeHead(200, { "content-type": "text/html" });
      return res.end("<!doctype html><title>Sign in to the network</title><p>Please accept the terms.</p>");
    case "truncated": {
      const whole = Buffer.from(JSON.stringify({ message: "Documents retrieved successfully", documents: [] }));
      res.writeHead(200, { "content-type": "application/json", "content-length": String(whole.length + 200) });
      res.write(whole.subarray(0, Math.floor(whole.length / 2)), () => req.socket.destroy());
      return;
    }
    case "reset":
      req.socket.resetAndDestroy();
      return;
    case "hang":
      return;
  }
}

/**
 * A loopback HTTP server scripted per path, for what a real service does only when things go wrong:
 * 5xx, hangs, resets, cut-short answers, non-JSON answers, 429s. Unscripted requests go to
 * `fallback` (by default: proxied to `upstream` when given, else 404).
 */
export async function startFaultServer(
  options: { upstream?: string; fallback?: FaultAction; port?: number } = {},
): Promise<FaultServer> {
  const upstream = options.upstream === undefined ? null : new URL(options.upstream);
  const fallback: FaultAction =
    options.fallback ??
    (upstream === null
      ? { kind: "status", status: 404, body: { message: "Not found.", error: 404 } }
      : { kind: "proxy" });
  const queues = new Map<string, FaultAction[]>();
  const requests: FaultRequest[] = [];

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fault.invalid").pathname;
    const action = queues.get(path)?.shift() ?? fallback;
    const key = req.headers["x-api-key"];
    requests.push({
      method: req.method ?? "GET",
      path,
      at: Date.now(),
      action: action.kind,
      apiKey: typeof key === "string" ? key : null,
    });
    if (action.kind === "proxy" || action.kind === "proxy-then-reset" || action.kind === "proxy-then-status")
      return act(action, req, res, upstream);
    if (action.kind === "hold") {
      if (upstream === null) return answerJson(res, 502, { message: "No upstream (fault server)", error: 502 });
      return holdRequest(action.hold, upstream, req, res);
    }
    // Everything else reads the whole request first: the request has fully reached the server.
    req.resume();
    req.on("end", () => act(action, req, res, upstream));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (path) => requests.filter((request) => request.path === path).length,
    plan(path, ...actions) {
      queues.set(path, [...(queues.get(path) ?? []), ...actions]);
    },
    unplan(path) {
      queues.delete(path);
    },
    reset() {
      queues.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
