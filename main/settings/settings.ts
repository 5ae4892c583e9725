import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import Conf from "conf";
import { z } from "zod";
import { countOf, salvageRecords } from "../../common/salvage";
import { damagedName, setAsideSync } from "../../node-shared/files/set-aside";
import {
  defaultSettings,
  type LegacyRecords,
  legacyRecordKeys,
  type SettingsData,
  SettingsDataSchema,
} from "./settings-schema";

/** The parts of conf the settings use. */
export interface SettingsBackend {
  readonly path: string;
  store: Record<string, unknown>;
  /** What was wrong with the file when it was opened, for the app to say (the file was set aside). */
  readonly notices?: readonly string[];
}

export const settingsProjectVersion = "1.0.0";
const settingsFileName = "settings.json";

/** Why the settings file cannot be used at all (null when it is absent or holds a JSON object). */
function unusableBecause(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? null : `it cannot be read: ${code ?? String(error)}`;
  }
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? null : "it does not hold settings";
  } catch {
    return text.trim() === "" ? "it is empty" : "it is not valid JSON; it may have been cut short";
  }
}

/**
 * `settings.json` in a folder through conf, in the app (the user-data folder) as in tests. Not electron-store, which
 * is conf plus an `ipcMain.on("electron-store-get-data")` listener answering any frame with the user-data path: a
 * channel outside the IPC contract. A file conf could not even open (not JSON, unreadable) is set aside first, so that
 * no settings file can stop the app from starting.
 */
export function confBackend(cwd: string): SettingsBackend {
  const notices: string[] = [];
  const file = path.join(cwd, settingsFileName);
  const problem = unusableBecause(file);
  if (problem !== null) {
    const aside = setAsideSync(file);
    notices.push(
      `Signdesk's settings file could not be used (${problem}), so it was set aside as ${aside} and Signdesk started ` +
        "without it. The accounts it listed are not shown; API keys stay in the keychain.",
    );
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

const labels: Record<keyof SettingsData, string> = {
  accounts: "account",
  activeAccountId: "the active account",
  sandboxPort: "the sandbox's port",
  sofficePath: "the path to LibreOffice",
  locale: "the language chosen",
};

/** Every part of `stored` that still matches the schema, and what had to be left out. */
function salvage(stored: Record<string, unknown>): { data: SettingsData; lost: string[] } {
  const shape = SettingsDataSchema.shape;
  const data: Record<string, unknown> = structuredClone(defaultSettings);
  const lost: string[] = [];
  for (const key of Object.keys(shape) as (keyof SettingsData)[]) {
    const value = stored[key];
    if (value === undefined) continue;
    const schema = shape[key];
    const label = labels[key];
    if (schema instanceof z.ZodArray) {
      const { kept, dropped } = salvageRecords(schema.element, value);
      data[key] = kept;
      if (dropped > 0) lost.push(countOf(dropped, label));
    } else {
      const parsed = schema.safeParse(value);
      if (parsed.success) data[key] = parsed.data;
      else lost.push(label);
    }
  }
  const accounts = data.accounts as SettingsData["accounts"];
  if (!accounts.some((account) => account.id === data.activeAccountId)) data.activeAccountId = accounts[0]?.id ?? null;
  const checked = SettingsDataSchema.safeParse(data);
  return checked.success
    ? { data: checked.data, lost }
    : { data: structuredClone(defaultSettings), lost: ["everything"] };
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
    onProblem: (message: string) => void = () => {},
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
    let kept = `the original file was kept as ${aside}`;
    try {
      copyFileSync(backend.path, aside);
    } catch {
      kept = "the original file could not be copied";
    }
    onProblem(
      `Part of Signdesk's settings file could not be read and was left out (${lost.join(", ")}). ` +
        `Everything else loaded; ${kept}.`,
    );
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
