/**
 * A worker thread that could not start or stopped, and what the app does instead (reads in this thread, skips a
 * check, fails a job): said on stderr in one line that starts with `workerFallbackMark`, never silently, so that a
 * packaged app whose workers cannot load from its archive is seen (test/standin/packaged-archive.test.ts and
 * `npm run bench -- startup` count these lines).
 */
export const workerFallbackMark = "[signdesk] worker fallback:";

export function reportWorkerFallback(worker: string, reason: string, instead: string): void {
  console.warn(`${workerFallbackMark} ${worker} (${reason}); ${instead}`);
}
