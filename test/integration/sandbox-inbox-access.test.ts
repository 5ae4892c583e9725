import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../support/pdf-fixtures";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

/** The inbox page's one-time link, over HTTP: a ticket for a key, redeemed once for a session to one outbox. */
describe("the sandbox's one-time inbox links", () => {
  let running: RunningSandbox;
  let otherKey: string;

  beforeAll(async () => {
    running = await startSandbox();
    otherKey = await running.sandbox.issueKey();
    // One message in the first user's outbox, none in the other's.
    const sent = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf(),
        templateName: "Lease",
        fields: [[{ id: "tenant", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }]],
        recipients: [{ name: "Tess Tenant", email: "tess@example.com" }],
      }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });
  afterAll(async () => running?.close());

  const ticketFor = async (key: string) => {
    const answer = await callApi(running.url, "POST", "/_sandbox/inbox-link", { key });
    expect(answer.status).toBe(200);
    const { url } = answer.body as { url: string };
    expect(url).not.toContain(key);
    expect(url.startsWith(`${running.url}/_sandbox/inbox#ticket=`)).toBe(true);
    return new URL(url).hash.slice("#ticket=".length);
  };
  const redeem = (ticket: unknown) => callApi(running.url, "POST", "/_sandbox/inbox/session", { json: { ticket } });
  const messages = (session?: string) =>
    callApi(running.url, "GET", "/_sandbox/inbox/messages", {
      headers: session === undefined ? {} : { "x-inbox-session": session },
    });

  it("opens a session on the ticket's user's outbox only, once", async () => {
    const ticket = await ticketFor(running.key);
    const opened = await redeem(ticket);
    expect(opened.status).toBe(200);
    const { session } = opened.body as { session: string };
    const mine = await messages(session);
    expect(mine.status).toBe(200);
    expect((mine.body as { messages: { to: string }[] }).messages.map((message) => message.to)).toEqual([
      "tess@example.com",
    ]);
    expect(await redeem(ticket)).toMatchObject({
      status: 403,
      body: { message: "This inbox link was already used or has expired." },
    });

    const other = (await redeem(await ticketFor(otherKey))).body as { session: string };
    expect((await messages(other.session)).body).toEqual({ messages: [] });
  });

  it("refuses made-up tickets and sessions, and a key in place of a session", async () => {
    for (const ticket of ["", "made-up", 42, null]) expect((await redeem(ticket)).status).toBe(403);
    for (const session of [undefined, "made-up", running.key]) {
      expect(await messages(session)).toMatchObject({
        status: 401,
        body: { message: "This inbox session has ended." },
      });
    }
  });
});
