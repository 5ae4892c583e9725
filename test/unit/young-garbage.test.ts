import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { expect, it } from "vitest";
import { youngGarbageCollector } from "../../node-shared/young-garbage";

const chunkBytes = 64 * 1024;
const streamedBytes = 64 * 1024 * 1024;
const megabytes = (bytes: number) => bytes / (1024 * 1024);

/**
 * Streams `streamedBytes` in new 64 KB buffers (as a socket reads an upload) to a sink that drops them (as the
 * file they are written to does), and answers the most memory V8's array buffers held on the way, over the start.
 */
async function peakArrayBufferGrowth(onChunk: (bytes: number) => void): Promise<number> {
  const start = process.memoryUsage().arrayBuffers;
  let peak = 0;
  let sent = 0;
  const source = new Readable({
    read() {
      if (sent >= streamedBytes) {
        this.push(null);
        return;
      }
      sent += chunkBytes;
      this.push(Buffer.alloc(chunkBytes, 1));
    },
  });
  source.on("data", (chunk: Buffer) => onChunk(chunk.length));
  const sink = new Writable({
    write(_chunk, _encoding, done) {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - start);
      done();
    },
  });
  await pipeline(source, sink);
  return peak;
}

it("keeps a 64 MB stream's spent buffers under 20 MB by collecting every 8 MB", async () => {
  const peak = await peakArrayBufferGrowth(youngGarbageCollector());
  // Without the collections V8 keeps all of them here (64 MB), until 64 MB pile up; with them, about two periods'
  // worth, as a collection's array buffers are freed by a sweeper that runs after it.
  expect(megabytes(peak)).toBeLessThan(20);
  expect(megabytes(peak)).toBeGreaterThan(0);
});
