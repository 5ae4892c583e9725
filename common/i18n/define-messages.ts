import type { MessageDescriptor } from "./phrase";

/**
 * Declares a module's messages so that `formatjs extract` finds them (it looks for calls of this name) and
 * formatjs's formatters take them. formatjs's own defineMessages types each message's arguments only when they are
 * spelled out beside it; the catalogs' test checks every message's arguments instead, in every locale.
 */
export function defineMessages<K extends string>(
  messages: Record<K, MessageDescriptor>,
): Readonly<Record<K, MessageDescriptor>> {
  return messages;
}
