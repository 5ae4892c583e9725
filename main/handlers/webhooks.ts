import { randomBytes } from "node:crypto";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";
import { ServiceError } from "../service/service-error";

/** The API cannot list webhooks, so the app keeps its own record of what it registered. */
export function webhookHandlers(
  core: Core,
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
        throw new HandlerError(
          "already_registered",
          "This address is already registered for this event. To change its secret, delete it and register it again.",
        );
      }
      // A generated secret is shown once and never stored by the app.
      const generated = secret === undefined && generateSecret === true ? randomBytes(32).toString("base64url") : null;
      const effectiveSecret = secret ?? generated;
      const answer = await core.clientFor(account).registerWebhook({
        url,
        eventType,
        ...(effectiveSecret === null ? {} : { secret: effectiveSecret }),
        ...(account.webhookUserId === undefined ? {} : { user_id: account.webhookUserId }),
      });
      const record = {
        accountId: account.id,
        // Where the answer leaves a member out, what was asked for stands.
        webhookId: answer.webhook?.webhook_id ?? "",
        url: answer.webhook?.url ?? url,
        eventType: answer.webhook?.eventType ?? eventType,
        hasSecret: effectiveSecret !== null,
        createdAt: new Date(core.now()).toISOString(),
      };
      const others = core.records.webhooks
        .all()
        .filter(
          (existing) =>
            !(
              existing.accountId === account.id &&
              existing.url === record.url &&
              existing.eventType === record.eventType
            ),
        );
      core.records.webhooks.setAll([...others, record]);
      return { webhook: record, secret: generated };
    },

    webhooksDelete: async ({ url }) => {
      const account = core.activeAccount();
      try {
        await core.clientFor(account).deleteWebhook(url);
      } catch (error) {
        // Already gone at the service: the local record goes too.
        if (!(error instanceof ServiceError) || error.category !== "not_found") throw error;
      }
      const webhooks = core.records.webhooks
        .all()
        .filter((record) => !(record.accountId === account.id && record.url === url));
      core.records.webhooks.setAll(webhooks);
      return null;
    },
  };
}
