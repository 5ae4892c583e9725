import { randomUUID } from "node:crypto";
import { bulkRowKey, checkBulkRows } from "../../common/bulk";
import type { BulkBatch } from "../../common/bulk-batches";
import { defaultDocumentName, defaultEmailSubject } from "../../common/document-naming";
import type { JournalledBatch } from "../bulk/bulk-journal";
import { type ExportDeps, exportBatchResults } from "../bulk/export-results";
import { readBulkCsv } from "../bulk/read-bulk-csv";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";
import { activeTemplate } from "../templates/active-template";

/** What these handlers use of the core. */
export type BulkHandlerDeps = Pick<Core, "activeAccount" | "bulk" | "clock" | "records"> & ExportDeps;

/** A batch as the window sees it (the account and the snapshot are main's business). */
function view({ accountId: _account, snapshotTaken: _snapshot, ...batch }: JournalledBatch): BulkBatch {
  return batch;
}

export function bulkHandlers(
  core: BulkHandlerDeps,
): Pick<
  HandlerImplementations,
  | "bulkReadFile"
  | "bulkList"
  | "bulkRows"
  | "bulkSentKeys"
  | "bulkCreate"
  | "bulkStart"
  | "bulkPause"
  | "bulkCancel"
  | "bulkExport"
> {
  const templateOf = (templateId: string) => activeTemplate(core, templateId);
  /** A batch of the active account (another account's is not found). */
  const batchOf = (batchId: string) => {
    const batch = core.records.bulk.batch(batchId);
    if (batch === undefined || batch.accountId !== core.activeAccount().id)
      throw new HandlerError("not_found", "Signdesk has no record of that batch for this account.");
    return batch;
  };

  return {
    // A file that cannot be a bulk send's throws a BulkFileError, a UserError the dispatcher passes on.
    bulkReadFile: ({ bytes }) => readBulkCsv(bytes),

    bulkList: () => core.records.bulk.batches(core.activeAccount().id).map(view),

    bulkRows: ({ batchId, offset, limit }) => {
      const batch = batchOf(batchId);
      return { rows: core.records.bulk.rows(batchId, offset, limit), total: batch.total };
    },

    bulkSentKeys: ({ templateId }) => {
      const { account } = templateOf(templateId);
      return core.records.bulk.sentKeys(account.id, templateId);
    },

    bulkCreate: ({ templateId, fileName, rows }) => {
      const { account, template } = templateOf(templateId);
      const sentKeys = new Set(core.records.bulk.sentKeys(account.id, templateId));
      const labels = template.groups.map((group) => group.label);
      const checked = checkBulkRows(rows, template.groups.length, sentKeys, labels);
      const refused = checked.filter((entry) => entry.problems.length > 0);
      if (refused.length > 0) {
        const examples = refused
          .slice(0, 3)
          .map((entry) => `line ${entry.row.line}: ${entry.problems[0]?.message ?? "not valid"}`)
          .join("; ");
        throw new HandlerError(
          "invalid_argument",
          `${refused.length} ${refused.length === 1 ? "row needs" : "rows need"} fixing or leaving out before sending (${examples}).`,
        );
      }
      const batchId = randomUUID();
      core.records.bulk.create({
        batchId,
        accountId: account.id,
        templateId,
        templateName: template.name,
        fileName,
        createdAt: new Date(core.clock.now()).toISOString(),
        rows: rows.map((row) => {
          // As the Send screen names a send: after the template and the row's first recipient, unless the file names it.
          const documentName = row.documentName?.trim() || defaultDocumentName(template.name, row.recipients[0]?.name);
          return {
            line: row.line,
            key: bulkRowKey(row),
            recipients: row.recipients.map(({ name, email }) => ({ name: name.trim(), email: email.trim() })),
            documentName,
            emailSubject: row.emailSubject?.trim() || defaultEmailSubject(documentName),
          };
        }),
      });
      return view(batchOf(batchId));
    },

    bulkStart: ({ batchId }) => {
      batchOf(batchId);
      return view(core.bulk.start(batchId));
    },

    bulkPause: ({ batchId }) => {
      batchOf(batchId);
      return view(core.bulk.pause(batchId));
    },

    bulkCancel: async ({ batchId }) => {
      batchOf(batchId);
      return view(await core.bulk.cancel(batchId));
    },

    bulkExport: async ({ batchId }) => ({ path: await exportBatchResults(core, batchOf(batchId)) }),
  };
}
