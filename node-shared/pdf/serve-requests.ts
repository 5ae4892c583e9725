import { parentPort } from "node:worker_threads";

/**
 * A reader's side of a worker thread (pdf-worker-runner.ts is the other): answers each request posted to it, one
 * reply per request, after posting "ready" once loaded. Outside a worker thread (the in-process fallback imports the
 * same module) it does nothing.
 */
export function serveRequests<Request, Reply>(answer: (request: Request) => Promise<Reply>): void {
  const port = parentPort;
  if (port === null) return;
  // pdf-lib and pdf.js report every object they cannot parse on the console; the caller hears of problems in the reply.
  console.log = () => {};
  console.warn = () => {};
  port.on("message", (request: Request) => {
    void answer(request).then((reply) => port.postMessage(reply));
  });
  port.postMessage("ready");
}
