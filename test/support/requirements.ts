import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, it } from "vitest";
import {
  type ElectronBinary,
  electronBinaryProblem,
  resolveElectronBinarySync,
} from "../../scripts/electron-binary.ts";
import { keychainProblem } from "../../scripts/keychain-probe.ts";

const require = createRequire(import.meta.url);

export type Component = "chromium" | "electron" | "libreoffice" | "secret-service" | "pdf-tools";

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

let electronProbe: ElectronBinary | undefined;

/** The binary as the electron package resolves it (downloading it when missing), once per process. */
function probeElectron(): ElectronBinary {
  electronProbe ??= resolveElectronBinarySync();
  return electronProbe;
}

/** The Electron executable, or null when it could not be had (availability("electron") says why). */
export function electronExecutable(): string | null {
  const probe = probeElectron();
  return probe.ok ? probe.executable : null;
}

let keychainProbe: Availability | undefined;

/** Writes, reads back and deletes one probe entry in the OS keychain. */
function probeKeychain(): Availability {
  keychainProbe ??= (() => {
    const problem = keychainProblem();
    return problem === null ? { available: true, reason: "" } : { available: false, reason: problem };
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
    case "pdf-tools": {
      const missing = ["qpdf", "pdfsig", "pdftotext", "pdfinfo", "openssl"].filter(
        (name) => commandPath(name) === null,
      );
      return missing.length > 0
        ? {
            available: false,
            reason: `${missing.join(", ")} not found (install the qpdf, poppler-utils and openssl packages)`,
          }
        : { available: true, reason: "" };
    }
    case "electron": {
      const probe = probeElectron();
      return probe.ok ? { available: true, reason: "" } : { available: false, reason: electronBinaryProblem(probe) };
    }
  }
}

/**
 * With REQUIRE_ALL=1 a missing component fails its suite instead of skipping it. The one exception is
 * Electron's binary when its download itself failed (a machine that cannot reach Electron's downloads);
 * there the Electron suites skip with the download's error. Any other failure to obtain it still fails.
 */
export function skipIsAllowed(component: Component): boolean {
  if (process.env.REQUIRE_ALL !== "1") return true;
  if (component !== "electron") return false;
  const probe = probeElectron();
  return !probe.ok && probe.kind === "download";
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
