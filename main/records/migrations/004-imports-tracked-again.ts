import { terminalStatuses } from "../../../common/statuses";
import type { Migration } from "./migration";

/** The terminal status words as an SQL list, compared as isTerminalStatus compares them (trimmed, any case). */
const terminalSql = terminalStatuses.map((status) => `'${status}'`).join(", ");

/**
 * Tracks again the documents that earlier imports took for finished because the listing gave them a `publicUrl` (a
 * link that exists before anyone signs): imported, no final PDF known, no terminal status.
 */
export const importsTrackedAgain: Migration = {
  version: 4,
  name: "imported documents wrongly taken for finished are tracked again",
  sql: `
      UPDATE documents SET finished = 0, next_check_at = 0, check_interval_ms = NULL, polled_at = NULL
        WHERE imported = 1 AND finished = 1 AND has_final_pdf = 0
          AND lower(trim(last_status)) NOT IN (${terminalSql});
    `,
};
