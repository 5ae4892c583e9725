import type { FastifyInstance } from "fastify";
import type { SandboxContext } from "../context";
import { outboxOf } from "../documents/outbox";
import { ApiError } from "../http/api-error";
import { userOf } from "../http/app";

export const inboxSessionHeader = "x-inbox-session";

/** The one-time inbox link (see auth/inbox-access.ts): issued for a key, redeemed by the inbox page. */
export function inboxAccessRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post("/_sandbox/inbox-link", { config: { auth: true } }, async (request) => {
    const { ticket, expiresAt } = context.inboxAccess.issueTicket(userOf(request).id);
    // In the fragment: browsers never send it to a server, so it stays out of request logs and Referer headers.
    return {
      url: `${context.baseUrl()}/_sandbox/inbox#ticket=${ticket}`,
      expiresAt: new Date(expiresAt).toISOString(),
    };
  });

  app.post("/_sandbox/inbox/session", async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    const ticket = typeof body?.ticket === "string" ? body.ticket : "";
    const opened = ticket === "" ? null : context.inboxAccess.redeem(ticket);
    if (opened === null) throw new ApiError(403, "This inbox link was already used or has expired.");
    return { session: opened.session, expiresAt: new Date(opened.expiresAt).toISOString() };
  });

  app.get("/_sandbox/inbox/messages", async (request) => {
    const session = request.headers[inboxSessionHeader];
    const userId = typeof session === "string" ? context.inboxAccess.sessionUser(session) : null;
    if (userId === null) throw new ApiError(401, "This inbox session has ended.");
    return { messages: outboxOf(context, userId) };
  });
}
