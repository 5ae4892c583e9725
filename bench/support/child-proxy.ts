import { fork } from "node:child_process";
import path from "node:path";

export interface ChildProxy {
  /** "127.0.0.1:<port>". */
  address: string;
  /** Requests forwarded in the absolute form so far (their URLs). */
  forwarded(): Promise<string[]>;
  stop(): void;
}

/**
 * The test's HTTP proxy (test/support/connect-proxy.ts) in a process of its own, so that a bench measuring this
 * process's memory counts the client's, not the proxy's buffers.
 */
export async function startChildProxy(): Promise<ChildProxy> {
  const child = fork(path.join(import.meta.dirname, "proxy-child.ts"), [], { execArgv: ["--import", "tsx"] });
  const address = await new Promise<string>((resolve, reject) => {
    child.once("message", (message) => resolve(String(message)));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the proxy child exited with ${code}`)));
  });
  return {
    address,
    forwarded: () =>
      new Promise((resolve) => {
        child.once("message", (message) => resolve(message as string[]));
        child.send("forwarded");
      }),
    stop: () => child.kill(),
  };
}
