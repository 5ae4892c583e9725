import { z } from "zod";
import { type MethodName, methodNames } from "../common/channels";
import { type ArgsOf, channels, type ResultOf } from "../common/contract";
import { defineMessages } from "../common/i18n/define-messages";
import { inEnglish } from "../common/i18n/english";
import { type Phrase, phrase } from "../common/i18n/phrase";
import { fail, type IpcResult, ok } from "../common/result";
import { type PhraseRenderer, UserError } from "../common/user-error";
import { productName } from "./product-name";

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
  describeRefusal?: (method: MethodName, rawArgs: unknown) => Phrase | string | null;
  /** An error's words in the window's language (English, from each message's default, when not given). */
  render?: PhraseRenderer;
}

const messages = defineMessages({
  invalidData: {
    id: "main.dispatch.invalidData",
    defaultMessage:
      "{app} could not complete {channel}: data it read or was about to save is not in the expected form.",
    description: "{channel} is the name of an internal operation, such as drafts:save",
  },
  unknownChannel: { id: "main.dispatch.unknownChannel", defaultMessage: "Unknown channel: {channel}" },
  invalidArguments: {
    id: "main.dispatch.invalidArguments",
    defaultMessage: "Invalid arguments for {channel}: {problems}",
    description: "{problems} is the data checker's own description of what is wrong",
  },
  internal: {
    id: "main.dispatch.internal",
    defaultMessage: "Something went wrong while handling {channel}.",
    description: "{channel} is the name of an internal operation, such as drafts:save",
  },
});

const invalidData = (channel: string): Phrase => phrase(messages.invalidData, { app: productName, channel });

/** The words of an `invalid_data` failure, in English. */
export const invalidDataMessage = (channel: string): string => inEnglish(invalidData(channel));

export function createDispatcher(implementations: HandlerImplementations, options: DispatcherOptions = {}): Dispatcher {
  const byChannel = new Map<string, MethodName>();
  for (const method of methodNames) {
    byChannel.set(channels[method].channel, method);
  }

  /** Words in the window's language when the options can render them, else in English. */
  const words = (said: Phrase | string): string =>
    typeof said === "string" ? said : options.render === undefined ? inEnglish(said) : options.render(said);

  async function invoke(channel: string, rawArgs: unknown): Promise<IpcResult<unknown>> {
    const method = byChannel.get(channel);
    if (method === undefined)
      return fail("unknown_channel", words(phrase(messages.unknownChannel, { channel: String(channel) })));
    const parsed = channels[method].args.safeParse(rawArgs);
    if (!parsed.success) {
      const told = options.describeRefusal?.(method, rawArgs) ?? null;
      return fail(
        "invalid_argument",
        words(told ?? phrase(messages.invalidArguments, { channel, problems: z.prettifyError(parsed.error) })),
      );
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
        return fail("invalid_data", words(invalidData(channel)));
      }
      options.onUnexpectedError?.(channel, error);
      return fail("internal", words(phrase(messages.internal, { channel })));
    }
  }

  return { channelNames: [...byChannel.keys()], invoke };
}
