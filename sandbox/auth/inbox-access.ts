import { randomBytes } from "node:crypto";

/** How long a one-time inbox link works: long enough for a browser to start, short enough to be useless later. */
export const inboxTicketLifetimeMs = 2 * 60_000;
/** How long the inbox page may read the outbox after it redeemed a ticket (one working session). */
export const inboxSessionLifetimeMs = 8 * 60 * 60_000;

interface Grant {
  userId: string;
  expiresAt: number;
}

/**
 * One-time links to the inbox page: a ticket (in the link) is redeemed once for a session token that reads
 * one user's outbox only, so the page opened from the app needs no API key and the key never enters a URL.
 * Kept in memory: a restarted sandbox forgets them, and the page falls back to asking for the key.
 */
export class InboxAccess {
  private readonly tickets = new Map<string, Grant>();
  private readonly sessions = new Map<string, Grant>();

  constructor(private readonly now: () => number) {}

  issueTicket(userId: string): { ticket: string; expiresAt: number } {
    this.forgetExpired();
    const ticket = randomBytes(24).toString("base64url");
    const expiresAt = this.now() + inboxTicketLifetimeMs;
    this.tickets.set(ticket, { userId, expiresAt });
    return { ticket, expiresAt };
  }

  /** The session a ticket opens, or null when the ticket was used already, has expired, or never existed. */
  redeem(ticket: string): { session: string; expiresAt: number } | null {
    const grant = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    if (grant === undefined || grant.expiresAt <= this.now()) return null;
    const session = randomBytes(24).toString("base64url");
    const expiresAt = this.now() + inboxSessionLifetimeMs;
    this.sessions.set(session, { userId: grant.userId, expiresAt });
    return { session, expiresAt };
  }

  /** The user whose outbox `session` reads, or null once it expired (or never existed). */
  sessionUser(session: string): string | null {
    const grant = this.sessions.get(session);
    if (grant === undefined) return null;
    if (grant.expiresAt > this.now()) return grant.userId;
    this.sessions.delete(session);
    return null;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const grants of [this.tickets, this.sessions]) {
      for (const [token, grant] of grants) if (grant.expiresAt <= now) grants.delete(token);
    }
  }
}
