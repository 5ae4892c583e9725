import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentRecords } from "../../main/records/document-records";
import { openRecords } from "../../main/records/open-records";
import { recordsFileName } from "../../main/records/records-database";
import { pendingDocument } from "../support/document-record";

const kills = 50;
const documentCount = 2_000;

interface Acknowledged {
  pdfId: string;
  to: string;
  at: string;
}

let work: string;
let childScript: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "signdesk-crash-"));
  // Bundled once, so that each of the 50 runs starts in milliseconds rather than through a TypeScript loader.
  childScript = path.join(work, "crash-child.mjs");
  await build({
    entryPoints: [path.join(import.meta.dirname, "../support/records-crash-child.ts")],
    outfile: childScript,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    logLevel: "warning",
  });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

function seed(folder: string): void {
  const { records } = openRecords(folder);
  const at = "2026-11-01T09:00:00.000Z";
  const documents = Array.from({ length: documentCount }, (_, index) =>
    pendingDocument(`doc-${index}`, {
      name: `Agreement ${index}`,
      recipients: [{ name: `Signer ${index}`, email: `signer${index}@example.com` }],
      sentAt: at,
    }),
  );
  records.documents.addMany(documents);
  records.close();
}

/** Runs the child until it has acknowledged some changes and `delayMs` more passed, then kills it with SIGKILL. */
async function runAndKill(folder: string, delayMs: number): Promise<Acknowledged[]> {
  const child: ChildProcess = spawn(process.execPath, [childScript, folder], { stdio: ["ignore", "pipe", "pipe"] });
  const acknowledged: Acknowledged[] = [];
  let buffered = "";
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ?? code)),
  );
  await new Promise<void>((resolve, reject) => {
    let timer: NodeJS.Timeout | null = null;
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "ready") continue;
        acknowledged.push(JSON.parse(line) as Acknowledged);
      }
      if (timer === null && acknowledged.length > 0)
        timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolve();
        }, delayMs);
    });
    void exited.then((how) => {
      if (timer === null) reject(new Error(`The child ended before acknowledging anything (${how}): ${errors}`));
    });
  });
  expect(await exited).toBe("SIGKILL");
  return acknowledged;
}

describe("the records database under SIGKILL", () => {
  it(`passes integrity_check after each of ${kills} kills during tracker passes, and keeps every acknowledged change`, async () => {
    const folder = path.join(work, "records");
    seed(folder);
    let acknowledgedInAll = 0;
    for (let run = 0; run < kills; run += 1) {
      const acknowledged = await runAndKill(folder, 20 + ((run * 37) % 180));
      acknowledgedInAll += acknowledged.length;
      const db = new DatabaseSync(path.join(folder, recordsFileName));
      try {
        const checks = db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
        expect(
          checks.map((row) => row.integrity_check),
          `after kill ${run + 1}`,
        ).toEqual(["ok"]);
        expect(db.prepare("PRAGMA foreign_key_check").all(), `after kill ${run + 1}`).toEqual([]);
        const documents = new DocumentRecords(db);
        for (const change of acknowledged) {
          const history = documents.get("acct", change.pdfId)?.statusHistory ?? [];
          expect(history, `kill ${run + 1}: ${change.pdfId} → ${change.to}`).toContainEqual({
            status: change.to,
            at: change.at,
          });
        }
        // The per-status counts kept by triggers agree with the rows.
        const counted = db.prepare("SELECT SUM(count) AS n FROM status_counts").get() as { n: number };
        expect(counted.n).toBe(documentCount);
      } finally {
        db.close();
      }
    }
    expect(acknowledgedInAll).toBeGreaterThan(kills * 10);
  }, 240_000);
});
