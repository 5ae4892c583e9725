/**
 * The names of the IPC contract, with no schemas attached, so the preload stays tiny.
 * `contract.ts` must give a schema for each of these, and its type forces the two to agree.
 */
export const channelNames = {
  appInfo: "app:info",
} as const;

export const eventNames = ["app:navigate"] as const;

export type MethodName = keyof typeof channelNames;
export type ChannelName = (typeof channelNames)[MethodName];
export type EventName = (typeof eventNames)[number];

export const methodNames = Object.keys(channelNames) as MethodName[];

export function isEventName(name: string): name is EventName {
  return (eventNames as readonly string[]).includes(name);
}
