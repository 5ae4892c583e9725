import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { type Readable, Transform } from "node:stream";
import zlib from "node:zlib";
import type { Clock } from "../../common/clock";
import type { Forward } from "./proxy-agents";

/** Where a request's bytes go; `write` resolves once the chunk has been handed to the OS (it may then be reused). */
export interface BodySink {
  write(chunk: Uint8Array): Promise<void>;
}

/** A request body of known length, produced on demand (so a file can be streamed from disk). */
export interface RequestBody {
  contentType: string;
  length: number;
  /** Writes exactly `length` bytes into `sink`, awaiting each write. */
  writeTo(sink: BodySink): Promise<void>;
}

export function jsonBody(value: unknown): RequestBody {
  const bytes = Buffer.from(JSON.stringify(value), "utf8");
  return { contentType: "application/json", length: bytes.length, writeTo: (sink) => sink.write(bytes) };
}

/** How much of the request had left this machine when it failed. */
export type SentSoFar = "nothing" | "partial" | "all";

/**
 * A request that got no complete answer. Holds no request, socket or header (the API key stays out
 * of every error), only what the caller needs to say what happened.
 */
export class TransportFailure extends Error {
  override readonly name = "TransportFailure";

  constructor(
    readonly reason: "error" | "timeout" | "too_large",
    /** A connection was established (TCP, and TLS for https). */
    readonly connected: boolean,
    readonly sent: SentSoFar,
    /** Part of the answer had arrived. */
    readonly receiving: boolean,
    /** The system error code, e.g. ECONNREFUSED. */
    readonly code: string | null,
  ) {
    super(`${reason}${code === null ? "" : ` (${code})`}`);
  }
}

/** The proxy answered a CONNECT with something other than 200: the tunnel to the service was never made. */
export class ProxyRefusal extends Error {
  override readonly name = "ProxyRefusal";

  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`proxy answered ${status}`);
  }
}

/** Thrown into a body writer whose exchange has ended, so that it stops reading. */
class ExchangeOver extends Error {}

export interface RawRequest {
  method: "GET" | "POST";
  url: URL;
  headers: Record<string, string>;
  body: RequestBody | null;
  agent: http.Agent;
  /** Sent to this proxy in the absolute form (an http target through a proxy); null: to the URL's host. */
  forward?: Forward | null;
  timeoutMs: number;
  /** What arms the time-out. */
  timers: Pick<Clock, "after">;
  /** "total": the whole exchange within timeoutMs; "idle": no more than timeoutMs without progress. */
  timeoutKind: "total" | "idle";
  maxResponseBytes: number;
  signal?: AbortSignal | undefined;
  onSent?: ((sentBytes: number, totalBytes: number) => void) | undefined;
  /**
   * Reads a 2xx answer's body as it arrives (its Content-Encoding undone) instead of gathering it: no size limit,
   * memory bounded by the reader. The exchange ends when the reader's promise settles. Other answers are gathered.
   */
  readStream?: ((body: Readable) => Promise<void>) | undefined;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
}

/** "deflate" is zlib-wrapped by the standard, but some servers send it raw: the first two bytes tell which. */
function inflateEitherWay(): Transform {
  let inflater: zlib.Inflate | zlib.InflateRaw | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (inflater === null) {
        const [first = 0, second = 0] = chunk;
        const wrapped = chunk.length >= 2 && (first & 0x0f) === 8 && (first * 256 + second) % 31 === 0;
        inflater = wrapped ? zlib.createInflate() : zlib.createInflateRaw();
        inflater.on("data", (data: Buffer) => this.push(data));
        inflater.on("error", (error) => this.destroy(error));
      }
      inflater.write(chunk, () => done());
    },
    flush(done) {
      if (inflater === null) return done();
      inflater.once("end", () => done());
      inflater.end();
    },
  });
}

/** The body of `res` with its Content-Encoding (gzip, deflate, br, in the order applied) undone as it streams. */
function decodedStream(res: http.IncomingMessage): Readable {
  const header = res.headers["content-encoding"];
  const codings = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity")
    .reverse();
  let stream: Readable = res;
  for (const coding of codings) {
    const decoder =
      coding === "gzip" || coding === "x-gzip"
        ? zlib.createGunzip()
        : coding === "br"
          ? zlib.createBrotliDecompress()
          : coding === "deflate"
            ? inflateEitherWay()
            : null;
    // An unknown coding is left as it is: the JSON reader then says the body cannot be read.
    if (decoder === null) break;
    const source = stream;
    source.on("error", (error) => decoder.destroy(error));
    stream = source.pipe(decoder);
  }
  return stream;
}

