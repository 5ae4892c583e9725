import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { systemClock } from "../../common/clock";
import { type DetailsAnswer, DocumentTracker, type TrackerOptions } from "../../main/documents/tracker";
import type { DocumentRecords } from "../../main/records/document-records";
import { openRecords } from "../../main/records/open-records";
import { ServiceError } from "../../main/service/service-error";
import type { DocumentRecord } from "../../main/settings/settings-schema";

/**
 * A status tracker over `documents` in a records database of its own, on the test's clock, whose service answers
 * every document "pending"; `asked` lists the documents it asked about, in order. No timer runs unless `options` say.
 */
export function pendingTracker(
  documents: readonly DocumentRecord[],
  now: () => number,
  options: Partial<TrackerOptions> = {},
): { tracker: DocumentTracker; asked: string[]; records: DocumentRecords } {
  const records = openRecords(mkdtempSync(path.join(tmpdir(), "signdesk-tracker-"))).records.documents;
  for (const document of documents) records.add(document);
  const asked: string[] = [];
  const tracker = new DocumentTracker({
    documents: records,
    clock: { now, after: (ms, callback) => systemClock.after(ms, callback) },
    fetchDetails: async (_account, pdfId): Promise<DetailsAnswer> => {
      asked.push(pdfId);
      return { status: "pending" };
    },
    isUnreachable: (error) => error instanceof ServiceError && error.category === "network",
    onChange: () => {},
    ...options,
  });
  return { tracker, asked, records };
}
