import { readFileSync, writeFileSync } from "node:fs";

export interface PeakRss {
  /** Resident memory of the whole process (every thread, workers included) when measuring began. */
  baselineBytes: number;
  /** The most it reached meanwhile. */
  peakBytes: number;
  /** When it ended. */
  endBytes: number;
  /** "VmHWM": the kernel's own high-water mark, reset at the start; "sampled": RSS read every 2 ms. */
  method: "VmHWM" | "sampled";
}

function statusBytes(field: "VmRSS" | "VmHWM"): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync("/proc/self/status", "utf8"));
    return match?.[1] === undefined ? null : Number(match[1]) * 1024;
  } catch {
    return null;
  }
}

/**
 * Starts measuring this process's peak resident memory. On Linux the kernel's high-water mark is reset
 * (`/proc/self/clear_refs`, 5) and read back at the end, so no short peak is missed; elsewhere RSS is sampled.
 */
export function startPeakRss(): { stop(): PeakRss } {
  const baselineBytes = process.memoryUsage().rss;
  let exact = false;
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    exact = statusBytes("VmHWM") !== null;
  } catch {
    exact = false;
  }
  let sampled = baselineBytes;
  const sampler = exact
    ? null
    : setInterval(() => {
        sampled = Math.max(sampled, process.memoryUsage().rss);
      }, 2);
  return {
    stop() {
      if (sampler !== null) clearInterval(sampler);
      const endBytes = process.memoryUsage().rss;
      const peakBytes = Math.max(exact ? (statusBytes("VmHWM") ?? endBytes) : sampled, endBytes);
      return { baselineBytes, peakBytes, endBytes, method: exact ? "VmHWM" : "sampled" };
    },
  };
}
