import { defineMessages } from "../../common/i18n/define-messages";
import { type PhraseOrText, phrase, storedWords } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";
import { contactOf } from "./contact";
import { ServiceError } from "./service-error";

export interface ConnectionState {
  reachable: boolean;
  /** Why the last contact failed, in words; null while reachable. */
  reason: PhraseOrText | null;
  /** When a request last succeeded (ms since the epoch), or null. */
  lastSuccessAt: number | null;
}

export interface ConnectionOptions {
  now: () => number;
  /** The state of an account changed from reachable to not, or back. */
  onChange: (accountId: string, state: ConnectionState) => void;
}

const messages = defineMessages({
  cannotBeReached: { id: "main.service.cannotBeReached", defaultMessage: "The service cannot be reached." },
});

const initial: ConnectionState = { reachable: true, reason: null, lastSuccessAt: null };

/**
 * The one place every request to a service reports its outcome (sends, uploads, polls, Test connection,
 * downloads…): a failed contact makes the account unreachable with its reason, the next answer clears it.
 */
export class Connection {
  private readonly states = new Map<string, ConnectionState>();
  private readonly watchers = new Set<{ accountId: string; listener: (state: ConnectionState) => void }>();

  constructor(private readonly options: ConnectionOptions) {}

  state(accountId: string): ConnectionState {
    return this.states.get(accountId) ?? initial;
  }

  /** Tells the account's state again (it became the active account: the banner shows its state). */
  announce(accountId: string): void {
    this.options.onChange(accountId, this.state(accountId));
  }

  succeeded(accountId: string): void {
    this.set(accountId, { reachable: true, reason: null, lastSuccessAt: this.options.now() });
  }

  /** A failed call: whether it reached the service decides (see contactOf). */
  failed(accountId: string, error: unknown): void {
    const contact = contactOf(error);
    if (contact === "none") return;
    const current = this.state(accountId);
    if (contact === "answered") this.set(accountId, { ...current, reachable: true, reason: null });
    else this.unreachable(accountId, reasonOf(error));
  }

  /** A request outside the client (the final PDF's download) could not reach the service. */
  unreachable(accountId: string, reason: PhraseOrText): void {
    this.set(accountId, { ...this.state(accountId), reachable: false, reason });
  }

  /** Calls `listener` with the account's state after each report (changed or not), until the answer is called. */
  watch(accountId: string, listener: (state: ConnectionState) => void): () => void {
    const watcher = { accountId, listener };
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** Reports the outcome of `call` for the account, and passes it on unchanged. */
  async observe<T>(accountId: string, call: () => Promise<T>): Promise<T> {
    try {
      const value = await call();
      this.succeeded(accountId);
      return value;
    } catch (error) {
      this.failed(accountId, error);
      throw error;
    }
  }

  private set(accountId: string, next: ConnectionState): void {
    const before = this.state(accountId);
    this.states.set(accountId, next);
    if (before.reachable !== next.reachable || !sameWords(before.reason, next.reason))
      this.options.onChange(accountId, next);
    for (const watcher of [...this.watchers]) if (watcher.accountId === accountId) watcher.listener(next);
  }
}

function sameWords(a: PhraseOrText | null, b: PhraseOrText | null): boolean {
  return a === b || (a !== null && b !== null && storedWords(a) === storedWords(b));
}

function reasonOf(error: unknown): PhraseOrText {
  if (error instanceof ServiceError) return error.reason;
  if (error instanceof UserError) return error.phrase ?? error.message;
  return error instanceof Error ? error.message : phrase(messages.cannotBeReached);
}
