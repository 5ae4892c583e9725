/**
 * `app.getPreferredSystemLanguages()` on Linux, as Electron computes it (shell/common/language_util_linux.cc): GLib's
 * g_get_language_names() — the first set of LANGUAGE, LC_ALL, LC_MESSAGES, LANG, split at ':', each name expanded
 * into its variants most specific first (lang_TERRITORY.CODESET@MODIFIER … lang), "C" last — then "C" dropped and
 * each name made a BCP 47 tag (base::i18n::GetCanonicalLocale: ICU drops the codeset, '_' becomes '-'). Duplicates
 * stay, as they do in Electron.
 */
export function preferredSystemLanguages(env: NodeJS.ProcessEnv = process.env): string[] {
  const value = [env.LANGUAGE, env.LC_ALL, env.LC_MESSAGES, env.LANG].find((each) => each !== undefined && each !== "");
  const names = (value ?? "C").split(":").filter((name) => name !== "");
  const variants = names.flatMap(localeVariants);
  return variants.filter((name) => name !== "C" && name !== "POSIX").map(canonicalTag);
}

/** GLib's _g_compute_locale_variants: every combination of the optional parts, the most specific first. */
function localeVariants(name: string): string[] {
  const match = /^([^_.@]+)(_[^.@]+)?(\.[^@]+)?(@.+)?$/.exec(name);
  if (match === null) return [name];
  const [, language = name, territory = "", codeset = "", modifier = ""] = match;
  const found: string[] = [];
  // GLib's components: codeset 1, territory 2, modifier 4; it walks the masks down from all parts to none.
  for (let mask = 0b111; mask >= 0; mask -= 1) {
    const useCodeset = (mask & 0b001) !== 0;
    const useTerritory = (mask & 0b010) !== 0;
    const useModifier = (mask & 0b100) !== 0;
    if ((useTerritory && territory === "") || (useCodeset && codeset === "") || (useModifier && modifier === "")) {
      continue;
    }
    found.push(`${language}${useTerritory ? territory : ""}${useCodeset ? codeset : ""}${useModifier ? modifier : ""}`);
  }
  return found;
}

function canonicalTag(name: string): string {
  const bare = name
    .replace(/\.[^@]*/, "")
    .replace(/@.*/, "")
    .replace(/_/g, "-");
  // ICU canonicalizes the POSIX locale (what "C.UTF-8" leaves once its codeset is dropped) to en_US_POSIX.
  if (bare === "C" || bare === "POSIX") return "en-US-u-va-posix";
  try {
    return Intl.getCanonicalLocales(bare)[0] ?? bare;
  } catch {
    return bare;
  }
}
