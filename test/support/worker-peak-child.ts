import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { startPeakRss } from "../../bench/support/peak-rss.ts";

/**
 * A process of its own for test/integration/pdf-memory.test.ts. Usage (Node strips the types):
 * `node <this file> final-pdf|page-geometry <bundled worker file> <small PDF> <original PDF> <seal folder>`.
 * It reads the small PDF first (a warm-up: the first worker thread of a process maps parts of Node it had not used
 * yet), then the original, each in a worker thread of its own running the file the app bundles: the final PDF as
 * createNewTemplate's trial makes it, or the page geometry as inspectPdf reads it. It prints one JSON line: the
 * second reply, and this process's peak resident memory growth while it was made, which counts the worker
 * thread's memory (a thread of this process).
 */
const [kind, workerFile, warmUpFile, originalFile, sealFolder] = process.argv.slice(2);

function request(file: string | undefined): unknown {
  if (kind === "page-geometry") return { id: 1, file, maxPages: 10_000 };
  const now = new Date().toISOString();
  return {
    originalFile: file,
    fields: [
      { id: "name", type: "Text", page: 1, x: 72, y: 72, value: "Sample" },
      { id: "agree", type: "Checkbox", page: 1, x: 72, y: 120, value: true },
    ],
    audit: {
      documentId: "trial",
      documentName: "Trial",
      createdAt: now,
      finalizedAt: now,
      signers: [],
      originalSha256: "",
    },
    sealFolder,
    outputFile: null,
  };
}

async function read(file: string | undefined): Promise<unknown> {
  const worker = new Worker(workerFile ?? "", { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
  worker.postMessage(request(file));
  for (;;) {
    const [reply] = await once(worker, "message");
    if (reply === "ready") continue;
    await worker.terminate();
    return reply;
  }
}

await read(warmUpFile);
const meter = startPeakRss();
const reply = await read(originalFile);
const rss = meter.stop();
console.log(JSON.stringify({ reply, growthBytes: rss.peakBytes - rss.baselineBytes, method: rss.method }));
