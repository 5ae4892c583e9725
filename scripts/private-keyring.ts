import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * On Linux the keychain tests and the benchmarks that open the app need a Secret Service. `npm test` and
 * `npm run bench` re-run themselves inside a private D-Bus session with its own unlocked GNOME Keyring, so
 * they never touch the user's own keychain and need no desktop session. Call it first thing with the script's
 * `import.meta.filename`: it resolves at once where no wrapping is needed (not Linux, already inside, or the tools are missing);
 * otherwise it runs the wrapped copy, exits with its exit code, and never resolves.
 */
export async function runUnderPrivateKeyring(script: string): Promise<void> {
  if (process.platform !== "linux" || process.env.SIGNDESK_PRIVATE_KEYRING === "1") return;
  const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
  if (!has("dbus-run-session") || !has("gnome-keyring-daemon") || !has("dbus-send")) {
    console.error(
      "No dbus-run-session, dbus-send or gnome-keyring-daemon: running against the session's own Secret Service.",
    );
    return;
  }
  // A fresh keyring folder each run: the daemon creates its keyring there with this run's password. It forks and
  // returns before it owns the Secret Service's name on the bus; a client asking before then makes D-Bus start
  // another daemon, without the password or the folder (a locked, empty keychain: "no result found"). So the
  // command runs only once the name is owned (waiting at most a minute on a very busy machine, then it tries).
  const unlock = [
    'printf %s "$SIGNDESK_KEYRING_PASSWORD" | XDG_DATA_HOME="$SIGNDESK_KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 1',
    "tries=0",
    "until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true'; do",
    '  tries=$((tries + 1)); [ "$tries" -ge 600 ] && break; sleep 0.1',
    "done",
    'exec "$@"',
  ].join("\n");
  const keyringHome = mkdtempSync(path.join(tmpdir(), "signdesk-keyring-"));
  const child = spawn(
    "dbus-run-session",
    ["--", "sh", "-c", unlock, "sh", process.execPath, ...process.execArgv, script, ...process.argv.slice(2)],
    {
      stdio: "inherit",
      env: {
        ...process.env,
        SIGNDESK_PRIVATE_KEYRING: "1",
        SIGNDESK_KEYRING_PASSWORD: randomBytes(16).toString("hex"),
        SIGNDESK_KEYRING_HOME: keyringHome,
      },
    },
  );
  const code: number = await new Promise((resolve) => child.on("close", (exit) => resolve(exit ?? 1)));
  rmSync(keyringHome, { recursive: true, force: true });
  process.exit(code);
}
