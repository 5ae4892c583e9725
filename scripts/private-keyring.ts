import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { superviseKeyringDaemon } from "./keyring-daemon.ts";
import { privateSessionBusConfig } from "./private-session-bus.ts";

/**
 * On Linux the keychain tests and the benchmarks that open the app need a Secret Service. `npm test` and
 * `npm run bench` re-run themselves inside a private D-Bus session with its own unlocked GNOME Keyring, so
 * they never touch the user's own keychain and need no desktop session. Call it first thing with the script's
 * `import.meta.filename`: it resolves at once where no wrapping is needed (not Linux, or the tools are missing);
 * inside the private session it starts the keyring daemon (and keeps it running) before it resolves;
 * otherwise it runs the wrapped copy, exits with its exit code, and never resolves.
 */
export async function runUnderPrivateKeyring(script: string): Promise<void> {
  if (process.platform !== "linux") return;
  if (process.env.SIGNDESK_PRIVATE_KEYRING === "1") {
    // Only the wrapped copy starts the daemon; what it runs in turn (a benchmark under a test) shares it.
    const home = process.env.SIGNDESK_KEYRING_HOME;
    const password = process.env.SIGNDESK_KEYRING_PASSWORD;
    delete process.env.SIGNDESK_KEYRING_PASSWORD;
    delete process.env.SIGNDESK_KEYRING_HOME;
    if (home && password) await superviseKeyringDaemon({ home, password });
    return;
  }
  const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
  if (!has("dbus-run-session") || !has("gnome-keyring-daemon") || !has("dbus-send")) {
    console.error(
      "No dbus-run-session, dbus-send or gnome-keyring-daemon: running against the session's own Secret Service.",
    );
    return;
  }
  // A fresh keyring folder each run: the daemon creates its keyring there with this run's password. The bus
  // starts no service on demand: were the daemon to die, D-Bus would otherwise start a default one that owns the
  // name with a locked, empty keychain ("no result found" for every later call), and ours could not come back.
  const keyringHome = mkdtempSync(path.join(tmpdir(), "signdesk-keyring-"));
  const busConfig = path.join(keyringHome, "session-bus.conf");
  writeFileSync(busConfig, privateSessionBusConfig());
  const child = spawn(
    "dbus-run-session",
    [`--config-file=${busConfig}`, "--", process.execPath, ...process.execArgv, script, ...process.argv.slice(2)],
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
