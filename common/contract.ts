import { z } from "zod";
import { type ChannelName, channelNames, type EventName, type MethodName } from "./channels";
import type { IpcResult } from "./result";
import { ScreenIdSchema } from "./screens";

/**
 * The IPC contract: the arguments and result of every channel, the payload of every event.
 * The preload exposes exactly these (as methods of `window.signdesk`), main registers exactly these.
 */

const NoArgs = z.undefined({ error: "this call takes no arguments" });

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  arch: z.string(),
  /** null when the handlers run outside Electron (the Chromium test harness). */
  electronVersion: z.string().nullable(),
  activeAccount: z.object({ name: z.string(), baseUrl: z.string() }).nullable(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

interface ChannelDefinition<C extends ChannelName> {
  channel: C;
  args: z.ZodType;
  result: z.ZodType;
}

export const channels = {
  appInfo: { channel: channelNames.appInfo, args: NoArgs, result: AppInfoSchema },
} as const satisfies { [M in MethodName]: ChannelDefinition<(typeof channelNames)[M]> };

export const events = {
  /** Main asks the renderer to show a screen (menu item or keyboard accelerator). */
  "app:navigate": z.object({ screen: ScreenIdSchema }),
} as const satisfies { [E in EventName]: z.ZodType };

type Channels = typeof channels;
export type ArgsOf<M extends MethodName> = z.output<Channels[M]["args"]>;
export type ResultOf<M extends MethodName> = z.output<Channels[M]["result"]>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

type MethodSignature<M extends MethodName> = (
  ...args: ArgsOf<M> extends undefined ? [] : [args: ArgsOf<M>]
) => Promise<IpcResult<ResultOf<M>>>;

/** The shape of `window.signdesk`. */
export type SigndeskApi = { readonly [M in MethodName]: MethodSignature<M> } & {
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;
};

export type { EventName, MethodName } from "./channels";
