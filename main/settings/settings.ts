import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import Conf from "conf";
import { z } from "zod";
import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { salvageRecords } from "../../common/salvage";
import { damagedName, setAsideSync } from "../../node-shared/files/set-aside";
import { productName } from "../product-name";
import { listOf } from "../records/word-list";
import {
  defaultSettings,
  type LegacyRecords,
  legacyRecordKeys,
  type SettingsData,
  SettingsDataSchema,
} from "./settings-schema";

const messages = defineMessages({
  unreadable: {
    id: "main.settings.unreadable",
    defaultMessage: "it cannot be read: {code}",
    description: "{code} is the system's error code, such as EACCES",
  },
  unusable: {
    id: "main.settings.unusable",
    defaultMessage:
      "{why, select, notSettings {it does not hold settings} empty {it is empty} other {it is not valid JSON; it may have been cut short}}",
  },
  setAside: {
    id: "main.settings.setAside",
    defaultMessage:
      "{app}'s settings file could not be used ({problem}), so it was set aside as {aside} and {app} started without it. The accounts it listed are not shown; API keys stay in the keychain.",
  },
  part: {
    id: "main.settings.part",
    defaultMessage:
      "{part, select, accounts {{count, plural, one {# account} other {# accounts}}} activeAccountId {the active account} sandboxPort {the sandbox's port} sofficePath {the path to LibreOffice} locale {the language chosen} other {everything}}",
    description: "A part of the settings file that could not be read",
  },
  partLeftOut: {
    id: "main.settings.partLeftOut",
    defaultMessage:
      "Part of {app}'s settings file could not be read and was left out ({lost}). Everything else loaded; {copied, select, yes {the original file was kept as {aside}} other {the original file could not be copied}}.",
  },
});

/** The parts of conf the settings use. */
export interface SettingsBackend {
  readonly path: string;
  store: Record<string, unknown>;
  /** What was wrong with the file when it was opened, for the app to say (the file was set aside). */
  readonly notices?: readonly Phrase[];
}

export const settingsProjectVersion = "1.0.0";
const settingsFileName = "settings.json";

/** Why the settings file cannot be used at all (null when it is absent or holds a JSON object). */
function unusableBecause(file: string): Phrase | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? null : phrase(messages.unreadable, { code: code ?? String(error) });
  }
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? null
      : phrase(messages.unusable, { why: "notSettings" });
  } catch {
    return phrase(messages.unusable, { why: text.trim() === "" ? "empty" : "notJson" });
  }
}

/**
 * `settings.json` in a folder through conf, in the app (the user-data folder) as in tests. Not electron-store, which
 * is conf plus an `ipcMain.on("electron-store-get-data")` listener answering any frame with the user-data path: a
 * channel outside the IPC contract. A file conf could not even open (not JSON, unreadable) is set aside first, so that
 * no settings file can stop the app from starting.
 */
export function confBackend(cwd: string): SettingsBackend {
  const notices: Phrase[] = [];
  const file = path.join(cwd, settingsFileName);
  const problem = unusableBecause(file);
  if (problem !== null) {
    const aside = setAsideSync(file);
    notices.push(phrase(messages.setAside, { app: productName, problem, aside }));
  }
  const conf = new Conf<Record<string, unknown>>({
    cwd,
    configName: "settings",
    projectName: "signdesk",
    projectVersion: settingsProjectVersion,
    migrations: {},
    defaults: { ...defaultSettings },
  });
  return {
    get path() {
      return conf.path;
    },
    get store() {
      return conf.store;
    },
    set store(value) {
      conf.store = value;
    },
    notices,
  };
}

/** Every part of `stored` that still matches the schema, and what had to be left out. */
function salvage(stored: Record<string, unknown>): { data: SettingsData; lost: Phrase[] } {
  const shape = SettingsDataSchema.shape;
  const data: Record<string, unknown> = structuredClone(defaultSettings);
  const lost: Phrase[] = [];
  for (const key of Object.keys(shape) as (keyof SettingsData)[]) {
    const value = stored[key];
    if (value === undefined) continue;
    const schema = shape[key];
    if (schema instanceof z.ZodArray) {
      const { kept, dropped } = salvageRecords(schema.element, value);
      data[key] = kept;
      if (dropped > 0) lost.push(phrase(messages.part, { part: key, count: dropped }));
    } else {
      const parsed = schema.safeParse(value);
      if (parsed.success) data[key] = parsed.data;
      else lost.push(phrase(messages.part, { part: key, count: 1 }));
    }
  }
  const accounts = data.accounts as SettingsData["accounts"];
  if (!accounts.some((account) => account.id === data.activeAccountId)) data.activeAccountId = accounts[0]?.id ?? null;
  const checked = SettingsDataSchema.safeParse(data);
  return checked.success
    ? { data: checked.data, lost }
    : { data: structuredClone(defaultSettings), lost: [phrase(messages.part, { part: "everything", count: 1 })] };
}

/**
 * Typed, validated settings. A file with parts that do not match the schema (hand-edited, from a newer version,
 * damaged) loads what still matches, keeps a copy of the original as `<file>.damaged-<time>`, and says what was left
 * out, instead of stopping the app or silently dropping parts of it.
 */
export class Settings {
  private data: SettingsData;
  private legacy: LegacyRecords | null = null;

  constructor(
    private readonly backend: SettingsBackend,
    onProblem: (words: Phrase) => void = () => {},
  ) {
    for (const notice of backend.notices ?? []) onProblem(notice);
    const stored = backend.store;
    if (legacyRecordKeys.some((key) => stored[key] !== undefined))
      this.legacy = Object.fromEntries(legacyRecordKeys.map((key) => [key, stored[key]]));
    const parsed = SettingsDataSchema.safeParse({ ...defaultSettings, ...stored });
    if (parsed.success) {
      this.data = parsed.data;
      return;
    }
    const { data, lost } = salvage(stored);
    const aside = damagedName(backend.path);
    let copied = "yes";
    try {
      copyFileSync(backend.path, aside);
    } catch {
      copied = "no";
    }
    onProblem(phrase(messages.partLeftOut, { app: productName, lost: listOf(lost), copied, aside }));
    this.data = data;
    this.backend.store = { ...this.legacy, ...data };
  }

  /** The records an older settings file held (moved to the records database once, then dropped), or null. */
  legacyRecords(): LegacyRecords | null {
    return this.legacy;
  }

  /** Rewrites the file without the old records (after they were moved). */
  dropLegacyRecords(): void {
    this.legacy = null;
    this.backend.store = { ...this.data };
  }

  get<K extends keyof SettingsData>(key: K): SettingsData[K] {
    return this.data[key];
  }

  /** Validates, then writes the whole file (conf writes atomically); old records not yet moved are kept. */
  update(change: Partial<SettingsData>): void {
    const next = SettingsDataSchema.parse({ ...this.data, ...change });
    this.data = next;
    this.backend.store = { ...this.legacy, ...next };
  }
}
