import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Writes, reads back and deletes one entry in the OS keychain, as Signdesk stores its keys: null when that works,
 * else why not (on Linux, no Secret Service on the session's D-Bus, or a locked one).
 */
export function keychainProblem(): string | null {
  try {
    const { Entry } = require("@napi-rs/keyring") as typeof import("@napi-rs/keyring");
    const entry = new Entry("signdesk-probe", `probe-${process.pid}`);
    entry.setPassword("probe");
    const readBack = entry.getPassword();
    entry.deletePassword();
    return readBack === "probe" ? null : "the OS keychain did not return what was stored";
  } catch (error) {
    return `no usable OS keychain (${(error as Error).message}); on Linux install gnome-keyring and dbus`;
  }
}
