import { copyFileSync } from "node:fs";
import Conf from "conf";
import { defaultSettings, type SettingsData, SettingsDataSchema } from "./settings-schema";

/** The parts of conf the settings use. */
export interface SettingsBackend {
  readonly path: string;
  store: Record<string, unknown>;
}

export const settingsProjectVersion = "1.0.0";

/**
 * `settings.json` in a folder through conf, in the app (the user-data folder) as in tests. Not electron-store, which
 * is conf plus an `ipcMain.on("electron-store-get-data")` listener answering any frame with the user-data path: a
 * channel outside the IPC contract.
 */
export function confBackend(cwd: string): SettingsBackend {
  return new Conf<Record<string, unknown>>({
    cwd,
    configName: "settings",
    projectName: "signdesk",
    projectVersion: settingsProjectVersion,
    migrations: {},
    defaults: { ...defaultSettings },
  }) as unknown as SettingsBackend;
}

/**
 * Typed, validated settings. A file that does not match the schema (hand-edited, from a newer
 * version, damaged) is kept aside as `<file>.invalid-<time>` and the app starts from defaults,
 * instead of crashing or silently dropping parts of it.
 */
export class Settings {
  private data: SettingsData;

  constructor(
    private readonly backend: SettingsBackend,
    onProblem: (message: string) => void = () => {},
  ) {
    const parsed = SettingsDataSchema.safeParse({ ...defaultSettings, ...backend.store });
    if (parsed.success) {
      this.data = parsed.data;
    } else {
      const aside = `${backend.path}.invalid-${Date.now()}`;
      try {
        copyFileSync(backend.path, aside);
      } catch {
        // nothing to keep aside
      }
      onProblem(`The settings file was not valid and was set aside as ${aside}; starting with defaults.`);
      this.data = structuredClone(defaultSettings);
      this.backend.store = { ...this.data };
    }
  }

  get<K extends keyof SettingsData>(key: K): SettingsData[K] {
    return this.data[key];
  }

  /** Validates, then writes the whole file (conf writes atomically). */
  update(change: Partial<SettingsData>): void {
    const next = SettingsDataSchema.parse({ ...this.data, ...change });
    this.data = next;
    this.backend.store = { ...next };
  }
}
