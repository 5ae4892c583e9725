import { z } from "zod";
import type { Account } from "../../common/accounts";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { OutboxMessageSchema } from "../../common/records";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";

const messages = defineMessages({
  notAnswering: { id: "main.sandbox.notAnswering", defaultMessage: "The sandbox is not answering." },
  httpStatus: { id: "main.sandbox.httpStatus", defaultMessage: "The sandbox answered HTTP {status}." },
  onlySandboxInbox: {
    id: "main.sandbox.onlySandboxInbox",
    defaultMessage: "Only the built-in sandbox account has an inbox.",
  },
  noSandbox: { id: "main.sandbox.noSandbox", defaultMessage: "There is no built-in sandbox account." },
  foreignInbox: {
    id: "main.sandbox.foreignInbox",
    defaultMessage: "The sandbox gave an inbox address that is not its own.",
  },
});

/** What these handlers use of the core. */
export type SandboxHandlerDeps = Pick<Core, "accounts" | "activeAccount">;

/** Asks the sandbox at `account` for one of its tool routes, with the account's key (never passed on). */
async function askSandbox(
  core: SandboxHandlerDeps,
  account: Account,
  path: string,
  method: "GET" | "POST",
): Promise<unknown> {
  const response = await fetch(`${account.baseUrl}${path}`, {
    method,
    headers: { "x-api-key": await core.accounts.apiKey(account.id) },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => {
    throw new HandlerError("network", phrase(messages.notAnswering));
  });
  if (!response.ok) throw new HandlerError("server", phrase(messages.httpStatus, { status: String(response.status) }));
  return response.json();
}

/** The sandbox's outbox (its stand-in for e-mail) for the sandbox account's Inbox, and its inbox page's link. */
export function sandboxHandlers(
  core: SandboxHandlerDeps,
): Pick<HandlerImplementations, "sandboxOutbox" | "sandboxInboxLink"> {
  return {
    sandboxOutbox: async () => {
      const account = core.activeAccount();
      if (account.kind !== "sandbox") throw new HandlerError("not_sandbox", phrase(messages.onlySandboxInbox));
      const answer = await askSandbox(core, account, "/_sandbox/outbox", "GET");
      return z.object({ messages: z.array(OutboxMessageSchema) }).parse(answer).messages;
    },
    sandboxInboxLink: async () => {
      const account = core.accounts.list().find((candidate) => candidate.kind === "sandbox");
      if (account === undefined) throw new HandlerError("not_sandbox", phrase(messages.noSandbox));
      const { url } = z.object({ url: z.url() }).parse(await askSandbox(core, account, "/_sandbox/inbox-link", "POST"));
      // Only the sandbox's own page leaves for the browser (the window lets nothing else of plain http out).
      if (new URL(url).origin !== new URL(account.baseUrl).origin)
        throw new HandlerError("server", phrase(messages.foreignInbox));
      return { url };
    },
  };
}
