import { describe, expect, it } from "vitest";
import {
  describePlaces,
  findSoffice,
  parseRegQuery,
  type SofficeEnvironment,
} from "../../node-shared/pdf/find-soffice";

/** A machine of `platform` with exactly these runnable files and registry values. */
function machine(
  platform: NodeJS.Platform,
  files: string[],
  options: { env?: Record<string, string>; homeDir?: string; registry?: Record<string, string> } = {},
): SofficeEnvironment & { looked: string[] } {
  const looked: string[] = [];
  return {
    platform,
    env: options.env ?? {},
    homeDir: options.homeDir ?? (platform === "win32" ? "C:\\Users\\ada" : "/home/ada"),
    looked,
    isExecutable: async (file) => {
      looked.push(file);
      return files.includes(file);
    },
    readRegistry: async (key) => options.registry?.[key] ?? null,
  };
}

const download = {
  flatpakSystem: "/var/lib/flatpak/exports/bin/org.libreoffice.LibreOffice",
  flatpakUser: "/home/ada/.local/share/flatpak/exports/bin/org.libreoffice.LibreOffice",
  snap: "/snap/bin/libreoffice",
  macApp: "/Applications/LibreOffice.app/Contents/MacOS/soffice",
  macUserApp: "/Users/ada/Applications/LibreOffice.app/Contents/MacOS/soffice",
  programFiles: "C:\\Program Files\\LibreOffice\\program\\soffice.exe",
  programFiles86: "C:\\Program Files (x86)\\LibreOffice\\program\\soffice.exe",
};
const windowsEnv = { ProgramFiles: "C:\\Program Files", "ProgramFiles(x86)": "C:\\Program Files (x86)" };

describe("finding LibreOffice on Linux", () => {
  const env = { PATH: "/usr/local/bin:relative/bin::/usr/bin" };

  it("takes soffice, then libreoffice, from PATH in PATH's order (relative folders skipped)", async () => {
    expect(await findSoffice(machine("linux", ["/usr/bin/soffice", "/usr/local/bin/soffice"], { env }))).toMatchObject({
      path: "/usr/local/bin/soffice",
      source: "search",
    });
    const onlyLibreoffice = machine("linux", ["/usr/bin/libreoffice"], { env });
    expect((await findSoffice(onlyLibreoffice)).path).toBe("/usr/bin/libreoffice");
    expect(onlyLibreoffice.looked).not.toContain("relative/bin/soffice");
  });

  it("finds the system and the per-user flatpak, and the snap, after PATH", async () => {
    expect((await findSoffice(machine("linux", [download.flatpakSystem], { env }))).path).toBe(download.flatpakSystem);
    expect((await findSoffice(machine("linux", [download.flatpakUser], { env }))).path).toBe(download.flatpakUser);
    expect((await findSoffice(machine("linux", [download.snap], { env }))).path).toBe(download.snap);
    expect((await findSoffice(machine("linux", [download.snap, "/usr/bin/soffice"], { env }))).path).toBe(
      "/usr/bin/soffice",
    );
  });

  it("says where it looked when it is nowhere", async () => {
    const location = await findSoffice(machine("linux", [], { env: {} }));
    expect(location).toEqual({ path: null, source: null, places: describePlaces(machine("linux", [])) });
    expect(location.places).toBe(
      `the folders on PATH (soffice, libreoffice), flatpak (${download.flatpakSystem}, ${download.flatpakUser}) and snap (${download.snap})`,
    );
  });
});

describe("finding LibreOffice on macOS", () => {
  it("takes the app in /Applications, then in ~/Applications, then PATH (Homebrew)", async () => {
    const env = { PATH: "/opt/homebrew/bin:/usr/bin" };
    const all = [download.macApp, download.macUserApp, "/opt/homebrew/bin/soffice"];
    const options = { env, homeDir: "/Users/ada" };
    expect(await findSoffice(machine("darwin", all, options))).toMatchObject({
      path: download.macApp,
      source: "search",
    });
    expect((await findSoffice(machine("darwin", all.slice(1), options))).path).toBe(download.macUserApp);
    expect((await findSoffice(machine("darwin", all.slice(2), options))).path).toBe("/opt/homebrew/bin/soffice");
    const none = await findSoffice(machine("darwin", [], options));
    expect(none.path).toBeNull();
    expect(none.places).toContain(download.macApp);
    expect(none.places).toContain(download.macUserApp);
  });
});

