import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { runUnderPrivateKeyring } from "../../scripts/private-keyring.ts";

/**
 * Run with SIGNDESK_PRIVATE_KEYRING unset: stores an entry in its own private keyring, aborts that keyring's
 * daemon (as GNOME Keyring aborts on its own bugs), and prints one JSON line of what the keychain answered after.
 */
await runUnderPrivateKeyring(import.meta.filename);
const require = createRequire(import.meta.url);
const { Entry } = require("@napi-rs/keyring") as typeof import("@napi-rs/keyring");

const daemonOf = () =>
  execFileSync("pgrep", ["-P", String(process.pid), "gnome-keyring-d"], { encoding: "utf8" }).trim();
new Entry("signdesk-restart-check", "kept").setPassword("before the abort");
const first = daemonOf();
process.kill(Number(first), "SIGABRT");
let second = "";
for (let tries = 0; tries < 600 && (second === "" || second === first); tries++) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  second = (() => {
    try {
      return daemonOf();
    } catch {
      return "";
    }
  })();
}
let read: string | null = null;
for (let tries = 0; tries < 600 && read === null; tries++) {
  try {
    read = new Entry("signdesk-restart-check", "kept").getPassword() ?? null;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
console.log(JSON.stringify({ first, second, read }));
