import { randomBytes } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "./atomic-write";
import {
  type Delivery,
  type OutboxMessage,
  type SandboxState,
  SandboxStateSchema,
  type SignedDocument,
  type Template,
  type User,
  type Webhook,
} from "./schema";

function emptyState(): SandboxState {
  return {
    version: 1,
    urlSecret: randomBytes(32).toString("hex"),
    deliverySequence: 0,
    users: [],
    templates: [],
    documents: [],
    outbox: [],
    webhooks: [],
    deliveries: [],
  };
}

/**
 * The sandbox's data: one JSON document in memory with indexes, written atomically to
 * `<dataDir>/state.json`. `save()` resolves once a write that includes every change made before
 * the call is on disk; concurrent saves share writes.
 */
export class SandboxStore {
  readonly dataDir: string;
  readonly state: SandboxState;
  private readonly file: string;
  private readonly templatesById = new Map<string, Template>();
  private readonly documentsById = new Map<string, SignedDocument>();
  private readonly recipientsByHash = new Map<string, { document: SignedDocument; index: number }>();
  private version = 0;
  private writtenVersion = 0;
  private writing: Promise<void> | null = null;

  private constructor(dataDir: string, state: SandboxState) {
    this.dataDir = dataDir;
    this.file = path.join(dataDir, "state.json");
    this.state = state;
    for (const template of state.templates) this.templatesById.set(template.id, template);
    for (const document of state.documents) this.indexDocument(document);
  }

  static async open(dataDir: string): Promise<SandboxStore> {
    await mkdir(path.join(dataDir, "files"), { recursive: true });
    await mkdir(path.join(dataDir, "tmp"), { recursive: true });
    const file = path.join(dataDir, "state.json");
    let text: string | null = null;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    if (text === null) {
      const store = new SandboxStore(dataDir, emptyState());
      await store.save();
      return store;
    }
    const parsed = SandboxStateSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`The sandbox data in ${file} is not valid: ${parsed.error.message}`);
    return new SandboxStore(dataDir, parsed.data);
  }

  /** Absolute path of a file kept under the data folder. */
  filePath(relative: string): string {
    return path.join(this.dataDir, relative);
  }

  async save(): Promise<void> {
    this.version += 1;
    const target = this.version;
    while (this.writtenVersion < target) {
      if (this.writing === null) {
        const version = this.version;
        const json = JSON.stringify(this.state);
        this.writing = writeFileAtomic(this.file, json)
          .then(() => {
            this.writtenVersion = Math.max(this.writtenVersion, version);
          })
          .finally(() => {
            this.writing = null;
          });
      }
      await this.writing;
    }
  }

  addUser(user: User): void {
    this.state.users.push(user);
  }

  template(id: string): Template | undefined {
    return this.templatesById.get(id);
  }

  addTemplate(template: Template): void {
    this.state.templates.push(template);
    this.templatesById.set(template.id, template);
  }

  document(id: string): SignedDocument | undefined {
    return this.documentsById.get(id);
  }

  documentsOf(userId: string): SignedDocument[] {
    return this.state.documents.filter((document) => document.userId === userId);
  }

  addDocument(document: SignedDocument): void {
    this.state.documents.push(document);
    this.indexDocument(document);
  }

  recipientByHash(hash: string): { document: SignedDocument; index: number } | undefined {
    return this.recipientsByHash.get(hash);
  }

  addMessage(message: OutboxMessage): void {
    this.state.outbox.push(message);
  }

  webhooksOf(userId: string): Webhook[] {
    return this.state.webhooks.filter((webhook) => webhook.userId === userId);
  }

  addWebhook(webhook: Webhook): void {
    this.state.webhooks.push(webhook);
  }

  removeWebhooks(predicate: (webhook: Webhook) => boolean): Webhook[] {
    const removed = this.state.webhooks.filter(predicate);
    this.state.webhooks = this.state.webhooks.filter((webhook) => !predicate(webhook));
    return removed;
  }

  addDelivery(delivery: Omit<Delivery, "sequence">): Delivery {
    this.state.deliverySequence += 1;
    const stored = { ...delivery, sequence: this.state.deliverySequence };
    this.state.deliveries.push(stored);
    return stored;
  }

  private indexDocument(document: SignedDocument): void {
    this.documentsById.set(document.id, document);
    document.recipients.forEach((recipient, index) => {
      this.recipientsByHash.set(recipient.hash, { document, index });
    });
  }
}
