import { createContext, useContext } from "react";
import type { LocaleState } from "../../common/i18n/locale-state";
import type { LocaleChoice } from "../../common/i18n/locales";

export interface LocaleControl {
  readonly state: LocaleState;
  /** Applies `choice` at once (main stores it and speaks it too); rejects with main's error. */
  choose(choice: LocaleChoice): Promise<void>;
}

export const LocaleContext = createContext<LocaleControl | null>(null);

/** The language shown and the means to change it (the Language section of Accounts). */
export function useLocaleControl(): LocaleControl {
  const control = useContext(LocaleContext);
  if (control === null) throw new Error("useLocaleControl outside LocaleRoot");
  return control;
}
