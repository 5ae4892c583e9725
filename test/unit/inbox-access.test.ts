import { describe, expect, it } from "vitest";
import { InboxAccess, inboxSessionLifetimeMs, inboxTicketLifetimeMs } from "../../sandbox/auth/inbox-access";

describe("InboxAccess (the inbox's one-time links)", () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it("redeems a ticket once, for a session that reads that user's outbox until it ends", () => {
    const time = clock();
    const access = new InboxAccess(time.now);
    const { ticket } = access.issueTicket("user-1");
    const opened = access.redeem(ticket);
    expect(opened).not.toBeNull();
    expect(access.redeem(ticket)).toBeNull();
    expect(access.sessionUser(opened?.session ?? "")).toBe("user-1");
    time.advance(inboxSessionLifetimeMs);
    expect(access.sessionUser(opened?.session ?? "")).toBeNull();
  });

  it("refuses an expired ticket, an unknown one, and a ticket used as a session", () => {
    const time = clock();
    const access = new InboxAccess(time.now);
    const { ticket } = access.issueTicket("user-1");
    expect(access.sessionUser(ticket)).toBeNull();
    time.advance(inboxTicketLifetimeMs);
    expect(access.redeem(ticket)).toBeNull();
    expect(access.redeem("made-up")).toBeNull();
    const other = access.issueTicket("user-2");
    expect(other.ticket).not.toBe(ticket);
    expect(access.sessionUser(access.redeem(other.ticket)?.session ?? "")).toBe("user-2");
  });
});
