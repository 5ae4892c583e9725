import { z } from "zod";
import { PhraseOrTextSchema } from "./i18n/phrase";

/** At most this many of a batch's requests are in flight at once. */
export const bulkMaxInFlight = 4;

/**
 * A batch: `ready` until started; `sending`; `paused` by the person; `interrupted` when the app stopped while it was
 * sending (a crash or a quit: offered for resuming at the next start); `cancelled`; `done` when no row is left to send.
 */
export const bulkBatchStates = ["ready", "sending", "paused", "interrupted", "cancelled", "done"] as const;
export type BulkBatchState = (typeof bulkBatchStates)[number];

/**
 * A row: `queued` until its turn; `sending` while its request is out (journalled before it leaves); `sent` with its
 * document; `unknown` when the answer was lost (checked with the service before anything is sent again); `failed`
 * with the reason; `cancelled` when its batch was cancelled before its turn.
 */
export const bulkRowStates = ["queued", "sending", "sent", "unknown", "failed", "cancelled"] as const;
export type BulkRowState = (typeof bulkRowStates)[number];

export const BulkRecipientSchema = z.object({ name: z.string(), email: z.string() });

export const BulkRowCountsSchema = z.object(
  Object.fromEntries(bulkRowStates.map((state) => [state, z.number()])) as Record<BulkRowState, z.ZodNumber>,
);
export type BulkRowCounts = z.infer<typeof BulkRowCountsSchema>;

export const BulkBatchSchema = z.object({
  batchId: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  state: z.enum(bulkBatchStates),
  /** Why it is paused or waiting (the service's answer, the network), else null. */
  stateReason: PhraseOrTextSchema.nullable(),
  total: z.number(),
  counts: BulkRowCountsSchema,
});
export type BulkBatch = z.infer<typeof BulkBatchSchema>;

export const BulkRowViewSchema = z.object({
  position: z.number(),
  /** The row's line in its file (the header is line 1). */
  line: z.number(),
  recipients: z.array(BulkRecipientSchema),
  documentName: z.string(),
  emailSubject: z.string().nullable(),
  state: z.enum(bulkRowStates),
  pdfId: z.string().nullable(),
  message: PhraseOrTextSchema.nullable(),
});
export type BulkRowView = z.infer<typeof BulkRowViewSchema>;

/** A batch's progress, as `bulk:progress` events tell it. */
export const BulkProgressSchema = z.object({
  batch: BulkBatchSchema,
  /** Rows finished per minute over the last minute, null before there is one. */
  rowsPerMinute: z.number().nullable(),
  /** Seconds until the last row at that rate, null when unknown. */
  secondsLeft: z.number().nullable(),
});
export type BulkProgress = z.infer<typeof BulkProgressSchema>;

/** A row as the Send to many screen hands it to main (checked again there with checkBulkRows). */
export const BulkRowInputSchema = z.object({
  line: z.number().int().min(1),
  recipients: z.array(BulkRecipientSchema.extend({ name: z.string().max(1000), email: z.string().max(1000) })).min(1),
  documentName: z.string().max(1000).nullable(),
  emailSubject: z.string().max(1000).nullable(),
});
export type BulkRowInput = z.infer<typeof BulkRowInputSchema>;
