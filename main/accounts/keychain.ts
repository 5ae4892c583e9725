import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";
import { type KeyringBinding, loadKeyringBinding } from "./keychain-binding";

/** Where API keys live: the OS keychain only (Keychain, Credential Manager, Secret Service). */
export interface SecretStore {
  get(accountId: string): Promise<string | null>;
  set(accountId: string, secret: string): Promise<void>;
  delete(accountId: string): Promise<void>;
}

const messages = defineMessages({
  unavailable: {
    id: "main.keychain.unavailable",
    defaultMessage:
      "The system keychain is not available, so API keys cannot be stored safely ({reason}). On Linux, a Secret Service such as GNOME Keyring or KWallet must be running and unlocked.",
    description: "{reason} is the system's own error message",
  },
});

export class KeychainUnavailableError extends UserError {
  constructor(cause: unknown) {
    super("keychain", phrase(messages.unavailable, { reason: cause instanceof Error ? cause.message : String(cause) }));
    this.name = "KeychainUnavailableError";
  }
}

/**
 * D-Bus's answers while a Secret Service restarts (GNOME Keyring is started again by systemd or D-Bus when it
 * aborts): nobody owns its name for a moment, or it died during the call. Asked again after these pauses (ms).
 */
const restarting = /ServiceUnknown|NoReply|disconnected|Connection reset|Broken pipe/i;
const retryPauses = [200, 800];

/**
 * One keychain entry per account, under `service` (tests use their own service name). The native binding is loaded
 * at the first use, not when main starts: a missing or broken `.node` (a package built for another platform) is then
 * the same "keychain unavailable" answer as a locked keychain, never a crash before the window opens.
 *
 * On Linux `@napi-rs/keyring` hides two failures: its getPassword answers "no entry" for every error (a Secret
 * Service that is gone, locked or failing), and when no Secret Service answers at its first use it keeps keys in the
 * kernel's session keyring instead, lost at logout. Its findCredentials asks the Secret Service itself and says when
 * it fails, so there (`confirmOnSecretService`) a missing key and a stored one are both confirmed by it: a read that
 * finds nothing where the Secret Service cannot be asked is "keychain unavailable", not a lost key, and a key the
 * Secret Service does not hold after storing is taken back and reported. `pause` waits before asking a restarting
 * Secret Service again.
 */
export function osKeychain(
  service = "Signdesk",
  loadBinding: () => Promise<KeyringBinding> = loadKeyringBinding,
  confirmOnSecretService = process.platform === "linux",
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): SecretStore {
  const guard = async <T>(run: (binding: KeyringBinding) => Promise<T>) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await run(await loadBinding());
      } catch (error) {
        const wait = retryPauses[attempt];
        if (wait === undefined || !restarting.test(error instanceof Error ? error.message : String(error))) {
          throw new KeychainUnavailableError(error);
        }
        await pause(wait);
      }
    }
  };
  const entryOf = (binding: KeyringBinding, accountId: string) =>
    new binding.AsyncEntry(service, `account:${accountId}`);
  /** What the Secret Service itself holds for this account, or null (it throws when it cannot be asked). */
  const heldBySecretService = async (accountId: string) => {
    const listed = await guard((binding) => binding.findCredentialsAsync(service));
    return listed.find((credential) => credential.account === `account:${accountId}`)?.password ?? null;
  };
  return {
    get: async (accountId) => {
      const found = await guard((binding) => entryOf(binding, accountId).getPassword());
      if (found !== null || !confirmOnSecretService) return found;
      return heldBySecretService(accountId);
    },
    set: async (accountId, secret) => {
      await guard((binding) => entryOf(binding, accountId).setPassword(secret));
      if (!confirmOnSecretService || (await heldBySecretService(accountId)) === secret) return;
      await guard((binding) => entryOf(binding, accountId).deletePassword()).catch(() => undefined);
      throw new KeychainUnavailableError(new Error("the Secret Service did not keep the key"));
    },
    delete: async (accountId) => {
      await guard((binding) => entryOf(binding, accountId).deletePassword());
    },
  };
}
