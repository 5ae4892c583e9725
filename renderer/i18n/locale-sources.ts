import type { SigndeskApi } from "../../common/contract";
import type { LocaleState } from "../../common/i18n/locale-state";
import { pickLocale, resolveLocale } from "../../common/i18n/locales";
import { unwrap } from "../hooks/useResource";
import type { LocaleSource } from "./LocaleRoot";

/** The app's language, kept by main. */
export function bridgeLocale(bridge: SigndeskApi): LocaleSource {
  return {
    get: async () => unwrap(await bridge.localeGet()),
    set: async (choice) => unwrap(await bridge.localeSet({ choice })),
  };
}

/** Outside the app (no bridge): the browser's languages, for this page only. */
export const browserLocale: LocaleSource = {
  get: async (): Promise<LocaleState> => ({ choice: "system", locale: pickLocale(navigator.languages) }),
  set: async (choice) => ({ choice, locale: resolveLocale(choice, navigator.languages) }),
};
