import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { IntlProvider } from "react-intl";
import type { LoadedCatalog } from "../../common/i18n/catalog";
import type { LocaleState } from "../../common/i18n/locale-state";
import { type Locale, type LocaleChoice, sourceLocale, textDirection } from "../../common/i18n/locales";
import { LocaleContext, type LocaleControl } from "./locale-context";

/** Where the language comes from: main (the stored choice) through the bridge, or the browser's when there is none. */
export interface LocaleSource {
  get(): Promise<LocaleState>;
  set(choice: LocaleChoice): Promise<LocaleState>;
  /** The messages of `locale` (main's copy: the window bundles none). */
  catalog(locale: Locale): Promise<LoadedCatalog>;
}

interface Shown {
  state: LocaleState;
  messages: LoadedCatalog;
}

function reportIntlError(error: { code: string; message: string }): void {
  // English is the source: its messages' defaults are its catalog. Elsewhere a missing message is a defect that
  // `npm test` catches; the English default shows meanwhile.
  if (error.code !== "MISSING_TRANSLATION") console.error(error.message);
}

/**
 * The window in the person's language: asks main for its catalog, sets `lang` and `dir` on the
 * document, and renders nothing until the first catalog is in, so that no screen flashes in another language. A
 * change of language keeps the old words until the new catalog is loaded, then swaps them all at once.
 */
export function LocaleRoot({ source, children }: { source: LocaleSource; children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);

  const show = useCallback(
    async (state: LocaleState) => {
      setShown({ state, messages: await source.catalog(state.locale) });
    },
    [source],
  );

  useEffect(() => {
    source.get().then(show, (error: unknown) => {
      console.error(error);
      void show({ choice: "system", locale: sourceLocale });
    });
  }, [source, show]);

  useLayoutEffect(() => {
    if (shown === null) return;
    document.documentElement.lang = shown.state.locale;
    document.documentElement.dir = textDirection(shown.state.locale);
  }, [shown]);

  const control: LocaleControl | null = useMemo(
    () =>
      shown === null
        ? null
        : { state: shown.state, choose: async (choice: LocaleChoice) => show(await source.set(choice)) },
    [shown, source, show],
  );

  if (shown === null || control === null) return null;
  return (
    <LocaleContext value={control}>
      <IntlProvider
        locale={shown.state.locale satisfies Locale}
        defaultLocale={sourceLocale}
        messages={shown.messages}
        onError={reportIntlError}
      >
        {children}
      </IntlProvider>
    </LocaleContext>
  );
}
