import { randomBytes } from "node:crypto";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { queuedCode } from "../../common/outbox";
import { UserError } from "../../common/user-error";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";

const messages = defineMessages({
  alreadyRegistered: {
    id: "main.webhooks.alreadyRegistered",
    defaultMessage:
      "This address is already registered for this event. To change its secret, delete it and register it again.",
  },
  alreadyQueued: {
    id: "main.webhooks.alreadyQueued",
    defaultMessage: "This address waits in the Outbox to be registered for this event already: see the Outbox.",
  },
  nothingRegistered: { id: "main.webhooks.nothingRegistered", defaultMessage: "The service registered nothing." },
});

/** What these handlers use of the core. */
export type WebhookHandlerDeps = Pick<Core, "activeAccount" | "clock" | "outbox" | "records">;

/** The API cannot list webhooks, so the app keeps its own record of what it registered. */
export function webhookHandlers(
  core: WebhookHandlerDeps,
): Pick<HandlerImplementations, "webhooksList" | "webhooksRegister" | "webhooksDelete"> {
  return {
    webhooksList: () => {
      const account = core.activeAccount();
      return core.records.webhooks.all().filter((record) => record.accountId === account.id);
    },

    webhooksRegister: async ({ url, eventType, secret, generateSecret }) => {
      const account = core.activeAccount();
      // The service answers an existing URL+event with the existing registration and keeps its secret:
      // a new secret shown now would never be used.
      const known = core.records.webhooks
        .all()
        .some((record) => record.accountId === account.id && record.url === url && record.eventType === eventType);
      if (known) {
        throw new HandlerError("already_registered", phrase(messages.alreadyRegistered));
      }
      const waiting = core.records.outbox
        .inStates(account.id, ["queued", "sending", "failed"])
        .some(
          (item) =>
            item.request.kind === "registerWebhook" &&
            item.request.request.url === url &&
            item.request.request.eventType === eventType,
        );
      if (waiting) throw new HandlerError("already_queued", phrase(messages.alreadyQueued));
      // A generated secret is shown once and never stored by the app (while queued, it waits in the OS keychain).
      const generated = secret === undefined && generateSecret === true ? randomBytes(32).toString("base64url") : null;
      const effectiveSecret = secret ?? generated;
      const item = await core.outbox.enqueue({
        forPerson: true,
        account,
        title: url,
        item: {
          kind: "registerWebhook",
          request: {
            url,
            eventType,
            hasSecret: effectiveSecret !== null,
            ...(account.webhookUserId === undefined ? {} : { userId: account.webhookUserId }),
          },
        },
        ...(effectiveSecret === null ? {} : { secret: effectiveSecret }),
      });
      try {
        const { recorded } = await core.outbox.sendNow(item.itemId);
        if (recorded.webhook === null) throw new HandlerError("internal", phrase(messages.nothingRegistered));
        return { webhook: recorded.webhook, secret: generated };
      } catch (error) {
        // Queued: the generated secret must still be shown now, as it is never shown again.
        if (!(error instanceof UserError) || error.code !== queuedCode) throw error;
        const webhook = {
          accountId: account.id,
          webhookId: "",
          url,
          eventType,
          hasSecret: effectiveSecret !== null,
          createdAt: new Date(core.clock.now()).toISOString(),
        };
        return { webhook, secret: generated, queued: error.message };
      }
    },

    /** Deletes through the outbox; a service that cannot be reached leaves it queued (error code "queued"). */
    webhooksDelete: async ({ url }) => {
      const account = core.activeAccount();
      const item = await core.outbox.enqueue({
        forPerson: true,
        account,
        title: url,
        item: { kind: "deleteWebhook", request: { url } },
      });
      await core.outbox.sendNow(item.itemId);
      return null;
    },
  };
}
