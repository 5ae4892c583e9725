import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { SandboxContext } from "../context";
import { outboxOf } from "../documents/outbox";
import { ApiError } from "../http/api-error";
import { userOf } from "../http/app";

export const inboxSessionHeader = "x-inbox-session";

/** Anything else is answered as a ticket that was used or has expired. */
const InboxSessionBody = z.object({ ticket: z.string().min(1) });

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
    const body = InboxSessionBody.safeParse(request.body);
    const opened = body.success ? context.inboxAccess.redeem(body.data.ticket) : null;
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
