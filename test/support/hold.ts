import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * One request a proxy holds, read whole, until the test says what becomes of it: an ordered gate in place of a delay
 * that a busy machine may outlast.
 */
export interface HeldRequest {
  /** Passes it on to the upstream and relays the upstream's answer to the client. */
  pass(): void;
  /** Resets the client's connection without passing it on: the client's answer is lost; `forward()` may follow. */
  drop(): void;
  /** Sends it to the upstream, which acts on it; resolves once the upstream answered (the answer goes nowhere). */
  forward(): Promise<void>;
}

/** The requests a proxy holds for one planned fault, in order of arrival. */
export interface Hold {
  readonly held: readonly HeldRequest[];
  /** Resolves with the held requests once `count` of them have arrived whole. */
  arrived(count?: number): Promise<HeldRequest[]>;
  /** Passes every request held now on, and lets every later one through without holding it. */
  release(): void;
  /** For the proxy: a request read whole, held until the test decides (passed at once after `release`). */
  take(request: HeldRequest): void;
}

/** Bounds a wait that must end, so that a request that never comes fails with a reason rather than the suite's time-out. */
const arrivalLimitMs = 60_000;

export function createHold(): Hold {
  const held: HeldRequest[] = [];
  let released = false;
  const waiting: { count: number; resolve: (requests: HeldRequest[]) => void }[] = [];
  const notify = () => {
    for (const waiter of [...waiting])
      if (held.length >= waiter.count) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve([...held]);
      }
  };
  return {
    held,
    arrived(count = 1) {
      if (held.length >= count) return Promise.resolve([...held]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${held.length} of ${count} requests reached the hold in ${arrivalLimitMs} ms.`)),
          arrivalLimitMs,
        );
        waiting.push({
          count,
          resolve: (requests) => {
            clearTimeout(timer);
            resolve(requests);
          },
        });
      });
    },
    release() {
      released = true;
      for (const request of held) request.pass();
    },
    take(request) {
      if (released) request.pass();
      held.push(request);
      notify();
    },
  };
}

/**
 * Reads `req` whole, then hands it to `hold` as a HeldRequest against `upstream`. `onSettled` is told once the
 * upstream's answer to it is about to be relayed, or its connection was dropped. Each request is passed, dropped or forwarded at most once.
 */
export function holdRequest(
  hold: Hold,
  upstream: URL,
  req: IncomingMessage,
  res: ServerResponse,
  onSettled: () => void = () => {},
): void {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    const send = (onAnswer: (answer: IncomingMessage) => void, onError: () => void) => {
      const headers = { ...req.headers, host: upstream.host };
      const forwarded = httpRequest(new URL(req.url ?? "/", upstream), { method: req.method, headers }, onAnswer);
      forwarded.on("error", onError);
      forwarded.end(body);
    };
    let fate: "held" | "passed" | "dropped" = "held";
    let forwarded: Promise<void> | null = null;
    hold.take({
      pass() {
        if (fate !== "held") return;
        fate = "passed";
        send(
          (answer) => {
            onSettled();
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
          () => {
            res.destroy();
            onSettled();
          },
        );
      },
      drop() {
        if (fate !== "held") return;
        fate = "dropped";
        req.socket.resetAndDestroy();
        onSettled();
      },
      forward() {
        forwarded ??= new Promise<void>((resolve, reject) =>
          send(
            (answer) => {
              answer.resume();
              answer.on("end", resolve);
            },
            () => reject(new Error(`The upstream did not take the held ${req.method} ${req.url}.`)),
          ),
        );
        return forwarded;
      },
    });
  });
}
