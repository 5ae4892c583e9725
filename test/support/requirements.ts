import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, it } from "vitest";
import { electronExecutable } from "../../scripts/electron-binary.ts";

export { electronExecutable };

const require = createRequire(import.meta.url);

export type Component = "chromium" | "electron" | "libreoffice" | "secret-service";

export interface Availability {
  available: boolean;
  /** Why it is missing and what to install. */
  reason: string;
}

function commandPath(name: string): string | null {
  try {
    return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

/** CHROMIUM_PATH, else /usr/bin/chromium (or chromium on PATH), else a browser Playwright installed itself. */
export function chromiumExecutable(): string | null {
  const configured = process.env.CHROMIUM_PATH;
  if (configured !== undefined && configured !== "") return existsSync(configured) ? configured : null;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const onPath = commandPath("chromium") ?? commandPath("chromium-browser");
  if (onPath !== null) return onPath;
  try {
    const { chromium } = require("playwright-core") as typeof import("playwright-core");
    const own = chromium.executablePath();
    return existsSync(own) ? own : null;
  } catch {
    return null;
  }
}

let keychainProbe: Availability | undefined;

/** Writes, reads back and deletes one probe entry in the OS keychain. */
function probeKeychain(): Availability {
  keychainProbe ??= (() => {
    try {
      const { Entry } = require("@napi-rs/keyring") as typeof import("@napi-rs/keyring");
      const entry = new Entry("signdesk-test-probe", `probe-${process.pid}`);
      entry.setPassword("probe");
      const readBack = entry.getPassword();
      entry.deletePassword();
      if (readBack !== "probe") return { available: false, reason: "the OS keychain did not return what was stored" };
      return { available: true, reason: "" };
    } catch (error) {
      return {
        available: false,
        reason: `no usable OS keychain (${(error as Error).message}); on Linux install gnome-keyring and dbus`,
      };
    }
  })();
  return keychainProbe;
}

export function availability(component: Component): Availability {
  switch (component) {
    case "chromium":
      return chromiumExecutable() === null
        ? { available: false, reason: "Chromium not found (set CHROMIUM_PATH or install the chromium package)" }
        : { available: true, reason: "" };
    case "libreoffice":
      return commandPath(process.env.SOFFICE_PATH ?? "soffice") === null
        ? { available: false, reason: "LibreOffice not found (install libreoffice-writer-nogui, or set SOFFICE_PATH)" }
        : { available: true, reason: "" };
    case "secret-service":
      return probeKeychain();
    case "electron":
      return electronExecutable() === null
        ? { available: false, reason: "Electron binary not installed" }
        : { available: true, reason: "" };
  }
}

/**
 * With REQUIRE_ALL=1 a missing component fails its suite instead of skipping it. The one exception is
 * the Electron binary when the install deliberately skipped it (ELECTRON_SKIP_BINARY_DOWNLOAD=1), as on
 * machines that cannot download it; there the Electron suites skip with their reason.
 */
export function skipIsAllowed(component: Component): boolean {
  if (process.env.REQUIRE_ALL !== "1") return true;
  return component === "electron" && process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === "1";
}

/** `describe`, run only where every component is present; otherwise skipped with the reasons, or failed. */
export function describeWith(needs: Component | Component[], name: string, body: () => void): void {
  const components = Array.isArray(needs) ? needs : [needs];
  const missing = components
    .map((component) => ({ component, ...availability(component) }))
    .filter((entry) => !entry.available);
  if (missing.length === 0) {
    describe(name, body);
    return;
  }
  const reason = missing.map((entry) => entry.reason).join("; ");
  if (missing.every((entry) => skipIsAllowed(entry.component))) {
    describe.skip(`${name} (skipped: ${reason})`, body);
  } else {
    describe(name, () => {
      it(`needs ${missing.map((entry) => entry.component).join(", ")}`, () => {
        throw new Error(`${reason}. REQUIRE_ALL=1 turns this skip into a failure.`);
      });
    });
  }
}
