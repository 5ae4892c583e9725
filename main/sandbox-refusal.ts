/**
 * Signdesk never runs without Chromium's sandbox. Started without it (`--no-sandbox`: the AppImage's launcher adds it
 * when `unshare -Ur true` fails, as on Ubuntu 23.10 and later, whose AppArmor restricts unprivileged user namespaces),
 * it says what to do and quits. The deb needs none of this: it installs an AppArmor profile that allows user
 * namespaces for its own binary (electron-builder's after-install script). README, Troubleshooting, says the same.
 */
export interface SandboxRefusal {
  title: string;
  detail: string;
}

export interface LaunchFacts {
  platform: NodeJS.Platform;
  /** `app.commandLine.hasSwitch("no-sandbox")` (Electron also appends the switch for ELECTRON_DISABLE_SANDBOX). */
  noSandbox: boolean;
  /** `$APPIMAGE`, which the AppImage runtime sets to the AppImage's own path; null when not run from one. */
  appImagePath: string | null;
}

export const sandboxRefusalTitle = "Signdesk will not run without Chromium's sandbox";
const appImageProfileName = "signdesk-appimage";

/** What allows one AppImage to use user namespaces, as the deb's profile allows its binary: a terminal's commands. */
export function appImageAppArmorCommands(appImagePath: string): string {
  return [
    `sudo tee /etc/apparmor.d/${appImageProfileName} > /dev/null <<'EOF'`,
    "abi <abi/4.0>,",
    "include <tunables/global>",
    `profile ${appImageProfileName} "${appImagePath}" flags=(unconfined) {`,
    "  userns,",
    "}",
    "EOF",
    `sudo apparmor_parser -r /etc/apparmor.d/${appImageProfileName}`,
  ].join("\n");
}

/** Null when the sandbox is on; otherwise what to tell the person before quitting. */
export function sandboxRefusal(facts: LaunchFacts): SandboxRefusal | null {
  if (!facts.noSandbox) return null;
  if (facts.platform === "linux" && facts.appImagePath !== null && facts.appImagePath !== "") {
    return {
      title: sandboxRefusalTitle,
      detail: [
        "This system does not let the AppImage use Chromium's sandbox (Ubuntu 23.10 and later restrict user namespaces " +
          "with AppArmor), so it was started with --no-sandbox.",
        "Either install Signdesk's .deb package, which installs an AppArmor profile for it, or allow this AppImage " +
          "with an AppArmor profile by running in a terminal:",
        appImageAppArmorCommands(facts.appImagePath),
        "Then start Signdesk again.",
      ].join("\n\n"),
    };
  }
  const linuxAdvice =
    facts.platform === "linux"
      ? ' If it then stops with "The SUID sandbox helper binary was found, but is not configured correctly", ' +
        "install Signdesk's .deb package, which installs an AppArmor profile that lets it use the sandbox."
      : "";
  return {
    title: sandboxRefusalTitle,
    detail:
      "It was started with --no-sandbox (or ELECTRON_DISABLE_SANDBOX set), which turns the sandbox off. " +
      `Start it without either.${linuxAdvice}`,
  };
}
