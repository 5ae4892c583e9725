import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { User } from "../state/schema";
import type { SandboxStore } from "../state/store";

export function generateApiKey(): string {
  return `sk_sandbox_${randomBytes(24).toString("base64url")}`;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export type KeyLookup = { status: "valid"; user: User; keyHash: string } | { status: "invalid" };

/** API keys: issued here, stored only as SHA-256 hashes, optionally expiring. */
export class KeyRing {
  constructor(
    private readonly store: SandboxStore,
    private readonly now: () => number,
  ) {}

  lookup(key: string): KeyLookup {
    const keyHash = hashApiKey(key);
    for (const user of this.store.state.users) {
      const match = user.keys.find((candidate) => candidate.hash === keyHash);
      if (match === undefined) continue;
      if (match.expiresAt !== null && Date.parse(match.expiresAt) <= this.now()) return { status: "invalid" };
      return { status: "valid", user, keyHash };
    }
    return { status: "invalid" };
  }

  /** A new user with a new key (or with `key` when given, keeping the user that already has it). */
  async issue(options: { key?: string; expiresAt?: Date | null } = {}): Promise<string> {
    const key = options.key ?? generateApiKey();
    const keyHash = hashApiKey(key);
    if (this.store.state.users.some((user) => user.keys.some((candidate) => candidate.hash === keyHash))) return key;
    const createdAt = new Date(this.now()).toISOString();
    this.store.addUser({
      id: randomUUID(),
      createdAt,
      keys: [{ hash: keyHash, createdAt, expiresAt: options.expiresAt?.toISOString() ?? null }],
    });
    await this.store.save();
    return key;
  }
}
