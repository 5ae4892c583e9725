import type { Account } from "../../common/accounts";
import { statusNotReported } from "../../common/statuses";
import type { DocumentSummary } from "../../common/wire";
import { addressKey, findLostSends, type LostSendFinding } from "../documents/find-lost-sends";
import { templateIdNamedBy } from "../templates/template-ids-seen";
import { afterSent } from "./journalled-delivery";
import type { AccountQueue, OutboxContext } from "./outbox-context";
import type { JournalledItem } from "./outbox-journal";
import { documentKinds, serviceNameOf } from "./outbox-kinds";
import { type Recorded, recordDelivery } from "./record-delivery";

/** Counts a waiting person's call to an item's recipients in (1) or out (-1) of the queue's address claims. */
export function claimAddresses(queue: AccountQueue, item: JournalledItem, change: 1 | -1, now: number): void {
  if (!documentKinds.has(item.kind)) return;
  const key = addressKey(item.recipients);
  const claim = queue.addressClaims.get(key) ?? { active: 0, lastAt: 0 };
  queue.addressClaims.set(key, { active: claim.active + change, lastAt: now });
}

export async function findLost(
  ctx: OutboxContext,
  queue: AccountQueue,
  account: Account,
  items: readonly JournalledItem[],
  onChecking?: (done: number, total: number) => void,
): Promise<LostSendFinding | undefined> {
  const findings = await findLostMany(ctx, queue, account, items, { background: false, onChecking });
  const [first] = items;
  return first === undefined ? undefined : findings.get(first.itemId);
}

export async function findLostMany(
  ctx: OutboxContext,
  queue: AccountQueue,
  account: Account,
  items: readonly JournalledItem[],
  how: { background: boolean; onChecking?: ((done: number, total: number) => void) | undefined },
): Promise<Map<string, LostSendFinding>> {
  const { onChecking } = how;
  const started = ctx.deps.clock.now();
  // In the background only: a document to people a waiting person's send went to since this check began may be
  // that send's (its answer may not be recorded yet).
  const contested = how.background
    ? (document: DocumentSummary) => {
        const claim = queue.addressClaims.get(addressKey(document.recipients));
        return claim !== undefined && (claim.active > 0 || claim.lastAt >= started);
      }
    : undefined;
  // Items sent against the same listing are found together; an item sent without one is compared with the records.
  const byListing = new Map<number | null, JournalledItem[]>();
  for (const item of items) byListing.set(item.listingId, [...(byListing.get(item.listingId) ?? []), item]);
  const findings = new Map<string, LostSendFinding>();
  for (const [listingId, group] of byListing) {
    const found = await findLostSends(
      ctx.deps,
      account,
      group.map((item) => ({
        key: item.itemId,
        recipients: item.recipients,
        templateId: item.request.kind === "sendFromTemplate" ? item.request.request.templateId : null,
        serviceName: serviceNameOf(item.request),
      })),
      ctx.deps.baseline.existedBefore(account.id, listingId),
      {
        stopped: () => ctx.closed,
        ...(onChecking === undefined ? {} : { onLook: onChecking }),
        ...(contested === undefined ? {} : { contested }),
      },
    );
    for (const [key, finding] of found) findings.set(key, finding);
  }
  return findings;
}

/** Records the document found for an item in doubt; null when it was recorded meanwhile as another send's. */
export function markFound(
  ctx: OutboxContext,
  account: Account,
  item: JournalledItem,
  document: DocumentSummary,
): Recorded | null {
  const at = ctx.at();
  // A new template's ID is known only when the listing names it.
  const templateId =
    item.request.kind === "sendFromTemplate" ? item.request.request.templateId : templateIdNamedBy(document);
  const result = { pdfId: document.id, ...(templateId === null ? {} : { templateId }) };
  const status = document.status ?? statusNotReported;
  const recorded = ctx.deps.records.documents.transaction(() => {
    // Recorded meanwhile (another send's answer named it): it is not this item's.
    if (ctx.deps.records.documents.get(account.id, document.id) !== undefined) return null;
    if (!ctx.journal.move(item.itemId, ["unknown", "sending"], "sent", { at, result })) return null;
    return recordDelivery(ctx.deps, account, item, result, at, status);
  });
  if (recorded !== null) afterSent(ctx, item, recorded);
  return recorded;
}
