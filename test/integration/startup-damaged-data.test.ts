import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { confBackend } from "../../main/settings/settings";
import { createStartupFailureHandlers, setAsideStartupData } from "../../main/startup-failure";
import { SandboxStore } from "../../sandbox/state/store";
import { startTestCore, type TestCore } from "../support/core-harness";
import { english } from "../support/english";
import { testIdentity } from "../support/test-identity";

const folders: string[] = [];
const cores: TestCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function userDataFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "signdesk-damaged-"));
  folders.push(folder);
  return folder;
}

/** The app's core and handlers (with its embedded sandbox) on `userDataDir`, as Electron starts them. */
async function startOn(userDataDir: string): Promise<TestCore> {
  const core = await startTestCore({ userDataDir, settingsBackend: confBackend(userDataDir) });
  cores.push(core);
  return core;
}

async function closeLast(): Promise<void> {
  await cores.pop()?.close();
}

const finishedDocument = (pdfId: string, accountId: string) => ({
  accountId,
  pdfId,
  name: `Lease ${pdfId}`,
  templateId: null,
  recipients: [{ name: "Ada", email: "ada@example.com" }],
  sentAt: "2026-11-01T10:00:00.000Z",
  lastStatus: "declined",
  lastCheckedAt: "2026-11-01T11:00:00.000Z",
  finished: true,
  hasFinalPdf: false,
  statusHistory: [{ status: "declined", at: "2026-11-01T11:00:00.000Z" }],
  imported: false,
});

/** Starts, proves the app works (its sandbox account answers) and answers what app:info says. */
async function startsAndWorks(userDataDir: string): Promise<{ notices: string[]; app: TestCore }> {
  const app = await startOn(userDataDir);
  const info = await app.call("appInfo");
  expect(info.startupFailure).toBeNull();
  const { accounts, activeAccountId } = await app.call("accountsList");
  const sandbox = accounts.find((account) => account.kind === "sandbox");
  expect(sandbox?.id).toBe(activeAccountId);
  expect(await app.call("accountsTestConnection", { id: sandbox?.id ?? "" })).toMatchObject({ outcome: "ok" });
  return { notices: info.notices.map(english), app };
}

async function asideFiles(folder: string, name: string): Promise<string[]> {
  return (await readdir(folder)).filter((entry) => entry.startsWith(`${name}.damaged-`));
}

/** Each kind of damage, as the file's new contents (or null: the path becomes a folder nothing can read). */
const damages: Record<string, (original: string) => string | null> = {
  truncated: (original) => original.slice(0, Math.floor(original.length / 2)),
  "invalid JSON": () => "{ this is not: json",
  empty: () => "",
  "wrong type at the top": () => JSON.stringify(["a", "list", "not", "an", "object"]),
  unreadable: () => null,
};

async function damage(file: string, how: (original: string) => string | null): Promise<void> {
  const next = how(await readFile(file, "utf8"));
  await rm(file, { recursive: true, force: true });
  if (next === null) await mkdir(path.join(file, "not-a-file"), { recursive: true });
  else await writeFile(file, next);
}

