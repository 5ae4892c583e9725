import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsPromises, { lstat, mkdtemp, readdir, rm } from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { type MethodName, methodNames } from "../../common/channels";
import { channels } from "../../common/contract";
import { startTestCore, type TestCore } from "../support/core-harness";
import { casesFor, isPlainObject } from "../support/ipc-fuzz-cases";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { seededRandom } from "../support/seeded-random";

/**
 * Malformed IPC calls on every channel of the contract, on the real core and handlers (embedded sandbox, real OS
 * keychain), as a compromised or buggy renderer could send them. Each answer must have the contract's shape, refuse
 * what the contract refuses as invalid_argument and never fail as `internal`; no call may write outside the app's
 * folders, pollute a prototype or answer with the API key.
 */

const seed = 20_240_612;

/** Which members of the fs modules write, and where their path arguments are. */
const writers: Record<string, number[]> = {
  writeFile: [0],
  appendFile: [0],
  open: [0],
  mkdir: [0],
  mkdtemp: [0],
  rename: [0, 1],
  link: [1],
  symlink: [1],
  copyFile: [1],
  cp: [1],
  rm: [0],
  rmdir: [0],
  unlink: [0],
  truncate: [0],
  chmod: [0],
  chown: [0],
  lchown: [0],
  utimes: [0],
  lutimes: [0],
  createWriteStream: [0],
};

function opensForWriting(name: string, flags: unknown): boolean {
  if (!name.startsWith("open")) return true;
  if (flags === undefined || flags === null || typeof flags === "function") return false;
  if (typeof flags === "number") {
    const { O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND } = fs.constants;
    return (flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)) !== 0;
  }
  return /[wa+]/.test(String(flags));
}

/**
 * Records the path of every write through node:fs (promises, callbacks and sync, the ESM bindings included) in
 * this process, where the core, its handlers and the embedded sandbox run. Answers a function that undoes it.
 */
function recordWrites(record: (file: string) => void): () => void {
  const undo: (() => void)[] = [];
  const wrap = (module: Record<string, unknown>, name: string, indexes: number[]) => {
    const original = module[name];
    if (typeof original !== "function") return;
    module[name] = function (this: unknown, ...args: unknown[]) {
      if (opensForWriting(name, args[1])) {
        for (const index of indexes) {
          const target = args[index];
          if (typeof target === "string") record(path.resolve(target));
          else if (target instanceof URL) record(fileURLToPath(target));
          else if (Buffer.isBuffer(target)) record(path.resolve(target.toString()));
        }
      }
      return original.apply(this, args);
    };
    undo.push(() => {
      module[name] = original;
    });
  };
  for (const [name, indexes] of Object.entries(writers)) {
    wrap(fsPromises as unknown as Record<string, unknown>, name, indexes);
    wrap(fs as unknown as Record<string, unknown>, name, indexes);
    wrap(fs as unknown as Record<string, unknown>, `${name}Sync`, indexes);
  }
  syncBuiltinESMExports();
  return () => {
    for (const each of undo) each();
    syncBuiltinESMExports();
  };
}

/** Every file and folder below `root` (but not below `skip`), with its size and modification time. */
async function snapshot(root: string, skip: string[]): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (skip.includes(file)) continue;
      const info = await lstat(file);
      seen.set(file, `${info.mode} ${info.size} ${info.mtimeMs}`);
      if (entry.isDirectory()) await walk(file);
    }
  };
  await walk(root);
  return seen;
}

