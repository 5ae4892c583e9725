import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";

/**
 * What the search for LibreOffice reads: injectable, so that every platform's search is tested on any machine.
 * `systemEnvironment()` is the real one.
 */
export interface SofficeEnvironment {
  platform: NodeJS.Platform;
  /** Environment variables (on Windows their names are matched without regard to case). */
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  /** Whether `file` is an existing file that can be run. */
  isExecutable(file: string): Promise<boolean>;
  /** The default value of a Windows registry key (e.g. `HKLM\SOFTWARE\LibreOffice\UNO\InstallPath`), or null. */
  readRegistry(key: string): Promise<string | null>;
}

/** Where LibreOffice's program is, and how it was found. */
export interface SofficeLocation {
  /** The program to run, or null when it was found nowhere. */
  path: string | null;
  /** "setting": the path set in the app; "environment": SOFFICE_PATH; "search": one of the usual places. */
  source: "setting" | "environment" | "search" | null;
  /** Where Signdesk looks on this platform, in words (for messages and the Accounts screen). */
  places: string;
}

/** Finds LibreOffice when a Word document is to be converted (asked each time: it may be installed meanwhile). */
export type SofficeLocator = () => Promise<SofficeLocation>;

const registryKeys = [
  "HKLM\\SOFTWARE\\LibreOffice\\UNO\\InstallPath",
  "HKLM\\SOFTWARE\\WOW6432Node\\LibreOffice\\UNO\\InstallPath",
  "HKCU\\SOFTWARE\\LibreOffice\\UNO\\InstallPath",
];
const flatpakExport = "flatpak/exports/bin/org.libreoffice.LibreOffice";
const macBundle = "LibreOffice.app/Contents/MacOS/soffice";

function variable(environment: SofficeEnvironment, name: string): string | undefined {
  if (environment.platform !== "win32") return environment.env[name];
  const key = Object.keys(environment.env).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : environment.env[key];
}

function pathsOf(environment: SofficeEnvironment) {
  return environment.platform === "win32" ? path.win32 : path.posix;
}

/** The program names looked for on PATH. */
function commandNames(platform: NodeJS.Platform): string[] {
  return platform === "win32" ? ["soffice.exe"] : ["soffice", "libreoffice"];
}

/** The fixed places LibreOffice's installers put it, in the order they are tried (PATH and the registry aside). */
export function installPlaces(environment: SofficeEnvironment): string[] {
  const paths = pathsOf(environment);
  switch (environment.platform) {
    case "win32":
      return ["ProgramFiles", "ProgramFiles(x86)", "ProgramW6432"]
        .map((name) => variable(environment, name))
        .filter((folder): folder is string => folder !== undefined && folder !== "")
        .map((folder) => paths.join(folder, "LibreOffice", "program", "soffice.exe"))
        .filter((file, index, all) => all.indexOf(file) === index);
    case "darwin":
      return [paths.join("/Applications", macBundle), paths.join(environment.homeDir, "Applications", macBundle)];
    default:
      return [
        paths.join("/var/lib", flatpakExport),
        paths.join(environment.homeDir, ".local/share", flatpakExport),
        "/snap/bin/libreoffice",
      ];
  }
}

/** Where Signdesk looks on this platform, in words. */
export function describePlaces(environment: SofficeEnvironment): string {
  const fixed = installPlaces(environment);
  switch (environment.platform) {
    case "win32":
      return `${[...fixed, "the install folder LibreOffice records in the registry (HKLM\\SOFTWARE\\LibreOffice\\UNO\\InstallPath)"].join(", ")} and the folders on PATH`;
    case "darwin":
      return `${fixed.join(", ")} and the folders on PATH (soffice, libreoffice)`;
    default:
      return `the folders on PATH (soffice, libreoffice), flatpak (${fixed[0]}, ${fixed[1]}) and snap (${fixed[2]})`;
  }
}

/** `name` in each folder of PATH (a name with a folder in it as it is). */
function onPath(environment: SofficeEnvironment, names: string[]): string[] {
  const paths = pathsOf(environment);
  if (names.some((name) => name.includes("/") || (environment.platform === "win32" && name.includes("\\")))) {
    return names;
  }
  const delimiter = environment.platform === "win32" ? ";" : ":";
  const folders = (variable(environment, "PATH") ?? "")
    .split(delimiter)
    .map((folder) => folder.trim().replace(/^"(.*)"$/, "$1"))
    .filter((folder) => folder !== "" && paths.isAbsolute(folder));
  return folders.flatMap((folder) => names.map((name) => paths.join(folder, name)));
}