/** One HTTP exchange over node:http(s): the request (streamed body), then the whole answer. */
export function exchange(request: RawRequest): Promise<RawResponse> {
  const { signal } = request;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<RawResponse>((resolve, reject) => {
    const secure = request.url.protocol === "https:";
    const headers: Record<string, string> = { accept: "application/json", ...request.headers };
    if (request.body !== null) {
      headers["content-type"] = request.body.contentType;
      headers["content-length"] = String(request.body.length);
    }
    const forward = request.forward ?? null;
    const req =
      forward === null
        ? (secure ? https : http).request(request.url, { method: request.method, headers, agent: request.agent })
        : (forward.secure ? https : http).request({
            host: forward.host,
            port: forward.port,
            path: request.url.href,
            method: request.method,
            headers: { ...headers, host: request.url.host, ...forward.headers },
            agent: request.agent,
          });

    let settled = false;
    let connected = false;
    let sent: SentSoFar = "nothing";
    let receiving = false;
    let cancelTimer = () => {};
    let markStopped = () => {};
    const stopped = new Promise<void>((resolve) => {
      markStopped = resolve;
    });

    const settle = () => {
      settled = true;
      cancelTimer();
      signal?.removeEventListener("abort", onAbort);
      markStopped();
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settle();
      req.destroy();
      reject(error);
    };
    const failWith = (reason: TransportFailure["reason"], code: string | null) =>
      fail(new TransportFailure(reason, connected, sent, receiving, code));
    const onAbort = () => fail(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });

    const armTimer = () => {
      cancelTimer();
      cancelTimer = request.timers.after(request.timeoutMs, () => failWith("timeout", null));
    };
    /** Progress of any kind pushes an idle time-out back. */
    const touch = () => {
      if (request.timeoutKind === "idle" && !settled) armTimer();
    };
    armTimer();

    // https-proxy-agent tells the proxy's answer to its CONNECT; a refusal is the proxy's, never the service's.
    req.on("proxyConnect", (connect: { statusCode?: number; statusText?: string }) => {
      if (connect.statusCode !== 200) fail(new ProxyRefusal(connect.statusCode ?? 0, connect.statusText ?? ""));
    });
    req.on("socket", (socket: Socket) => {
      const onConnected = () => {
        connected = true;
        if (sent === "nothing") sent = "partial";
        touch();
      };
      // A kept-alive socket is connected already; a new one is once TCP (and TLS) is up.
      if (req.reusedSocket) onConnected();
      // Through a CONNECT tunnel, the socket is the TLS one to the service; in the absolute form, the one to the proxy.
      else socket.once((forward === null ? secure : forward.secure) ? "secureConnect" : "connect", onConnected);
    });
    req.on("finish", () => {
      // The last byte was written to the socket, so it was connected, whether or not its connect was seen here (a
      // tunnel's TLS may be up before the request is given its socket).
      connected = true;
      sent = "all";
      touch();
    });
    req.on("error", (error) => failWith("error", codeOf(error)));

    req.on("response", (res) => {
      receiving = true;
      touch();
      const status = res.statusCode ?? 0;
      if (request.readStream !== undefined && status >= 200 && status <= 299) {
        res.on("data", touch);
        res.on("close", () => {
          if (!res.complete) failWith("error", "ECONNRESET");
        });
        request.readStream(decodedStream(res)).then(
          () => {
            if (settled) return;
            settle();
            resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
          },
          (error: unknown) => {
            res.destroy();
            fail(error);
          },
        );
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > request.maxResponseBytes) return failWith("too_large", null);
        chunks.push(chunk);
        touch();
      });
      res.on("end", () => {
        if (settled) return;
        const unfinishedUpload = sent !== "all";
        settle();
        // An early answer (e.g. 401 before the upload ended): stop sending, drop the connection.
        if (unfinishedUpload) req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on("error", (error) => failWith("error", codeOf(error) ?? "ECONNRESET"));
      res.on("close", () => {
        if (!res.complete) failWith("error", "ECONNRESET");
      });
    });

    if (request.body === null) {
      req.end();
      return;
    }
    let sentBytes = 0;
    const total = request.body.length;
    const over = stopped.then(() => {
      throw new ExchangeOver();
    });
    over.catch(() => {});
    const sink: BodySink = {
      write: (chunk) => {
        if (settled) return over;
        const written = new Promise<void>((done) => {
          req.write(chunk, (error) => {
            if (error) failWith("error", codeOf(error));
            done();
          });
        }).then(() => {
          if (settled) return;
          sentBytes += chunk.length;
          touch();
          request.onSent?.(sentBytes, total);
        });
        // A destroyed request may never call back: stop the writer once the exchange is over.
        return Promise.race([written, over]);
      },
    };
    request.body.writeTo(sink).then(
      () => {
        if (!settled) req.end();
      },
      (error: unknown) => {
        // The exchange ended (answered or failed): the writer just stops. Anything else is a local
        // failure (e.g. the file could not be read), which ends the exchange with that error.
        if (!(error instanceof ExchangeOver)) fail(error);
      },
    );
  });
}
