import { mkdir, rename, stat } from "node:fs/promises";
import path from "node:path";
import type { IntlShape } from "@formatjs/intl";
import { methodNames } from "../common/channels";
import { channels } from "../common/contract";
import { loadCatalog } from "../common/i18n/catalog";
import { defineMessages } from "../common/i18n/define-messages";
import { inEnglish } from "../common/i18n/english";
import type { LocaleState } from "../common/i18n/locale-state";
import { pickLocale, resolveLocale } from "../common/i18n/locales";
import { phrase } from "../common/i18n/phrase";
import { renderPhrase } from "../common/i18n/render-phrase";
import { fileNameTime } from "../node-shared/files/set-aside";
import { createDispatcher, type Dispatcher, type HandlerImplementations } from "./dispatch";
import { HandlerError } from "./handler-error";
import type { AppIdentity } from "./handlers";
import { intlForLocale } from "./i18n/main-intl";
import { productName } from "./product-name";
import { recordsFileName } from "./records/records-database";

const messages = defineMessages({
  notStarted: {
    id: "main.startup.notStarted",
    defaultMessage: "{app} did not start: {reason}",
    description: "{reason} is the error's own message",
  },
});

/** What the app reads when it starts, relative to the user-data folder: what "set aside" moves. Drafts stay. */
const startupData = [
  "settings.json",
  recordsFileName,
  `${recordsFileName}-wal`,
  `${recordsFileName}-shm`,
  path.join("sandbox", "state.json"),
  "tmp",
];

/**
 * Moves the data Signdesk reads at start into `<userData>/set-aside-<time>/` (keeping each one's place), so that the
 * next start begins from nothing but the drafts and the keychain. Answers the folder.
 */
export async function setAsideStartupData(userDataDir: string, now = new Date()): Promise<string> {
  const folder = path.join(userDataDir, `set-aside-${fileNameTime(now)}`);
  for (const relative of startupData) {
    const from = path.join(userDataDir, relative);
    if ((await stat(from).catch(() => null)) === null) continue;
    const to = path.join(folder, relative);
    await mkdir(path.dirname(to), { recursive: true });
    await rename(from, to);
  }
  await mkdir(folder, { recursive: true });
  return folder;
}

export function describeStartupError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface StartupFailureDeps {
  app: AppIdentity;
  error: unknown;
  userDataDir: string;
  /** Sets the data aside and starts again; answers the folder the data went to. */
  recover: () => Promise<string>;
  /** The system's preferred languages: the failure screen speaks the first Signdesk has. */
  systemLanguages: () => readonly string[];
}

/**
 * The handlers while the core could not start: app:info says what failed, app:recover sets the data aside and
 * starts again, and every other channel answers `not_started` with the reason. The window opens on these instead of
 * the process exiting with a message nobody sees.
 */
export function createStartupFailureHandlers(deps: StartupFailureDeps): Dispatcher {
  const message = describeStartupError(deps.error);
  const notStarted = () => {
    throw new HandlerError("not_started", phrase(messages.notStarted, { app: productName, reason: message }));
  };
  const implementations = Object.fromEntries(
    methodNames.map((method) => [method, notStarted]),
  ) as unknown as HandlerImplementations;
  implementations.appInfo = () => ({
    ...deps.app,
    activeAccount: null,
    notices: [],
    startupFailure: { message, dataFolder: deps.userDataDir },
  });
  // The stored choice of language is among what could not be read: the system's languages decide, for this start.
  let locale: LocaleState = { choice: "system", locale: pickLocale(deps.systemLanguages()) };
  // The errors' words in that language, once its catalog is loaded (English until then).
  let intl: IntlShape | null = null;
  const speak = (state: LocaleState) =>
    intlForLocale(state.locale).then(
      (loaded) => {
        if (locale === state) intl = loaded;
      },
      () => {},
    );
  void speak(locale);
  implementations.localeGet = () => locale;
  implementations.localeSet = async ({ choice }) => {
    locale = { choice, locale: resolveLocale(choice, deps.systemLanguages()) };
    await speak(locale);
    return locale;
  };
  implementations.localeCatalog = ({ locale }) => loadCatalog(locale);
  implementations.appRecover = async () => ({ setAsideFolder: await deps.recover() });
  // A link that started the app waits for the started app's window: nothing to show on the failure screen.
  implementations.appTakeNavigation = () => null;
  return createDispatcher(implementations, {
    render: (said) => (intl === null ? inEnglish(said) : renderPhrase(intl, said)),
  });
}

/**
 * The IPC handlers as they change: the app's own once the core has started, or the failure handlers. The window opens
 * while the core starts; a call that comes before then waits for whichever it gets.
 */
export function switchableDispatcher(): Dispatcher & { use(next: Dispatcher): void } {
  let current: Dispatcher | null = null;
  let chosen: (first: Dispatcher) => void = () => {};
  const first = new Promise<Dispatcher>((resolve) => {
    chosen = resolve;
  });
  return {
    channelNames: methodNames.map((method) => channels[method].channel),
    invoke: async (channel, args) => (current ?? (await first)).invoke(channel, args),
    use(next) {
      current = next;
      chosen(next);
    },
  };
}
