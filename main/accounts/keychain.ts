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
 * One keychain entry per account, under `service` (tests use their own service name). The native binding is loaded
 * at the first use, not when main starts: a missing or broken `.node` (a package built for another platform) is then
 * the same "keychain unavailable" answer as a locked keychain, never a crash before the window opens.
 */
export function osKeychain(
  service = "Signdesk",
  loadBinding: () => Promise<KeyringBinding> = loadKeyringBinding,
): SecretStore {
  const guard = async <T>(
    run: (entry: InstanceType<KeyringBinding["AsyncEntry"]>) => Promise<T>,
    accountId: string,
  ) => {
    try {
      const { AsyncEntry } = await loadBinding();
      return await run(new AsyncEntry(service, `account:${accountId}`));
    } catch (error) {
      throw new KeychainUnavailableError(error);
    }
  };
  return {
    get: (accountId) => guard((entry) => entry.getPassword(), accountId),
    set: (accountId, secret) => guard((entry) => entry.setPassword(secret), accountId),
    delete: async (accountId) => {
      await guard((entry) => entry.deletePassword(), accountId);
    },
  };
}
