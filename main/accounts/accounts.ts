import { randomUUID } from "node:crypto";
import {
  type Account,
  type AccountChanges,
  AccountChangesSchema,
  type AccountInput,
  AccountInputSchema,
  type ConnectionCheck,
} from "../../common/accounts";
import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { type AddressProblem, checkServiceAddress, describeAddressProblem } from "../../common/service-address";
import { HandlerError, parseArgument } from "../handler-error";
import type { Settings } from "../settings/settings";
import type { SecretStore } from "./keychain";

export interface AccountsDeps {
  settings: Settings;
  keychain: SecretStore;
  /** Forgets what was recorded for a removed account (its documents, templates, webhooks). */
  forgetRecords?: (accountId: string) => void;
  now?: () => number;
  /** A harmless authenticated call to the account's service with `apiKey`. */
  checkConnection: (account: Account, apiKey: string) => Promise<ConnectionCheck>;
}

const messages = defineMessages({
  fullAddress: { id: "main.accounts.fullAddress", defaultMessage: "Enter a full address, such as {example}." },
  useHttps: {
    id: "main.accounts.useHttps",
    defaultMessage: "Use an https:// address (plain http:// is allowed only for this computer).",
  },
  noSuchAccount: { id: "main.accounts.noSuchAccount", defaultMessage: "That account no longer exists." },
  noKeyStored: { id: "main.accounts.noKeyStored", defaultMessage: "No API key is stored for this account." },
  enterKey: { id: "main.accounts.enterKey", defaultMessage: "Enter the API key for this account." },
  sandboxNotRemovable: {
    id: "main.accounts.sandboxNotRemovable",
    defaultMessage: "The built-in sandbox account cannot be removed.",
  },
  noKey: {
    id: "main.accounts.noKey",
    defaultMessage: 'No API key is stored for "{name}". Enter it again on the Accounts screen.',
  },
});

/** Main's words for a refused base URL (the forms say more, field by field: common/service-address.ts). */
function baseUrlMessage(problem: AddressProblem): Phrase | string {
  switch (problem.reason) {
    case "empty":
    case "not_a_url":
    case "no_host":
      return phrase(messages.fullAddress, { example: "https://api.example.com" });
    case "scheme":
    case "plain_http":
      return phrase(messages.useHttps);
    default:
      return describeAddressProblem(problem, "https://api.example.com");
  }
}

/** The base URL as stored (no trailing slash), by the one address rule. */
function normalisedUrl(candidate: string): string {
  const checked = checkServiceAddress(candidate, "base");
  if (!checked.ok) throw new HandlerError("invalid_argument", baseUrlMessage(checked.problem));
  return checked.url;
}

/** Accounts (kept in settings) and their API keys (kept only in the OS keychain). */
export class AccountService {
  private readonly now: () => number;

  constructor(private readonly deps: AccountsDeps) {
    this.now = deps.now ?? Date.now;
  }

  list(): Account[] {
    return this.deps.settings.get("accounts");
  }

  get(id: string): Account {
    const account = this.list().find((candidate) => candidate.id === id);
    if (account === undefined) throw new HandlerError("not_found", phrase(messages.noSuchAccount));
    return account;
  }

  active(): Account | null {
    const id = this.deps.settings.get("activeAccountId");
    return this.list().find((account) => account.id === id) ?? this.list()[0] ?? null;
  }

  async add(input: AccountInput, kind: Account["kind"] = "service"): Promise<Account> {
    const parsed = parseArgument(AccountInputSchema, input);
    if (parsed.apiKey === undefined) throw new HandlerError("invalid_argument", phrase(messages.enterKey));
    const account: Account = {
      id: randomUUID(),
      name: parsed.name,
      baseUrl: normalisedUrl(parsed.baseUrl),
      coordinateOrigin: parsed.coordinateOrigin,
      kind,
      createdAt: new Date(this.now()).toISOString(),
      ...(parsed.webhookUserId ? { webhookUserId: parsed.webhookUserId } : {}),
    };
    // The key goes to the keychain first: if that fails, no account is left without its key.
    await this.deps.keychain.set(account.id, parsed.apiKey);
    const accounts = [...this.list(), account];
    this.deps.settings.update({ accounts, activeAccountId: this.deps.settings.get("activeAccountId") ?? account.id });
    return account;
  }

  async update(id: string, changes: AccountChanges): Promise<Account> {
    const input = parseArgument(AccountChangesSchema, changes);
    const current = this.get(id);
    const { webhookUserId: _, ...rest } = current;
    const webhookUserId = input.webhookUserId ?? current.webhookUserId;
    const next: Account = {
      ...rest,
      ...(webhookUserId ? { webhookUserId } : {}),
      name: input.name ?? current.name,
      baseUrl:
        input.baseUrl === undefined || current.kind === "sandbox" ? current.baseUrl : normalisedUrl(input.baseUrl),
      coordinateOrigin: input.coordinateOrigin ?? current.coordinateOrigin,
    };
    if (input.apiKey !== undefined && input.apiKey !== "") await this.deps.keychain.set(id, input.apiKey);
    this.deps.settings.update({ accounts: this.list().map((account) => (account.id === id ? next : account)) });
    return next;
  }

  /** Removes the account, its key and what the app recorded for it. */
  async remove(id: string): Promise<void> {
    const account = this.get(id);
    if (account.kind === "sandbox") throw new HandlerError("invalid_argument", phrase(messages.sandboxNotRemovable));
    await this.deps.keychain.delete(id);
    const settings = this.deps.settings;
    const accounts = this.list().filter((candidate) => candidate.id !== id);
    settings.update({
      accounts,
      activeAccountId:
        settings.get("activeAccountId") === id ? (accounts[0]?.id ?? null) : settings.get("activeAccountId"),
    });
    this.deps.forgetRecords?.(id);
  }

  setActive(id: string): Account {
    const account = this.get(id);
    this.deps.settings.update({ activeAccountId: id });
    return account;
  }

  /** The account's API key, from the keychain. */
  async apiKey(id: string): Promise<string> {
    const key = await this.deps.keychain.get(id);
    if (key === null) {
      throw new HandlerError("no_key", phrase(messages.noKey, { name: this.get(id).name }));
    }
    return key;
  }

  async testConnection(id: string): Promise<ConnectionCheck> {
    const account = this.get(id);
    const key = await this.deps.keychain.get(id);
    if (key === null) return { outcome: "no_key", message: phrase(messages.noKeyStored) };
    return this.deps.checkConnection(account, key);
  }

  /**
   * The built-in sandbox account at `url`: created on first start with a key the sandbox issues,
   * kept afterwards (its address follows the sandbox's port; a key lost from the keychain is reissued).
   */
  async ensureSandboxAccount(url: string, issueKey: (known?: string) => Promise<string>): Promise<Account> {
    const existing = this.list().find((account) => account.kind === "sandbox");
    if (existing === undefined) {
      const account = await this.add({ name: "Sandbox", baseUrl: url, apiKey: await issueKey() }, "sandbox");
      this.deps.settings.update({ activeAccountId: this.deps.settings.get("activeAccountId") ?? account.id });
      return account;
    }
    const stored = await this.deps.keychain.get(existing.id);
    // With the key given, the sandbox registers it again if its data was set aside since (it never issues twice).
    if (stored === null) await this.deps.keychain.set(existing.id, await issueKey());
    else await issueKey(stored);
    if (existing.baseUrl === url) return existing;
    const moved = { ...existing, baseUrl: url };
    this.deps.settings.update({
      accounts: this.list().map((account) => (account.id === existing.id ? moved : account)),
    });
    return moved;
  }
}
