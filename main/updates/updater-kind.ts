import type { UpdateUnavailableReason } from "../../common/updates";

export type UpdaterKind =
  | { kind: "appimage" }
  | { kind: "nsis" }
  | { kind: "mac" }
  | { kind: "unavailable"; reason: UpdateUnavailableReason };

/**
 * Which of electron-updater's updaters can replace this copy: the AppImage (the file named by $APPIMAGE, which its
 * runtime sets) on Linux, the NSIS installer's copy on Windows, the app bundle on macOS. A Linux copy that is not an
 * AppImage was installed by a package manager (the deb): replacing it is the package manager's job, not the app's
 * (electron-updater's DebUpdater would run dpkg as root behind its back). A copy run from the source tree has nothing
 * to replace.
 */
export function updaterKindFor(setting: {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  appImagePath: string | null;
}): UpdaterKind {
  if (!setting.isPackaged) return { kind: "unavailable", reason: "development" };
  switch (setting.platform) {
    case "win32":
      return { kind: "nsis" };
    case "darwin":
      return { kind: "mac" };
    default:
      return setting.appImagePath === null || setting.appImagePath === ""
        ? { kind: "unavailable", reason: "package_manager" }
        : { kind: "appimage" };
  }
}
