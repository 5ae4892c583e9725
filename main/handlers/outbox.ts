import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";

const messages = defineMessages({
  noSuchItem: { id: "main.outbox.noSuchItem", defaultMessage: "The outbox has no such item." },
});

/** What these handlers use of the core. */
export type OutboxHandlerDeps = Pick<Core, "activeAccount" | "outbox" | "records">;

/** The Outbox view: what waits for the active account's service, and the person's say over it. */
export function outboxHandlers(
  core: OutboxHandlerDeps,
): Pick<HandlerImplementations, "outboxList" | "outboxCancel" | "outboxRetry" | "outboxEditRecipients"> {
  /** Only the active account's items are offered, so only they can be acted on. */
  const ownItem = (itemId: string) => {
    const account = core.activeAccount();
    const item = core.records.outbox.get(itemId);
    if (item === undefined || item.accountId !== account.id)
      throw new HandlerError("not_found", phrase(messages.noSuchItem));
    return item;
  };
  return {
    outboxList: () => core.outbox.list(core.activeAccount().id),
    outboxCancel: ({ itemId }) => core.outbox.cancel(ownItem(itemId).itemId),
    outboxRetry: ({ itemId }) => core.outbox.retry(ownItem(itemId).itemId),
    outboxEditRecipients: ({ itemId, recipients }) => core.outbox.editRecipients(ownItem(itemId).itemId, recipients),
  };
}
