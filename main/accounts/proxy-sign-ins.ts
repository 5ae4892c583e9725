import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { type ProxyCredentials, ProxyCredentialsSchema } from "../../common/proxy";
import { HandlerError } from "../handler-error";
import type { SecretStore } from "./keychain";

const messages = defineMessages({
  notAsked: {
    id: "main.accounts.proxyNotAsked",
    defaultMessage: "The proxy {address} has not asked for a user name and password.",
  },
});

/**
 * The user names and passwords of the proxies that ask for them (HTTP 407), kept in the OS keychain beside the API keys
 * (entry `proxy:<host:port>`) and in memory once read: never in settings, logs or the window, which only ever sends
 * them here. A proxy that asks is told to the window ("proxy:signInNeeded"), which asks the person.
 */
export class ProxySignIns {
  private readonly known = new Map<string, ProxyCredentials | null>();
  /** Proxies that asked and were not answered yet. */
  private readonly asking = new Set<string>();

  constructor(
    private readonly deps: {
      keychain: SecretStore;
      /** Tells the window that a proxy asks ("proxy:signInNeeded"): once, until the person answers it. */
      onAsking: (address: string) => void;
    },
  ) {}

  async credentials(address: string): Promise<ProxyCredentials | null> {
    if (this.known.has(address)) return this.known.get(address) ?? null;
    let stored: string | null = null;
    try {
      stored = await this.deps.keychain.get(keyOf(address));
    } catch {
      // A keychain that cannot be read keeps nothing: the proxy asks, and the person is asked.
    }
    const parsed = stored === null ? null : parseStored(stored);
    this.known.set(address, parsed);
    return parsed;
  }

  /** The proxy at `address` answered 407. */
  asked(address: string): void {
    if (this.asking.has(address)) return;
    this.asking.add(address);
    this.deps.onAsking(address);
  }

  /** The proxies waiting for the person's answer (the window asks at start, in case it missed the event). */
  waiting(): string[] {
    return [...this.asking];
  }

  /** The proxies whose user name and password were read from the keychain or given, in this session. */
  kept(): string[] {
    return [...this.known.entries()].filter(([, credentials]) => credentials !== null).map(([address]) => address);
  }

  /** Keeps what the person gave for a proxy that asked. */
  async signIn(address: string, credentials: ProxyCredentials): Promise<void> {
    if (!this.asking.has(address)) throw new HandlerError("not_asked", phrase(messages.notAsked, { address }));
    await this.deps.keychain.set(keyOf(address), JSON.stringify(credentials));
    this.known.set(address, credentials);
    this.asking.delete(address);
  }
}

const keyOf = (address: string) => `proxy:${address}`;

function parseStored(stored: string): ProxyCredentials | null {
  try {
    const parsed = ProxyCredentialsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
