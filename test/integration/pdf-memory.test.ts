import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadOrCreateSealCertificate } from "../../sandbox/final-pdf/seal/sandbox-certificate";
import { writeLargeStreamPdf } from "../support/large-stream-pdf";

/**
 * The PDF workers, as the app bundles them (dist/main, built for the tests by the global setup), read a scan
 * without holding it: the sandbox runs in the app's main process, and every upload is read for its pages and
 * finalized once as a trial. Measured in a process of its own, whose resident memory counts the worker thread's.
 */
const root = path.resolve(import.meta.dirname, "../..");
const streamBytes = 100 * 1024 * 1024;
const megabytes = (bytes: number) => bytes / (1024 * 1024);

let folder: string;
let small: string;
let scan: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "signdesk-pdf-memory-"));
  await loadOrCreateSealCertificate(path.join(folder, "seal"));
  small = path.join(folder, "small.pdf");
  await writeLargeStreamPdf(small, { dataBytes: 1024 });
  scan = path.join(folder, "scan.pdf");
  await writeLargeStreamPdf(scan, { dataBytes: streamBytes, zeros: true });
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The reply of the bundled worker `name` for the scan, and how much its process grew while it was made. */
async function readScan(
  kind: "final-pdf" | "page-geometry",
): Promise<{ reply: Record<string, unknown>; growthMb: number }> {
  const workerFile = path.join(root, `dist/main/${kind}-worker.mjs`);
  expect(existsSync(workerFile)).toBe(true);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      // Node strips the child's types itself: tsx's loader would run beside the worker, in the same process.
      "--experimental-strip-types",
      "--disable-warning=ExperimentalWarning",
      "test/support/worker-peak-child.ts",
      kind,
      workerFile,
      small,
      scan,
      path.join(folder, "seal"),
    ],
    { cwd: root, maxBuffer: 1024 * 1024 },
  );
  const { reply, growthBytes } = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as {
    reply: Record<string, unknown>;
    growthBytes: number;
  };
  return { reply, growthMb: megabytes(growthBytes) };
}

it("finalizes an original with a 100 MB stream while its process grows by less than that stream", async () => {
  const { reply, growthMb } = await readScan("final-pdf");
  expect(reply).toMatchObject({ ok: true });
  expect(reply.length).toBeGreaterThan(streamBytes);
  // Before, the worker held the file four times over (its bytes, their text, pdf-lib's copy, a second parse's).
  expect(growthMb).toBeLessThan(megabytes(streamBytes));
});

it("reads the pages of an original with a 100 MB stream while its process grows by less than that stream", async () => {
  const { reply, growthMb } = await readScan("page-geometry");
  expect(reply).toMatchObject({ ok: true, pages: [{ view: [0, 0, 612, 792], rotate: 0 }] });
  // Before, pdf-lib's pass over the pages read the whole file into memory.
  expect(growthMb).toBeLessThan(megabytes(streamBytes));
});