async function firstExecutable(environment: SofficeEnvironment, files: string[]): Promise<string | null> {
  for (const file of files) {
    if (await environment.isExecutable(file).catch(() => false)) return file;
  }
  return null;
}

/** The program in the install folder LibreOffice's Windows installer records (the value is its `program` folder). */
async function fromRegistry(environment: SofficeEnvironment): Promise<string | null> {
  for (const key of registryKeys) {
    const value = (await environment.readRegistry(key).catch(() => null))?.trim();
    if (value === undefined || value === "") continue;
    const file = /\.exe$/i.test(value) ? value : path.win32.join(value, "soffice.exe");
    if (await firstExecutable(environment, [file])) return file;
  }
  return null;
}

/**
 * Where LibreOffice is: the path set in the app (`configured`) when that file is there; else SOFFICE_PATH when set
 * (then the only place looked: it is how tests and developers choose one); else the places its installers use —
 * Windows: Program Files, the registry's install path, PATH; macOS: /Applications and ~/Applications, PATH;
 * Linux and others: PATH, flatpak, snap.
 */
export async function findSoffice(
  environment: SofficeEnvironment,
  configured: string | null = null,
): Promise<SofficeLocation> {
  const places = describePlaces(environment);
  if (configured !== null && (await firstExecutable(environment, [configured])) !== null) {
    return { path: configured, source: "setting", places };
  }
  const override = variable(environment, "SOFFICE_PATH");
  if (override !== undefined && override !== "") {
    const found = await firstExecutable(environment, onPath(environment, [override]));
    return { path: found, source: found === null ? null : "environment", places: `SOFFICE_PATH (${override})` };
  }
  const names = commandNames(environment.platform);
  const fixed = installPlaces(environment);
  const found =
    environment.platform === "win32"
      ? ((await firstExecutable(environment, fixed)) ??
        (await fromRegistry(environment)) ??
        (await firstExecutable(environment, onPath(environment, names))))
      : environment.platform === "darwin"
        ? await firstExecutable(environment, [...fixed, ...onPath(environment, names)])
        : await firstExecutable(environment, [...onPath(environment, names), ...fixed]);
  return { path: found, source: found === null ? null : "search", places };
}

/**
 * The value of `reg query <key> /ve`'s answer: the line `    (Default)    REG_SZ    C:\...` (the name is in the
 * system's language, so only the type is matched), or null when it is no path. REG_EXPAND_SZ values have their
 * %VARIABLES% expanded.
 */
export function parseRegQuery(output: string, env: Readonly<Record<string, string | undefined>> = {}): string | null {
  const match = /\s{2,}REG_(EXPAND_)?SZ\s{2,}(.+?)\s*$/m.exec(output);
  if (match === null) return null;
  const raw = match[2] ?? "";
  const value =
    match[1] === undefined
      ? raw
      : raw.replace(/%([^%]+)%/g, (whole, name: string) => {
          const key = Object.keys(env).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
          return key === undefined ? whole : (env[key] ?? whole);
        });
  // "(value not set)", in the system's language, is no path.
  return path.win32.isAbsolute(value) ? value : null;
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Reads a registry key's default value with Windows' own `reg.exe` (no native module). */
function readRegistryWithReg(key: string): Promise<string | null> {
  const reg = path.win32.join(process.env.SystemRoot ?? "C:\\Windows", "System32", "reg.exe");
  return new Promise((resolve) => {
    execFile(reg, ["query", key, "/ve"], { timeout: 10_000, windowsHide: true }, (error, stdout) => {
      resolve(error === null ? parseRegQuery(String(stdout), process.env) : null);
    });
  });
}

/** This machine: the real platform, environment, home folder, file system and registry. */
export function systemEnvironment(overrides: Partial<SofficeEnvironment> = {}): SofficeEnvironment {
  return {
    platform: process.platform,
    env: process.env,
    homeDir: homedir(),
    isExecutable: isExecutableFile,
    readRegistry: process.platform === "win32" ? readRegistryWithReg : async () => null,
    ...overrides,
  };
}

/** Searches this machine (no path set in an app). */
export const findSofficeOnThisMachine: SofficeLocator = () => findSoffice(systemEnvironment());
