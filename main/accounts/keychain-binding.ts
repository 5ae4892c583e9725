import { createRequire } from "node:module";

/** What Signdesk uses of `@napi-rs/keyring`. */
export type KeyringBinding = Pick<typeof import("@napi-rs/keyring"), "AsyncEntry" | "findCredentialsAsync">;

let loading: Promise<KeyringBinding> | undefined;

/**
 * `@napi-rs/keyring` loaded on first use. Its index.js requires the platform package's `.node` (inside
 * app.asar.unpacked once packaged) and throws when that package is absent or the file cannot be loaded; that throw
 * becomes a rejection here, once, rather than a failed static import of the main bundle.
 */
export function loadKeyringBinding(): Promise<KeyringBinding> {
  loading ??= Promise.resolve().then(() => createRequire(import.meta.url)("@napi-rs/keyring") as KeyringBinding);
  return loading;
}
