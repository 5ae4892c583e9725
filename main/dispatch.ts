import { z } from "zod";
import { type MethodName, methodNames } from "../common/channels";
import { type ArgsOf, channels, type ResultOf } from "../common/contract";
import { fail, type IpcResult, ok } from "../common/result";
import { type PhraseRenderer, UserError } from "../common/user-error";

export type HandlerImplementations = {
  [M in MethodName]: (args: ArgsOf<M>) => ResultOf<M> | Promise<ResultOf<M>>;
};

export interface Dispatcher {
  /** Every channel name of the contract, for registration with ipcMain. */
  readonly channelNames: readonly string[];
  /** Validates `rawArgs` against the contract, then runs the handler. Never throws. */
  invoke(channel: string, rawArgs: unknown): Promise<IpcResult<unknown>>;
}

export interface DispatcherOptions {
  /** Where unexpected failures are reported (never shown to the user in full). */
  onUnexpectedError?: (channel: string, error: unknown) => void;
  /**
   * Words the contract's refusal of `rawArgs` for the user where a channel has its own words for it (a draft
   * that cannot be saved); null for the generic message. The code stays invalid_argument.
   */
  describeRefusal?: (method: MethodName, rawArgs: unknown) => string | null;
  /** An error's words in the window's language (English, from each message's default, when not given). */
  render?: PhraseRenderer;
}

export const invalidDataMessage = (channel: string) =>
  `Signdesk could not complete ${channel}: data it read or was about to save is not in the expected form.`;

export function createDispatcher(implementations: HandlerImplementations, options: DispatcherOptions = {}): Dispatcher {
  const byChannel = new Map<string, MethodName>();
  for (const method of methodNames) {
    byChannel.set(channels[method].channel, method);
  }

  async function invoke(channel: string, rawArgs: unknown): Promise<IpcResult<unknown>> {
    const method = byChannel.get(channel);
    if (method === undefined) return fail("unknown_channel", `Unknown channel: ${String(channel)}`);
    const parsed = channels[method].args.safeParse(rawArgs);
    if (!parsed.success) {
      const told = options.describeRefusal?.(method, rawArgs) ?? null;
      return fail("invalid_argument", told ?? `Invalid arguments for ${channel}: ${z.prettifyError(parsed.error)}`);
    }
    const run = implementations[method] as (args: unknown) => unknown;
    try {
      return ok(await run(parsed.data));
    } catch (error) {
      // Every module's errors meant for people (service, drafts, PDFs, keychain, files) are UserErrors.
      if (error instanceof UserError) return { ok: false, error: error.toIpcError(options.render) };
      if (error instanceof z.core.$ZodError) {
        // The arguments were checked above, and a handler checking more of them throws invalid_argument
        // (parseArgument). A schema failing in here is about data the app read (its files, a service's answer)
        // or was about to store: not the caller's doing, and not a crash either.
        options.onUnexpectedError?.(channel, error);
        return fail("invalid_data", invalidDataMessage(channel));
      }
      options.onUnexpectedError?.(channel, error);
      return fail("internal", `Something went wrong while handling ${channel}.`);
    }
  }

  return { channelNames: [...byChannel.keys()], invoke };
}
