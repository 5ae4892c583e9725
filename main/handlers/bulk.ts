import { randomUUID } from "node:crypto";
import { bulkRowKey, checkBulkRows } from "../../common/bulk";
import type { BulkBatch } from "../../common/bulk-batches";
import { defaultDocumentName, defaultEmailSubject } from "../../common/document-naming";
import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import type { JournalledBatch } from "../bulk/bulk-journal";
import { type ExportDeps, exportBatchResults } from "../bulk/export-results";
import { readBulkCsv } from "../bulk/read-bulk-csv";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";
import { productName } from "../product-name";
import { activeTemplate } from "../templates/active-template";

const messages = defineMessages({
  noRecord: { id: "main.bulk.noRecord", defaultMessage: "{app} has no record of that batch for this account." },
  example: {
    id: "main.bulk.example",
    defaultMessage: "line {line, number, ::group-off}: {known, select, no {not valid} other {{problem}}}",
    description: "One row of a CSV file that cannot be sent, and why",
  },
  examples: {
    id: "main.bulk.examples",
    defaultMessage: "{first}; {rest}",
    description: "Examples of rows that cannot be sent, one after another",
  },
  rowsRefused: {
    id: "main.bulk.rowsRefused",
    defaultMessage:
      "{count, plural, one {# row needs} other {# rows need}} fixing or leaving out before sending ({examples}).",
  },
});

/** The examples one after another ("line 2: …; line 5: …"). */
function examplesList(examples: readonly Phrase[]): Phrase | string {
  const [first, ...rest] = examples;
  if (first === undefined) return "";
  return rest.length === 0 ? first : phrase(messages.examples, { first, rest: examplesList(rest) });
}

/** What these handlers use of the core. */
export type BulkHandlerDeps = Pick<Core, "activeAccount" | "bulk" | "clock" | "intl" | "records"> & ExportDeps;

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
      throw new HandlerError("not_found", phrase(messages.noRecord, { app: productName }));
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
        const examples = refused.slice(0, 3).map((entry) => {
          const problem = entry.problems[0]?.words;
          return phrase(messages.example, {
            line: entry.row.line,
            known: problem === undefined ? "no" : "yes",
            problem: problem ?? "",
          });
        });
        throw new HandlerError(
          "invalid_argument",
          phrase(messages.rowsRefused, { count: refused.length, examples: examplesList(examples) }),
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
          const documentName =
            row.documentName?.trim() || defaultDocumentName(template.name, row.recipients[0]?.name, core.intl.intl);
          return {
            line: row.line,
            key: bulkRowKey(row),
            recipients: row.recipients.map(({ name, email }) => ({ name: name.trim(), email: email.trim() })),
            documentName,
            emailSubject: row.emailSubject?.trim() || defaultEmailSubject(documentName, core.intl.intl),
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
