import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { checkServiceAddress, maxAddressLength } from "../../common/service-address";
import type { SandboxContext } from "../context";
import { ApiError } from "../http/api-error";
import { userOf } from "../http/app";
import { parseBody, requiredMembers } from "../http/parse-body";
import { WebhookEventTypeSchema } from "../state/schema";

const notObject = "The body must be a JSON object.";
const urlProblem = "url must be an https:// URL (http:// is allowed only for localhost).";
const secretProblem = "secret must be a string of at most 512 characters, or null.";

const RegisterWebhookBody = requiredMembers(
  ["url", "eventType"],
  { notObject, missing: "url and eventType are required." },
  z.object({
    url: z
      .string({ error: urlProblem })
      .max(maxAddressLength, { error: urlProblem })
      // The app's one address rule (common/service-address.ts), in the words sandbox/README.md documents.
      .refine((url) => checkServiceAddress(url, "webhook").ok, { error: urlProblem }),
    eventType: z.enum(WebhookEventTypeSchema.options, {
      error: "eventType must be document.signed or document.finalized.",
    }),
    secret: z.string({ error: secretProblem }).max(512, { error: secretProblem }).nullish(),
  }),
);

const DeleteWebhookBody = z.object(
  { url: z.string({ error: (issue) => (issue.input === undefined ? "url is required." : "url must be a string.") }) },
  { error: notObject },
);

export function webhookRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post("/registerWebhook", { config: { auth: true } }, async (request) => {
    const user = userOf(request);
    const { url, eventType, secret } = parseBody(RegisterWebhookBody, request.body);
    const existing = context.store.webhooksOf(user.id).find((hook) => hook.url === url && hook.eventType === eventType);
    const webhook = existing ?? {
      id: randomUUID(),
      userId: user.id,
      url,
      eventType,
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
    const { url } = parseBody(DeleteWebhookBody, request.body);
    const removed = context.store.removeWebhooks((hook) => hook.userId === user.id && hook.url === url);
    if (removed.length === 0) throw new ApiError(404, "Webhook not found.");
    // Retries still queued for them would otherwise keep going to the URL just deleted.
    context.webhooks.cancel(removed.map((hook) => hook.id));
    await context.store.save();
    return { message: "Webhook deleted successfully", url };
  });
}
