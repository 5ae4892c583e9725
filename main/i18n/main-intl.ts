import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { type LoadedCatalog, loadCatalog } from "../../common/i18n/catalog";
import type { LocaleState } from "../../common/i18n/locale-state";
import {
  type Locale,
  type LocaleChoice,
  LocaleChoiceSchema,
  resolveLocale,
  sourceLocale,
} from "../../common/i18n/locales";
import type { Phrase } from "../../common/i18n/phrase";
import { renderPhrase } from "../../common/i18n/render-phrase";

export interface LocaleStore {
  /** The person's stored choice, unchecked (a locale a later version dropped reads as "system"). */
  read(): unknown;
  write(choice: LocaleChoice): void;
}

const cache = createIntlCache();

/** formatjs for `locale`, its catalog loaded (the words before the person's choice is read: the system's language). */
export async function intlForLocale(locale: Locale): Promise<IntlShape> {
  return intlFor(locale, await loadCatalog(locale));
}

function intlFor(locale: Locale, messages: LoadedCatalog): IntlShape {
  return createIntl(
    {
      locale,
      defaultLocale: sourceLocale,
      messages,
      // The catalogs are checked to be complete by `npm test`; English needs no entry beyond its default.
      onError: (error) => {
        if (error.code !== "MISSING_TRANSLATION") console.error(error);
      },
    },
    cache,
  );
}

/**
 * Main's words (menus, dialogs, notifications, every error the window shows) in the language the window shows:
 * the person's choice, or the system's preferred languages. Changing it applies at once, without a restart.
 */
export class MainIntl {
  private current: { state: LocaleState; intl: IntlShape };
  private readonly listeners = new Set<(state: LocaleState) => void>();

  private constructor(
    private readonly store: LocaleStore,
    private readonly systemLanguages: () => readonly string[],
    state: LocaleState,
    intl: IntlShape,
  ) {
    this.current = { state, intl };
  }

  static async start(store: LocaleStore, systemLanguages: () => readonly string[]): Promise<MainIntl> {
    const stored = LocaleChoiceSchema.safeParse(store.read());
    const choice: LocaleChoice = stored.success ? stored.data : "system";
    const locale = resolveLocale(choice, systemLanguages());
    return new MainIntl(store, systemLanguages, { choice, locale }, intlFor(locale, await loadCatalog(locale)));
  }

  get state(): LocaleState {
    return this.current.state;
  }

  get intl(): IntlShape {
    return this.current.intl;
  }

  /** Stores `choice` and speaks its language from now on; the window follows from the state returned. */
  async choose(choice: LocaleChoice): Promise<LocaleState> {
    const locale = resolveLocale(choice, this.systemLanguages());
    const intl = intlFor(locale, await loadCatalog(locale));
    this.store.write(choice);
    this.current = { state: { choice, locale }, intl };
    for (const listener of this.listeners) listener(this.current.state);
    return this.current.state;
  }

  /** Calls `listener` after each change of language (the menu is rebuilt in the new one). */
  onChange(listener: (state: LocaleState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  render(phrase: Phrase): string {
    return renderPhrase(this.current.intl, phrase);
  }
}
