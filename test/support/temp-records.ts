import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openRecords } from "../../main/records/open-records";
import type { Records } from "../../main/records/records";

/** A records database in a new temporary folder (the real SQLite file, WAL and all); `dispose` removes it. */
export async function tempRecords(): Promise<{ records: Records; folder: string; dispose(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "signdesk-records-"));
  const { records } = openRecords(folder);
  return {
    records,
    folder,
    async dispose() {
      records.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
