import { randomBytes } from "node:crypto";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { ServiceError } from "../service/service-error";

/** The API cannot list webhooks, so the app keeps its own record of what it registered. */
export function webhookHandlers(
  core: Core,
): Pick<HandlerImplementations, "webhooksList" | "webhooksRegister" | "webhooksDelete"> {
  return {
    webhooksList: () => {
      const account = core.activeAccount();
      return core.settings.get("webhooks").filter((record) => record.accountId === account.id);
    },

    webhooksRegister: async ({ url, eventType, secret, generateSecret }) => {
      const account = core.activeAccount();
      // A generated secret is shown once and never stored by the app.
      const generated = secret === undefined && generateSecret === true ? randomBytes(32).toString("base64url") : null;
      const effectiveSecret = secret ?? generated;
      const answer = await core.clientFor(account).registerWebhook({
        url,
        eventType,
        ...(effectiveSecret === null ? {} : { secret: effectiveSecret }),
      });
      const record = {
        accountId: account.id,
        webhookId: answer.webhook.webhook_id,
        url: answer.webhook.url,
        eventType: answer.webhook.eventType,
        hasSecret: effectiveSecret !== null,
        createdAt: new Date(core.now()).toISOString(),
      };
      const others = core.settings
        .get("webhooks")
        .filter(
          (existing) =>
            !(
              existing.accountId === account.id &&
              existing.url === record.url &&
              existing.eventType === record.eventType
            ),
        );
      core.settings.update({ webhooks: [...others, record] });
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
      const webhooks = core.settings
        .get("webhooks")
        .filter((record) => !(record.accountId === account.id && record.url === url));
      core.settings.update({ webhooks });
      return null;
    },
  };
}
