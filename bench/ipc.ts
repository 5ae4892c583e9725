import { performance } from "node:perf_hooks";
import { createDispatcher, type HandlerImplementations } from "../main/dispatch.ts";

/**
 * Cost of the IPC layer in main, without Electron: argument validation with the contract's schema
 * and dispatch to the handler, for valid calls and for calls refused as invalid.
 * Prints: {"bench":"ipc","valid_calls_per_s":…,"valid_p99_us":…,"invalid_calls_per_s":…}
 */
// Dispatch cost only: the one handler answers at once, so the figures are the IPC layer's own.
const dispatcher = createDispatcher({
  appInfo: () => ({
    name: "Signdesk",
    version: "bench",
    platform: process.platform,
    arch: process.arch,
    electronVersion: null,
    activeAccount: { name: "Sandbox", baseUrl: "http://127.0.0.1:1" },
  }),
} as unknown as HandlerImplementations);

async function measure(args: unknown, calls: number): Promise<{ perSecond: number; p99Micros: number }> {
  const durations = new Float64Array(calls);
  const started = performance.now();
  for (let index = 0; index < calls; index += 1) {
    const before = performance.now();
    await dispatcher.invoke("app:info", args);
    durations[index] = performance.now() - before;
  }
  const elapsed = performance.now() - started;
  durations.sort();
  return { perSecond: calls / (elapsed / 1000), p99Micros: (durations[Math.floor(calls * 0.99)] ?? 0) * 1000 };
}

await measure(undefined, 20_000); // warm-up
const valid = await measure(undefined, 200_000);
const invalid = await measure({ unexpected: true }, 50_000);
console.log(
  JSON.stringify({
    bench: "ipc",
    valid_calls_per_s: Math.round(valid.perSecond),
    valid_p99_us: Number(valid.p99Micros.toFixed(1)),
    invalid_calls_per_s: Math.round(invalid.perSecond),
  }),
);
