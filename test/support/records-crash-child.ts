import { writeSync } from "node:fs";
import { DocumentTracker } from "../../main/documents/tracker";
import { openRecords } from "../../main/records/open-records";
import { english } from "./english";

/**
 * A process that runs the real tracker over the records database in `argv[2]` as fast as it can: every check of every
 * document answers a new status, so each pass writes status changes and history. Each change is printed (one JSON
 * line, written synchronously) only once the tracker has told it, that is once it is stored: what the parent reads is
 * acknowledged. The parent kills this process with SIGKILL at a random moment.
 */
const folder = process.argv[2];
if (folder === undefined) throw new Error("Usage: records-crash-child <folder>");
const { records, notices } = openRecords(folder);
if (notices.length > 0) writeSync(2, `${notices.map(english).join("\n")}\n`);
const counters = new Map<string, number>();
const tracker = new DocumentTracker({
  documents: records.documents,
  minIntervalMs: 1,
  maxIntervalMs: 1,
  passLimit: 50,
  fetchDetails: async (_accountId, pdfId) => {
    await new Promise((resolve) => setImmediate(resolve));
    const count = (counters.get(pdfId) ?? Number(process.pid)) + 1;
    counters.set(pdfId, count);
    return { status: `step-${count}` };
  },
  isUnreachable: () => false,
  onChange: (change) => writeSync(1, `${JSON.stringify({ pdfId: change.pdfId, to: change.to, at: change.at })}\n`),
});
writeSync(1, "ready\n");
tracker.start();
