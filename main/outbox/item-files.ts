import { rm } from "node:fs/promises";
import type { OutboxContext } from "./outbox-context";
import type { JournalledItem } from "./outbox-journal";

/** Where an item's webhook secret waits in the OS keychain. */
export const secretKey = (itemId: string) => `outbox:${itemId}`;

/** Removals that need not hold anything up, but that quitting waits for. */
export function forgetInBackground(ctx: OutboxContext, removal: Promise<void>): void {
  const tracked = removal.finally(() => ctx.forgetting.delete(tracked));
  ctx.forgetting.add(tracked);
}

/** The item's PDF copy and webhook secret, once nothing can need them again. */
export async function forgetFiles(ctx: OutboxContext, item: JournalledItem): Promise<void> {
  if (item.filePath !== null) await rm(item.filePath, { force: true }).catch(() => {});
  if (item.kind === "registerWebhook" && item.request.kind === "registerWebhook" && item.request.request.hasSecret)
    await ctx.deps.secrets.delete(secretKey(item.itemId)).catch(() => {});
}
