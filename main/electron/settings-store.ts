import ElectronStore from "electron-store";
import { type SettingsBackend, settingsProjectVersion } from "../settings/settings";
import { defaultSettings } from "../settings/settings-schema";

/** The settings file in the user-data folder, through electron-store (conf underneath, as in tests). */
export function electronSettingsBackend(): SettingsBackend {
  return new ElectronStore<Record<string, unknown>>({
    name: "settings",
    projectVersion: settingsProjectVersion,
    migrations: {},
    defaults: { ...defaultSettings },
  }) as unknown as SettingsBackend;
}
