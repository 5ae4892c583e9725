/** What the stand-in's "executable" was started with, set once by launch-app.ts before the app's main runs. */
export interface LaunchInfo {
  /** The stand-in executable (bin/electron), as process.execPath would be in Electron. */
  executable: string;
  appPath: string;
  appName: string;
  appVersion: string;
  isPackaged: boolean;
  /** Electron's command line: [executable, (appPath when not packaged), ...arguments]. */
  argv: string[];
  /** --user-data-dir=..., which Electron honours for app.getPath("userData"). */
  userDataDirSwitch: string | null;
}

let current: LaunchInfo | null = null;

export function setLaunchInfo(info: LaunchInfo): void {
  current = info;
}

export function launchInfo(): LaunchInfo {
  if (current === null) throw new Error("The Electron stand-in was imported without being launched (bin/electron).");
  return current;
}
