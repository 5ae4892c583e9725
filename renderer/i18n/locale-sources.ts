import type { SigndeskApi } from "../../common/contract";
import type { LoadedCatalog } from "../../common/i18n/catalog";
import type { LocaleState } from "../../common/i18n/locale-state";
import { sourceLocale } from "../../common/i18n/locales";
import { unwrap } from "../hooks/useResource";
import type { LocaleSource } from "./LocaleRoot";

/** The app's language, kept by main. */
export function bridgeLocale(bridge: SigndeskApi): LocaleSource {
  return {
    get: async () => unwrap(await bridge.localeGet()),
    set: async (choice) => unwrap(await bridge.localeSet({ choice })),
    catalog: async (locale) => unwrap(await bridge.localeCatalog({ locale })) as LoadedCatalog,
  };
}

/** Outside the app (no bridge): English, its messages' own words (the page only says it cannot start here). */
export const browserLocale: LocaleSource = {
  get: async (): Promise<LocaleState> => ({ choice: "system", locale: sourceLocale }),
  set: async () => ({ choice: "system", locale: sourceLocale }),
  catalog: async () => ({}),
};
