import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { documentPage, templateUse } from "./document-pages";
import type { ReaderRequest, ReaderResponse } from "./records-reader";

// The records database's reader: list pages, searches and counts run here, on a read-only connection of their own
// (WAL lets it read while the main thread writes), so that a broad search over 100,000 documents never holds up main.
const { file } = workerData as { file: string };
const db = new DatabaseSync(file, { readOnly: true, timeout: 5_000 });

parentPort?.on("message", (request: ReaderRequest) => {
  let response: ReaderResponse;
  try {
    const value =
      request.kind === "page" ? documentPage(db, request.accountId, request.query) : templateUse(db, request.accountId);
    response = { id: request.id, ok: true, value };
  } catch (error) {
    response = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response);
});
parentPort?.postMessage("ready");
