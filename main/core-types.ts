import type { BulkSender } from "./bulk/bulk-sender";
import type { CoreParts } from "./core-parts";
import type { OutboxSender } from "./outbox/outbox-sender";

/** Everything the handlers work with, assembled once by startCore(). */
export interface Core extends CoreParts {
  /** Sends bulk batches' rows (its journal is `records.bulk`). */
  bulk: BulkSender;
  /** Every other outgoing action, delivered in order once the service answers (its journal is `records.outbox`). */
  outbox: OutboxSender;
}
