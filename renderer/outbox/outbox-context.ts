import { createContext, useContext, useEffect } from "react";
import type { SigndeskApi } from "../../common/contract";
import type { OutboxList } from "../../common/outbox";
import { type Resource, useResource } from "../hooks/useResource";

/** The active account's outbox, read once for the whole window, and the way to its screen. */
export interface OutboxView {
  list: Resource<OutboxList>;
  /** Reads the list again (after an action, or when the active account changed). */
  reload: () => void;
  /** Shows the Outbox screen. */
  open: () => void;
}

/** App.tsx provides it; a page without it (a test fixture of one screen) shows no outbox parts. */
export const OutboxContext = createContext<OutboxView | null>(null);

export function useOutbox(): OutboxView | null {
  return useContext(OutboxContext);
}

/** How long changes are gathered before the list is read again (a drain reports each item's steps). */
const gatherMs = 50;

/**
 * outboxList through the bridge, read again when main says the outbox changed, and when the service's
 * reachability does (the summary says whether it answers; main tells it again when the active account changes).
 */
export function useOutboxList(bridge: SigndeskApi): [Resource<OutboxList>, () => void] {
  const [list, reload] = useResource(() => bridge.outboxList(), [bridge]);
  useEffect(() => {
    let pending: number | null = null;
    const soon = () => {
      pending ??= window.setTimeout(() => {
        pending = null;
        reload();
      }, gatherMs);
    };
    const stops = [bridge.on("outbox:changed", soon), bridge.on("service:reachability", soon)];
    return () => {
      for (const stop of stops) stop();
      if (pending !== null) window.clearTimeout(pending);
    };
  }, [bridge, reload]);
  return [list, reload];
}

/** The items of these kinds that wait, in the order they go out (none while the list is read). */
export function waitingOfKinds(view: OutboxView | null, kinds: readonly string[]) {
  if (view === null || view.list.status !== "ready") return [];
  return view.list.value.waiting.filter((item) => kinds.includes(item.kind));
}
