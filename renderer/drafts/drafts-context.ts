import { createContext, useContext, useSyncExternalStore } from "react";
import type { DraftView, OpenDrafts } from "./open-drafts";

/** The app's drafts being opened (App.tsx provides the one it owns). */
export const OpenDraftsContext = createContext<OpenDrafts | null>(null);

export function useOpenDrafts(): OpenDrafts {
  const drafts = useContext(OpenDraftsContext);
  if (drafts === null) throw new Error("useOpenDrafts is used outside the app's OpenDraftsContext");
  return drafts;
}

/** What the editor shows of draft `id`, read again whenever it changes. */
export function useDraftView(id: string): DraftView {
  const drafts = useOpenDrafts();
  return useSyncExternalStore(drafts.subscribe, () => drafts.view(id));
}