const isInside = (folder: string, file: string) => {
  const relative = path.relative(folder, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
};

const AnswerSchema = z.union([
  z.strictObject({ ok: z.literal(true), value: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: z.strictObject({ code: z.string().min(1), message: z.string() }) }),
]);

/** Every string in an answer or event (bytes are not searched; nothing here is deep). */
function strings(value: unknown, found: string[] = [], depth = 0): string[] {
  if (typeof value === "string") found.push(value);
  else if (depth < 50 && Array.isArray(value)) for (const item of value) strings(item, found, depth + 1);
  else if (depth < 50 && isPlainObject(value)) for (const item of Object.values(value)) strings(item, found, depth + 1);
  return found;
}

/** The arguments as a call from the renderer delivers them (structured clone), when they can be cloned at all. */
function delivered(args: unknown): unknown {
  try {
    return structuredClone(args);
  } catch {
    return args; // Too deep for IPC's clone; the raw value is harder still on the handler.
  }
}

describeWith("secret-service", "IPC fuzz: malformed calls on every channel, on the real core and keychain", () => {
  let root: string;
  let previousTmpdir: string | undefined;
  let app: TestCore;
  const secrets: string[] = [];
  /** A valid call of each channel that takes arguments (the others take none: `undefined`). */
  const valid: Partial<Record<MethodName, unknown>> = {};

  beforeAll(async () => {
    // Everything the core makes in the temporary folder lands below `root`, watched as a whole.
    root = await mkdtemp(path.join(tmpdir(), "signdesk-fuzz-"));
    previousTmpdir = process.env.TMPDIR;
    process.env.TMPDIR = root;
    app = await startTestCore({ client: { backoffBaseMs: 1 } });

    const sandbox = app.core.accounts.active();
    if (sandbox?.kind !== "sandbox") throw new Error("The embedded sandbox's account is not active.");
    secrets.push(await app.core.accounts.apiKey(sandbox.id));
    const probeKey = `sk_probe_${randomUUID()}`;
    secrets.push(probeKey);
    const probe = await app.call("accountsAdd", { name: "Probe", baseUrl: "http://127.0.0.1:9", apiKey: probeKey });

    const pdf = await makePdf();
    const draft = await app.call("draftsCreateFromFile", { fileName: "Lease.pdf", bytes: pdf });
    const withField = {
      ...draft,
      fields: [{ id: "sig", type: "Signature" as const, groupId: draft.groups[0]?.id ?? "", page: 1, x: 72, y: 72 }],
    };
    await app.call("draftsSave", { draft: withField });
    const spare = await app.call("draftsCreateFromFile", { fileName: "Spare.pdf", bytes: pdf });
    await app.call("draftsDelete", { id: spare.id });
    const recipients = [{ name: "Ada Lovelace", email: "ada@example.com" }];
    const sent = await app.call("templatesCreate", { draftId: draft.id, transferId: "setup", send: { recipients } });
    const templateId = sent.template.templateId;
    const pdfId = sent.document?.pdfId ?? "";
    const hook = "https://hooks.example.com/signdesk";
    const bulkRows = [
      {
        line: 2,
        recipients: [{ name: "Grace Hopper", email: "grace@example.com" }],
        documentName: "Lease for Grace",
        emailSubject: null,
      },
    ];
    const batch = await app.call("bulkCreate", { templateId, fileName: "leases.csv", rows: bulkRows });
    const csv = new TextEncoder().encode("Name,Email\nBo,bo@example.com\n");
    // An item of the outbox: a send from the template, as a person whose service answered made it.
    const outboxItem = await app.core.outbox.enqueue({
      account: sandbox,
      title: "Lease for Ada",
      item: {
        kind: "sendFromTemplate",
        request: { templateId, documentName: "Lease for Ada", serviceName: "Lease", recipients },
      },
    });

    Object.assign(valid, {
      accountsAdd: { name: "Added", baseUrl: "http://127.0.0.1:9", coordinateOrigin: "top-left", apiKey: "sk_added" },
      accountsUpdate: {
        id: probe.id,
        name: "Probe",
        baseUrl: "http://127.0.0.1:9",
        coordinateOrigin: "bottom-left",
        apiKey: "sk_replaced",
      },
      accountsRemove: { id: randomUUID() },
      accountsSetActive: { id: sandbox.id },
      accountsTestConnection: { id: sandbox.id },
      libreOfficeUse: { path: path.join(app.userDataDir, "no-such-soffice") },
      draftsCreateFromFile: { fileName: "Contract.pdf", bytes: pdf },
      draftsOpen: { id: draft.id },
      draftsSave: { draft: await app.call("draftsOpen", { id: draft.id }).then((opened) => opened.draft) },
      draftsRename: { id: draft.id, name: "Renamed" },
      draftsDuplicate: { id: draft.id },
      draftsDelete: { id: spare.id },
      draftsRestore: { id: spare.id },
      draftsFindFields: { id: draft.id },
      templatesCreate: {
        draftId: draft.id,
        transferId: "upload",
        autoReleaseSignatures: false,
        send: { recipients, emailSubject: "Please sign" },
      },
      templatesAddById: {
        templateId: "3f0c8d4e-1111-4222-8333-444455556666",
        name: "Made in the web app",
        groups: [{ label: "Signer" }, { label: "Witness" }],
      },
      templatesRemove: { templateId: "3f0c8d4e-1111-4222-8333-444455556666" },
      templatesRename: { templateId, name: "Renamed template" },
      documentsSend: { templateId, recipients, emailSubject: "Please sign", documentName: "Lease for Ada" },
      documentsList: { search: "Lease", status: null, sort: "newest", offset: 0, limit: 50 },
      documentsGet: { pdfId },
      documentsRefresh: { pdfIds: [pdfId] },
      documentsImport: { transferId: "import" },
      documentsWatch: { watching: true },
      documentsDownload: { pdfId, transferId: "download" },
      documentsShowInFolder: { path: path.join(app.downloadsDir, "Lease - signed.pdf") },
      documentsOpenFile: { path: path.join(app.downloadsDir, "Lease - signed.pdf") },
      bulkReadFile: { fileName: "leases.csv", bytes: csv },
      bulkRows: { batchId: batch.batchId, offset: 0, limit: 10 },
      bulkSentKeys: { templateId },
      bulkCreate: {
        templateId,
        fileName: "more.csv",
        rows: [{ ...bulkRows[0], line: 3, recipients: [{ name: "Bo", email: "bo@example.com" }] }],
      },
      bulkStart: { batchId: batch.batchId },
      bulkPause: { batchId: batch.batchId },
      bulkCancel: { batchId: batch.batchId },
      bulkExport: { batchId: batch.batchId },
      webhooksRegister: { url: hook, eventType: "document.signed", secret: "whsec", generateSecret: false },
      webhooksDelete: { url: hook },
      outboxCancel: { itemId: outboxItem.itemId },
      outboxRetry: { itemId: outboxItem.itemId },
      outboxEditRecipients: { itemId: outboxItem.itemId, recipients },
      clipboardWriteText: { text: templateId },
      localeSet: { choice: "de" },
      localeCatalog: { locale: "ja" },
      proxySignIn: { proxy: "proxy.example.com:3128", credentials: { username: "ada", password: "secret" } },
    });
  });

  afterAll(async () => {
    await app?.close();
    if (previousTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmpdir;
    if (root !== undefined) await rm(root, { recursive: true, force: true });
  });

  it("answers every malformed call in the contract's shape, never as internal, within the app's folders", async () => {
    // Every channel has a valid call to start from: a new channel with arguments needs its entry above.
    for (const method of methodNames) {
      expect(channels[method].args.safeParse(valid[method]).success, `a valid call of ${method}`).toBe(true);
    }
    const next = seededRandom(seed);
    const cases = methodNames.flatMap((method) => casesFor(method, valid[method], next));
    const allowed = [app.userDataDir, app.downloadsDir];
    const before = await snapshot(root, allowed);
    const writes: { file: string; what: string }[] = [];
    let current = "";
    const stopRecording = recordWrites((file) => writes.push({ file, what: current }));
    const problems: string[] = [];
    const codes = new Map<string, number>();
    const started = performance.now();
    try {
      for (const call of cases) {
        current = `${call.method}: ${call.what}`;
        const args = delivered(call.args);
        const refused = !channels[call.method].args.safeParse(args).success;
        const answer: unknown = await app.invoke(call.method, args as never);
        const shape = AnswerSchema.safeParse(answer);
        if (!shape.success) {
          problems.push(`${current}: not an IpcResult (${z.prettifyError(shape.error)})`);
          continue;
        }
        const result = shape.data;
        const code = result.ok ? "ok" : result.error.code;
        codes.set(code, (codes.get(code) ?? 0) + 1);
        if (refused && code !== "invalid_argument")
          problems.push(`${current}: the contract refuses it, answered ${code}`);
        if (code === "internal" || code === "invalid_data") {
          problems.push(`${current}: ${code} (${result.ok ? "" : result.error.message})`);
        }
        if (result.ok && !channels[call.method].result.safeParse(result.value).success) {
          problems.push(`${current}: its value is not the contract's result`);
        }
        const leaked = strings(answer).some((text) => secrets.some((secret) => text.includes(secret)));
        if (leaked) problems.push(`${current}: the answer contains an API key`);
      }
      await app.core.drafts.idle();
    } finally {
      stopRecording();
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `IPC fuzz: ${cases.length} calls on ${methodNames.length} channels in ${seconds.toFixed(1)} s; answers: ${JSON.stringify(Object.fromEntries(codes))}`,
    );

    expect(problems).toEqual([]);
    expect(app.logs.filter((line) => /^\w+:\w+: /.test(line))).toEqual([]);
    // No prototype was polluted.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted");
    // The watch saw the calls write (drafts, settings), and every write was inside the app's folders.
    expect(writes.some(({ file }) => isInside(app.userDataDir, file))).toBe(true);
    expect(writes.filter(({ file }) => !allowed.some((folder) => isInside(folder, file)))).toEqual([]);
    expect(await snapshot(root, allowed)).toEqual(before);
    // Nor did any event carry a key.
    const eventTexts = strings(app.events.map((event) => event.payload));
    expect(eventTexts.filter((text) => secrets.some((secret) => text.includes(secret)))).toEqual([]);
    expect(cases.length).toBeGreaterThan(2500);
    // Its uploads are answered however long a busy machine takes (no time-out passes): this only bounds a hang. How
    // fast a call is dispatched is the `ipc` benchmark's to measure.
  }, 600_000);
});
