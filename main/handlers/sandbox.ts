import { z } from "zod";
import { OutboxMessageSchema } from "../../common/records";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";

/** The sandbox's outbox (its stand-in for e-mail), for the sandbox account's Inbox. */
export function sandboxHandlers(core: Core): Pick<HandlerImplementations, "sandboxOutbox"> {
  return {
    sandboxOutbox: async () => {
      const account = core.activeAccount();
      if (account.kind !== "sandbox")
        throw new HandlerError("not_sandbox", "Only the built-in sandbox account has an inbox.");
      const response = await fetch(`${account.baseUrl}/_sandbox/outbox`, {
        headers: { "x-api-key": await core.accounts.apiKey(account.id) },
        signal: AbortSignal.timeout(10_000),
      }).catch(() => {
        throw new HandlerError("network", "The sandbox is not answering.");
      });
      if (!response.ok) throw new HandlerError("server", `The sandbox answered HTTP ${response.status}.`);
      return z.object({ messages: z.array(OutboxMessageSchema) }).parse(await response.json()).messages;
    },
  };
}