describe("no stored file stops the app from starting", () => {
  for (const [kind, how] of Object.entries(damages)) {
    it(`settings.json ${kind}: set aside with a dated name, the app starts and says so`, async () => {
      const folder = await userDataFolder();
      await startOn(folder);
      await closeLast();
      await damage(path.join(folder, "settings.json"), how);

      const { notices } = await startsAndWorks(folder);
      const [aside] = await asideFiles(folder, "settings.json");
      expect(aside).toMatch(/^settings\.json\.damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
      expect(notices).toEqual([expect.stringContaining(path.join(folder, aside ?? ""))]);
      expect(notices[0]).toContain("settings file could not be used");
    });

    it(`the sandbox's state.json ${kind}: set aside, the sandbox starts empty and the app's key works again`, async () => {
      const folder = await userDataFolder();
      await startOn(folder);
      await closeLast();
      await damage(path.join(folder, "sandbox", "state.json"), how);

      const { notices } = await startsAndWorks(folder);
      const [aside] = await asideFiles(path.join(folder, "sandbox"), "state.json");
      expect(aside).toBeDefined();
      expect(notices).toEqual([expect.stringContaining(path.join(folder, "sandbox", aside ?? ""))]);
    });
  }

  it("settings with bad values and wrong types: every valid record loads and moves, the rest is counted and kept", async () => {
    const folder = await userDataFolder();
    await startOn(folder);
    await closeLast();
    const file = path.join(folder, "settings.json");
    const settings = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown> & {
      accounts: { id: string }[];
    };
    const accountId = settings.accounts[0]?.id ?? "";
    settings.documents = [
      finishedDocument("kept-1", accountId),
      { ...finishedDocument("bad-1", accountId), finished: "yes" },
      finishedDocument("kept-2", accountId),
      42,
    ];
    settings.templates = "not a list";
    settings.sandboxPort = -1.5;
    await writeFile(file, JSON.stringify(settings));

    const { notices, app } = await startsAndWorks(folder);
    const { documents } = await app.call("documentsList");
    expect(documents.map((document) => document.pdfId).sort()).toEqual(["kept-1", "kept-2"]);
    const [aside] = await asideFiles(folder, "settings.json");
    expect(JSON.parse(await readFile(path.join(folder, aside ?? ""), "utf8"))).toEqual(settings);
    expect(notices).toHaveLength(2);
    expect(notices[0]).toContain("the sandbox's port");
    expect(notices[0]).toContain(aside);
    // The records an older file held move to the records database; what could not be read is said, with the backup.
    const [backup] = (await readdir(folder)).filter((entry) => entry.startsWith("settings.json.before-records-"));
    expect(notices[1]).toContain("2 document records");
    expect(notices[1]).toContain("1 template record");
    expect(notices[1]).toContain(backup);

    // What was saved is valid: the next start says nothing.
    await closeLast();
    expect((await startsAndWorks(folder)).notices).toEqual([]);
  });

  it("a sandbox record with an endless or missing page size: left out, the rest of the sandbox loads", async () => {
    const folder = await userDataFolder();
    const dataDir = path.join(folder, "sandbox");
    const store = await SandboxStore.open(dataDir);
    store.addUser({ id: "u1", createdAt: "2026-11-01T10:00:00.000Z", keys: [] });
    const template = (id: string, cropBox: unknown[]) => ({
      id,
      userId: "u1",
      name: id,
      storageKey: `templates/u1/${id}.pdf`,
      file: `files/templates/${id}.pdf`,
      sha256: "0".repeat(64),
      pages: [{ cropBox, rotation: 0 }],
      groups: [[]],
      autoRelease: true,
      createdAt: "2026-11-01T10:00:00.000Z",
    });
    await store.save();
    const state = JSON.parse(await readFile(path.join(dataDir, "state.json"), "utf8")) as Record<string, unknown>;
    state.templates = [
      template("good", [0, 0, 612, 792]),
      template("infinite", [0, 0, "endless", 792]),
      template("nan", [0, 0, null, 792]),
    ];
    // JSON has no Infinity or NaN: a number too large for a double reads as Infinity, and NaN is written as null.
    const text = JSON.stringify(state).replace('"endless"', "1e999");
    await writeFile(path.join(dataDir, "state.json"), text);

    const reopened = await SandboxStore.open(dataDir);
    expect(reopened.state.templates.map((kept) => kept.id)).toEqual(["good"]);
    expect(reopened.state.users.map((user) => user.id)).toEqual(["u1"]);
    expect(reopened.notices).toEqual([expect.stringContaining("2 templates")]);
    expect(await asideFiles(dataDir, "state.json")).toHaveLength(1);
    // Saved valid: opening again says nothing.
    expect((await SandboxStore.open(dataDir)).notices).toEqual([]);
  });
});

describe("when the core cannot start at all", () => {
  it("app:info says what failed; app:recover sets the data aside and the app starts", async () => {
    const folder = await userDataFolder();
    await startOn(folder);
    await closeLast();
    // A file where the app's scratch folder must be: the core cannot start.
    await rm(path.join(folder, "tmp"), { recursive: true, force: true });
    await writeFile(path.join(folder, "tmp"), "in the way");
    const failure = await startOn(folder).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);

    let started: TestCore | null = null;
    const handlers = createStartupFailureHandlers({
      app: testIdentity,
      error: failure,
      userDataDir: folder,
      systemLanguages: () => ["en"],
      recover: async () => {
        const aside = await setAsideStartupData(folder);
        started = await startOn(folder);
        return aside;
      },
    });
    const info = await handlers.invoke("app:info", undefined);
    expect(info).toMatchObject({
      ok: true,
      value: { startupFailure: { message: (failure as Error).message, dataFolder: folder }, notices: [] },
    });
    expect(await handlers.invoke("documents:list", undefined)).toMatchObject({
      ok: false,
      error: { code: "not_started", message: `Signdesk did not start: ${(failure as Error).message}` },
    });

    const recovered = await handlers.invoke("app:recover", undefined);
    expect(recovered.ok).toBe(true);
    const aside = recovered.ok ? (recovered.value as { setAsideFolder: string }).setAsideFolder : "";
    expect(path.dirname(aside)).toBe(folder);
    expect((await readdir(aside)).sort()).toEqual(["records.sqlite", "sandbox", "settings.json", "tmp"]);
    expect(await readFile(path.join(aside, "tmp"), "utf8")).toBe("in the way");
    expect(started).not.toBeNull();
    expect((await (started as unknown as TestCore).call("appInfo")).startupFailure).toBeNull();
  });
});
