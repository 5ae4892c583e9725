import { defineMessages } from "../common/i18n/define-messages";
import { inEnglish } from "../common/i18n/english";
import { type Phrase, phrase } from "../common/i18n/phrase";
import { productName } from "./product-name";

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

/** The refusal's words, not yet in a language (the dialog renders them in the system's). */
export interface SandboxRefusalWords {
  title: Phrase;
  detail: Phrase;
}

const messages = defineMessages({
  title: {
    id: "main.sandboxRefusal.title",
    defaultMessage: "{app} will not run without Chromium's sandbox",
  },
  appImage: {
    id: "main.sandboxRefusal.appImage",
    defaultMessage:
      "This system does not let the AppImage use Chromium's sandbox (Ubuntu 23.10 and later restrict user namespaces with AppArmor), so it was started with --no-sandbox.\n\nEither install {app}'s .deb package, which installs an AppArmor profile for it, or allow this AppImage with an AppArmor profile by running in a terminal:\n\n{commands}\n\nThen start {app} again.",
    description: "{commands} are lines to paste into a terminal, never translated",
  },
  noSandbox: {
    id: "main.sandboxRefusal.noSandbox",
    defaultMessage:
      'It was started with --no-sandbox (or ELECTRON_DISABLE_SANDBOX set), which turns the sandbox off. Start it without either.{platform, select, linux { If it then stops with "The SUID sandbox helper binary was found, but is not configured correctly", install {app}\'s .deb package, which installs an AppArmor profile that lets it use the sandbox.} other {}}',
    description: "The quoted sentence is Chromium's own message, in English",
  },
});

export interface LaunchFacts {
  platform: NodeJS.Platform;
  /** `app.commandLine.hasSwitch("no-sandbox")` (Electron also appends the switch for ELECTRON_DISABLE_SANDBOX). */
  noSandbox: boolean;
  /** `$APPIMAGE`, which the AppImage runtime sets to the AppImage's own path; null when not run from one. */
  appImagePath: string | null;
}

const titleWords = phrase(messages.title, { app: productName });
/** The title in English (README's Troubleshooting quotes it). */
export const sandboxRefusalTitle = inEnglish(titleWords);
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
export function sandboxRefusalWords(facts: LaunchFacts): SandboxRefusalWords | null {
  if (!facts.noSandbox) return null;
  if (facts.platform === "linux" && facts.appImagePath !== null && facts.appImagePath !== "") {
    return {
      title: titleWords,
      detail: phrase(messages.appImage, {
        app: productName,
        commands: appImageAppArmorCommands(facts.appImagePath),
      }),
    };
  }
  return {
    title: titleWords,
    detail: phrase(messages.noSandbox, { app: productName, platform: facts.platform === "linux" ? "linux" : "other" }),
  };
}

/** The refusal in words rendered by `render` (English by default). */
export function sandboxRefusal(
  facts: LaunchFacts,
  render: (words: Phrase) => string = inEnglish,
): SandboxRefusal | null {
  const words = sandboxRefusalWords(facts);
  return words === null ? null : { title: render(words.title), detail: render(words.detail) };
}
