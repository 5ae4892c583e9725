import { useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "../../../common/i18n/define-messages";
import {
  type Locale,
  type LocaleChoice,
  LocaleChoiceSchema,
  shippedLocales,
  textDirection,
} from "../../../common/i18n/locales";
import { useLocaleControl } from "../../i18n/locale-context";
import { productName } from "./product-name";

const messages = defineMessages({
  heading: { id: "accounts.language.heading", defaultMessage: "Language", description: "Section heading." },
  label: {
    id: "accounts.language.label",
    defaultMessage: "Language of {app}",
    description: "Label of the list of languages the app can be shown in.",
  },
  system: {
    id: "accounts.language.system",
    defaultMessage: "Same as the system{known, select, yes { ({language})} other {}}",
    description:
      "The choice to follow the computer's language; {language}: the language that means now, e.g. 'Same as the system (English)'.",
  },
  hint: {
    id: "accounts.language.hint",
    defaultMessage: "Applies at once: the window, the menus and the notifications change without a restart.",
  },
  notChanged: {
    id: "accounts.language.notChanged",
    defaultMessage: "The language was not changed: {reason}",
  },
});

/** A language's name in that language ("Deutsch", "English"): how a person finds their own in the list. */
function endonym(locale: Locale): string {
  return new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
}

/**
 * The Language section of Accounts: "Same as the system" or one of the languages Signdesk speaks, each named in its
 * own language. A choice applies at once (main stores it, and speaks it too).
 */
export function LanguageSection() {
  const intl = useIntl();
  const { state, choose } = useLocaleControl();
  const selectId = useId();
  const [pending, setPending] = useState<LocaleChoice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /**
   * The language "Same as the system" means: known while it is the choice (the window shows it). Remembered when
   * another is chosen, as the system's languages do not change with it; unknown when another was chosen at start.
   */
  const systemLocale = useRef<Locale | null>(null);
  if (state.choice === "system") systemLocale.current = state.locale;

  // The choice shown is listed even when it is not offered (a pseudo-locale chosen for a test).
  const offered: readonly Locale[] =
    state.choice === "system" || (shippedLocales as readonly Locale[]).includes(state.choice)
      ? shippedLocales
      : [...shippedLocales, state.choice];

  const change = async (value: string) => {
    const parsed = LocaleChoiceSchema.safeParse(value);
    if (!parsed.success) return;
    setProblem(null);
    setPending(parsed.data);
    try {
      await choose(parsed.data);
    } catch (error) {
      setProblem(intl.formatMessage(messages.notChanged, { reason: (error as Error).message }));
    } finally {
      setPending(null);
    }
  };

  const systemName =
    systemLocale.current === null ? undefined : intl.formatDisplayName(systemLocale.current, { type: "language" });
  return (
    <section className="word-section language-section" aria-labelledby="language-title">
      <h2 id="language-title">{intl.formatMessage(messages.heading)}</h2>
      <div className="settings-field">
        <label htmlFor={selectId}>{intl.formatMessage(messages.label, { app: productName })}</label>
        <select
          id={selectId}
          value={pending ?? state.choice}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? `${selectId}-hint` : `${selectId}-problem ${selectId}-hint`}
          onChange={(event) => void change(event.target.value)}
        >
          <option value="system">
            {intl.formatMessage(messages.system, {
              known: systemName === undefined ? "no" : "yes",
              language: systemName ?? "",
            })}
          </option>
          {offered.map((locale) => (
            <option key={locale} value={locale} lang={locale} dir={textDirection(locale)}>
              {endonym(locale)}
            </option>
          ))}
        </select>
        {problem !== null && (
          <span className="field-problem" id={`${selectId}-problem`} role="alert">
            {problem}
          </span>
        )}
        <span className="settings-hint" id={`${selectId}-hint`}>
          {intl.formatMessage(messages.hint)}
        </span>
      </div>
    </section>
  );
}
