import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { checkServiceAddress } from "../../common/service-address";
import type { SandboxContext } from "../context";
import { ApiError } from "../http/api-error";
import { userOf } from "../http/app";
import { WebhookEventTypeSchema } from "../state/schema";

function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ApiError(400, "The body must be a JSON object.");
  return body as Record<string, unknown>;
}

export function webhookRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post("/registerWebhook", { config: { auth: true } }, async (request) => {
    const user = userOf(request);
    const { url, eventType, secret } = bodyObject(request.body);
    if (url === undefined || eventType === undefined) throw new ApiError(400, "url and eventType are required.");
    // The app's one address rule (common/service-address.ts), in the words sandbox/README.md documents.
    if (typeof url !== "string" || url.length > 2048 || !checkServiceAddress(url, "webhook").ok) {
      throw new ApiError(400, "url must be an https:// URL (http:// is allowed only for localhost).");
    }
    const event = WebhookEventTypeSchema.safeParse(eventType);
    if (!event.success) throw new ApiError(400, "eventType must be document.signed or document.finalized.");
    if (secret !== undefined && secret !== null && (typeof secret !== "string" || secret.length > 512)) {
      throw new ApiError(400, "secret must be a string of at most 512 characters, or null.");
    }
    const existing = context.store
      .webhooksOf(user.id)
      .find((hook) => hook.url === url && hook.eventType === event.data);
    const webhook = existing ?? {
      id: randomUUID(),
      userId: user.id,
      url,
      eventType: event.data,
      secret: typeof secret === "string" && secret !== "" ? secret : null,
      createdAt: new Date(context.now()).toISOString(),
    };
    if (existing === undefined) {
      context.store.addWebhook(webhook);
      await context.store.save();
    }
    return {
      message: existing === undefined ? "Webhook registered successfully" : "Webhook already registered",
      webhook: { webhook_id: webhook.id, url: webhook.url, eventType: webhook.eventType },
    };
  });

  app.post("/deleteWebhook", { config: { auth: true } }, async (request) => {
    const user = userOf(request);
    const { url } = bodyObject(request.body);
    if (url === undefined) throw new ApiError(400, "url is required.");
    if (typeof url !== "string") throw new ApiError(400, "url must be a string.");
    const removed = context.store.removeWebhooks((hook) => hook.userId === user.id && hook.url === url);
    if (removed.length === 0) throw new ApiError(404, "Webhook not found.");
    // Retries still queued for them would otherwise keep going to the URL just deleted.
    context.webhooks.cancel(removed.map((hook) => hook.id));
    await context.store.save();
    return { message: "Webhook deleted successfully", url };
  });
}
