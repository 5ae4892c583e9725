import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type CollectGarbage = (options: { type: "minor"; execution: "sync" }) => void;

let collect: CollectGarbage | null = null;

/**
 * V8's `gc`, as `--expose-gc` gives it, without that switch on the command line (Electron's main takes none): the flag
 * only installs `gc` in contexts made after it is set, so a fresh context hands the function out.
 */
function collector(): CollectGarbage {
  if (collect === null) {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as CollectGarbage;
  }
  return collect;
}

/** Bytes streamed between two collections of the young generation. */
const bytesBetweenCollections = 8 * 1024 * 1024;

/**
 * Counts the bytes of a large stream (an upload being received) and collects V8's young generation after each 8 MB.
 * Why by hand: every 64 KB the socket reads is a new buffer, garbage once written to disk, but V8 frees a buffer's
 * memory only when its young generation fills up, or once 64 MB of such memory has piled up since its last full
 * collection; streaming allocates almost no JavaScript objects, so a 50 MB upload could hold from 0 to 50 MB of the
 * process's memory (Electron's main, in the app) in buffers nobody uses. A young collection takes about a millisecond.
 */
export function youngGarbageCollector(): (bytes: number) => void {
  let sinceCollection = 0;
  return (bytes) => {
    sinceCollection += bytes;
    if (sinceCollection < bytesBetweenCollections) return;
    sinceCollection = 0;
    collector()({ type: "minor", execution: "sync" });
  };
}