describe("finding LibreOffice on Windows", () => {
  it("takes Program Files, then Program Files (x86), whatever the variables' case", async () => {
    expect(
      await findSoffice(machine("win32", [download.programFiles, download.programFiles86], { env: windowsEnv })),
    ).toMatchObject({ path: download.programFiles, source: "search" });
    const upper = { PROGRAMFILES: "C:\\Program Files", "PROGRAMFILES(X86)": "C:\\Program Files (x86)" };
    expect((await findSoffice(machine("win32", [download.programFiles86], { env: upper }))).path).toBe(
      download.programFiles86,
    );
  });

  it("takes the install path the installer records in the registry (64-bit, 32-bit, per-user)", async () => {
    const custom = "D:\\Apps\\LibreOffice\\program\\soffice.exe";
    for (const key of [
      "HKLM\\SOFTWARE\\LibreOffice\\UNO\\InstallPath",
      "HKLM\\SOFTWARE\\WOW6432Node\\LibreOffice\\UNO\\InstallPath",
      "HKCU\\SOFTWARE\\LibreOffice\\UNO\\InstallPath",
    ]) {
      const registry = { [key]: "D:\\Apps\\LibreOffice\\program" };
      expect(await findSoffice(machine("win32", [custom], { env: windowsEnv, registry })), key).toMatchObject({
        path: custom,
        source: "search",
      });
    }
    // A value naming the program itself; one whose file is gone is passed over.
    const registry = {
      "HKLM\\SOFTWARE\\LibreOffice\\UNO\\InstallPath": "E:\\Gone\\program",
      "HKCU\\SOFTWARE\\LibreOffice\\UNO\\InstallPath": custom,
    };
    expect((await findSoffice(machine("win32", [custom], { env: windowsEnv, registry }))).path).toBe(custom);
  });

  it("falls back to soffice.exe on PATH, and names the registry when it is nowhere", async () => {
    const env = { ...windowsEnv, Path: 'C:\\Windows;"C:\\Tools\\LO\\program"' };
    expect((await findSoffice(machine("win32", ["C:\\Tools\\LO\\program\\soffice.exe"], { env }))).path).toBe(
      "C:\\Tools\\LO\\program\\soffice.exe",
    );
    const none = await findSoffice(machine("win32", [], { env }));
    expect(none.path).toBeNull();
    expect(none.places).toBe(
      `${download.programFiles}, ${download.programFiles86}, the install folder LibreOffice records in the registry (HKLM\\SOFTWARE\\LibreOffice\\UNO\\InstallPath) and the folders on PATH`,
    );
  });
});

describe("the path set in the app and SOFFICE_PATH", () => {
  const chosen = "/opt/lo/program/soffice";

  it("uses the path set in the app before anything else, while its file is there", async () => {
    const everything = machine("linux", [chosen, "/usr/bin/soffice", "/elsewhere/soffice"], {
      env: { PATH: "/usr/bin", SOFFICE_PATH: "/elsewhere/soffice" },
    });
    expect(await findSoffice(everything, chosen)).toMatchObject({ path: chosen, source: "setting" });
    const windows = machine("win32", ["D:\\LO\\soffice.exe", download.programFiles], { env: windowsEnv });
    expect(await findSoffice(windows, "D:\\LO\\soffice.exe")).toMatchObject({
      path: "D:\\LO\\soffice.exe",
      source: "setting",
    });
    // Gone: the search takes over.
    const gone = machine("linux", ["/usr/bin/soffice"], { env: { PATH: "/usr/bin" } });
    expect(await findSoffice(gone, chosen)).toMatchObject({ path: "/usr/bin/soffice", source: "search" });
  });

  it("takes SOFFICE_PATH as the only place when it is set (a bare name on PATH)", async () => {
    const installed = [download.snap, "/usr/bin/soffice"];
    expect(
      await findSoffice(machine("linux", installed, { env: { PATH: "/usr/bin", SOFFICE_PATH: "/nowhere/soffice" } })),
    ).toEqual({ path: null, source: null, places: "SOFFICE_PATH (/nowhere/soffice)" });
    expect(
      await findSoffice(machine("linux", installed, { env: { PATH: "/usr/bin", SOFFICE_PATH: "soffice" } })),
    ).toMatchObject({ path: "/usr/bin/soffice", source: "environment" });
  });
});

describe("reading reg query's answer", () => {
  it("takes the default entry's path, in any language, expanding REG_EXPAND_SZ; no path is null", () => {
    const english =
      "\r\nHKEY_LOCAL_MACHINE\\SOFTWARE\\LibreOffice\\UNO\\InstallPath\r\n    (Default)    REG_SZ    C:\\Program Files\\LibreOffice\\program\r\n\r\n";
    expect(parseRegQuery(english)).toBe("C:\\Program Files\\LibreOffice\\program");
    const german =
      "\r\nHKEY_LOCAL_MACHINE\\SOFTWARE\\LibreOffice\\UNO\\InstallPath\r\n    (Standard)    REG_SZ    D:\\LO\\program\r\n";
    expect(parseRegQuery(german)).toBe("D:\\LO\\program");
    const expanding = "\r\nHKEY_CURRENT_USER\\x\r\n    (Default)    REG_EXPAND_SZ    %LOCALAPPDATA%\\LO\\program\r\n";
    expect(parseRegQuery(expanding, { LocalAppData: "C:\\Users\\ada\\AppData\\Local" })).toBe(
      "C:\\Users\\ada\\AppData\\Local\\LO\\program",
    );
    expect(parseRegQuery("\r\nHKEY_LOCAL_MACHINE\\x\r\n    (Default)    REG_SZ    (value not set)\r\n")).toBeNull();
    expect(parseRegQuery("ERROR: The system was unable to find the specified registry key or value.")).toBeNull();
  });
});
