import { type ChildProcess, execFile, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
/** Restarts allowed in one run: a daemon that keeps dying is a problem to see, not to hide. */
const maxRestarts = 5;

interface KeyringDaemonOptions {
  /** The keyring's folder (XDG_DATA_HOME): its login keyring outlives a restart of the daemon. */
  home: string;
  /** The login keyring's password: the daemon creates or unlocks the keyring with it. */
  password: string;
}

/**
 * Starts GNOME Keyring's Secret Service on this process's (private) session bus, waits until it owns its name,
 * and starts it again on the same keyring should it die during the run, saying so on stderr with the daemon's
 * last words. GNOME Keyring can abort when a client vanishes in the middle of a request (gnome-keyring#190,
 * #196); the suites kill apps mid-work on purpose, and one abort would otherwise fail every later test.
 */
export async function superviseKeyringDaemon(options: KeyringDaemonOptions): Promise<void> {
  const log = path.join(options.home, "daemon.log");
  let restarts = 0;
  const start = async (): Promise<void> => {
    const daemon = launch(options, log);
    const exited = new Promise<string>((resolve) =>
      daemon.on("exit", (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`)),
    );
    const owned = await Promise.race([nameOwned(), exited.then(() => false)]);
    if (!owned) {
      // The suites that need a keychain then say why they cannot run (or fail, under REQUIRE_ALL).
      console.error(`gnome-keyring-daemon did not start: ${lastWords(log)}`);
      return;
    }
    void exited.then(async (how) => {
      restarts += 1;
      const again = restarts <= maxRestarts;
      console.error(
        `\ngnome-keyring-daemon stopped during the run (${how}). Its last words: ${lastWords(log)}` +
          (again ? `\nStarting it again on the same keyring (restart ${restarts} of ${maxRestarts}).\n` : "\n"),
      );
      if (again) await start().catch((error: unknown) => console.error(error));
    });
  };
  await start();
}

function launch({ home, password }: KeyringDaemonOptions, log: string): ChildProcess {
  const output = openSync(log, "a");
  const daemon = spawn("gnome-keyring-daemon", ["--foreground", "--unlock", "--components=secrets"], {
    // Its keyring and its control socket in the run's own folder, removed with it.
    env: { ...process.env, XDG_DATA_HOME: home, XDG_RUNTIME_DIR: home },
    stdio: ["pipe", output, output],
  });
  closeSync(output);
  daemon.stdin?.end(password);
  // The run ends when its work does; the private bus's end then ends the daemon.
  daemon.unref();
  return daemon;
}

/** Whether the Secret Service's name gets an owner within a minute (a very busy machine is slow to start it). */
async function nameOwned(): Promise<boolean> {
  for (let tries = 0; tries < 600; tries++) {
    const answer = await run("dbus-send", [
      "--session",
      "--print-reply",
      "--dest=org.freedesktop.DBus",
      "/org/freedesktop/DBus",
      "org.freedesktop.DBus.NameHasOwner",
      "string:org.freedesktop.secrets",
    ]).catch(() => ({ stdout: "" }));
    if (answer.stdout.includes("boolean true")) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function lastWords(log: string): string {
  const words = readFileSync(log, "utf8").trim();
  return words ? words.split("\n").slice(-8).join(" | ") : "(nothing)";
}
