import { randomBytes } from "node:crypto";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { countOf, salvageRecords } from "../../common/salvage";
import { writeFileAtomic } from "../../node-shared/files/atomic-write";
import { damagedName, setAside } from "../../node-shared/files/set-aside";
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

const noticeEnd = "Signing links and keys it held no longer work; the app's own sandbox account is set up again.";

/** The state in `file`, salvaged as far as it can be, and what was wrong with it. */
async function readState(file: string): Promise<{ state: SandboxState; notices: string[]; changed: boolean }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { state: emptyState(), notices: [], changed: true };
    const aside = await setAside(file);
    return {
      state: emptyState(),
      notices: [
        `The sandbox's data could not be read (${code ?? String(error)}) and was set aside as ${aside}. ${noticeEnd}`,
      ],
      changed: true,
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const aside = await setAside(file);
    return {
      state: emptyState(),
      notices: [`The sandbox's data was damaged (not valid JSON) and was set aside as ${aside}. ${noticeEnd}`],
      changed: true,
    };
  }
  const parsed = SandboxStateSchema.safeParse(raw);
  if (parsed.success) return { state: parsed.data, notices: [], changed: false };
  const { state, lost } = salvageState(raw);
  const aside = damagedName(file);
  await copyFile(file, aside);
  return {
    state,
    notices: [
      `Part of the sandbox's data could not be read and was left out (${lost.join(", ")}). Everything else loaded; ` +
        `the original file was kept as ${aside}.`,
    ],
    changed: true,
  };
}

/** Every record of `raw` that passes validation and whose owner is still there; what was left out, counted. */
function salvageState(raw: unknown): { state: SandboxState; lost: string[] } {
  const state = emptyState();
  const lost: string[] = [];
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { state, lost: ["everything"] };
  const stored = raw as Record<string, unknown>;
  const shape = SandboxStateSchema.shape;
  const take = <T>(records: { kept: T[]; dropped: number }, label: string): T[] => {
    if (records.dropped > 0) lost.push(countOf(records.dropped, label));
    return records.kept;
  };
  const secret = shape.urlSecret.safeParse(stored.urlSecret);
  if (secret.success) state.urlSecret = secret.data;
  else lost.push("the download-link secret");
  state.users = take(salvageRecords(shape.users.element, stored.users), "user");
  const users = new Set(state.users.map((user) => user.id));
  const owned = <T extends { userId: string }>(records: { kept: T[]; dropped: number }) => {
    const kept = records.kept.filter((record) => users.has(record.userId));
    return { kept, dropped: records.dropped + records.kept.length - kept.length };
  };
  state.templates = take(owned(salvageRecords(shape.templates.element, stored.templates)), "template");
  const templates = new Set(state.templates.map((template) => template.id));
  const documents = owned(salvageRecords(shape.documents.element, stored.documents));
  const withTemplate = documents.kept.filter((document) => templates.has(document.templateId));
  state.documents = take(
    { kept: withTemplate, dropped: documents.dropped + documents.kept.length - withTemplate.length },
    "document",
  );
  state.outbox = take(owned(salvageRecords(shape.outbox.element, stored.outbox)), "message");
  state.webhooks = take(owned(salvageRecords(shape.webhooks.element, stored.webhooks)), "webhook");
  state.deliveries = take(owned(salvageRecords(shape.deliveries.element, stored.deliveries)), "delivery");
  const sequence = shape.deliverySequence.safeParse(stored.deliverySequence);
  state.deliverySequence = Math.max(
    sequence.success ? sequence.data : 0,
    ...state.deliveries.map((delivery) => delivery.sequence),
  );
  return { state, lost: lost.length > 0 ? lost : ["its format"] };
}

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
  readonly notices: string[] = [];
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

  /**
   * The store of `dataDir`. No state file can stop it from opening: one that cannot be read at all is set aside under
   * a dated name and the sandbox starts empty; one with records that fail validation loads every record that
   * passes, keeping a copy of the original. `notices` says what happened, for the app to show.
   */
  static async open(dataDir: string): Promise<SandboxStore> {
    await mkdir(path.join(dataDir, "files"), { recursive: true });
    await mkdir(path.join(dataDir, "tmp"), { recursive: true });
    const file = path.join(dataDir, "state.json");
    const opened = await readState(file);
    const store = new SandboxStore(dataDir, opened.state);
    store.notices.push(...opened.notices);
    if (opened.changed) await store.save();
    return store;
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
