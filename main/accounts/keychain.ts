import { AsyncEntry } from "@napi-rs/keyring";
import { UserError } from "../../common/user-error";

/** Where API keys live: the OS keychain only (Keychain, Credential Manager, Secret Service). */
export interface SecretStore {
  get(accountId: string): Promise<string | null>;
  set(accountId: string, secret: string): Promise<void>;
  delete(accountId: string): Promise<void>;
}

export class KeychainUnavailableError extends UserError {
  constructor(cause: unknown) {
    super(
      "keychain",
      `The system keychain is not available, so API keys cannot be stored safely (${
        cause instanceof Error ? cause.message : String(cause)
      }). On Linux, a Secret Service such as GNOME Keyring or KWallet must be running and unlocked.`,
    );
    this.name = "KeychainUnavailableError";
  }
}

/** One keychain entry per account, under `service` (tests use their own service name). */
export function osKeychain(service = "Signdesk"): SecretStore {
  const entry = (accountId: string) => new AsyncEntry(service, `account:${accountId}`);
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new KeychainUnavailableError(error);
    }
  };
  return {
    get: (accountId) => guard(() => entry(accountId).getPassword()),
    set: (accountId, secret) => guard(() => entry(accountId).setPassword(secret)),
    delete: async (accountId) => {
      await guard(() => entry(accountId).deletePassword());
    },
  };
}
