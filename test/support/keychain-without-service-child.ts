import { osKeychain } from "../../main/accounts/keychain";

/**
 * Run on a D-Bus session where no Secret Service answers: prints one JSON line of what Signdesk's keychain answers
 * to a read and a write there (the error's code and message, or the value).
 */
const keychain = osKeychain(`signdesk-test-no-service-${process.pid}`);
const outcome = async (use: () => Promise<unknown>) =>
  use().then(
    (value) => ({ value: value ?? null }),
    (error: unknown) => ({
      code: (error as { code?: string }).code ?? null,
      message: String((error as Error).message),
    }),
  );
console.log(
  JSON.stringify({
    read: await outcome(() => keychain.get("a")),
    write: await outcome(() => keychain.set("a", "key")),
  }),
);
