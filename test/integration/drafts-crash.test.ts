import { fork } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DraftSchema } from "../../common/draft";
import { DraftStore } from "../../main/drafts/draft-store";
import { contentForRevision, type SaverMessage } from "../support/draft-saver-child";
import { makePdf } from "../support/pdf-fixtures";

const saverScript = path.resolve(import.meta.dirname, "../support/draft-saver-child.ts");
const rounds = 50;

/**
 * Starts a saver for the draft, which loads its modules and waits: `go()` lets it open the draft (once `loaded`).
 * `ready` gives the revision it opened; `acknowledged()` the last one it confirmed.
 */
function startSaver(root: string, id: string) {
  const child = fork(saverScript, [root, id], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  let acknowledged = -1;
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let onLoaded: () => void = () => {};
  const loaded = new Promise<void>((resolve) => {
    onLoaded = resolve;
  });
  const ready = new Promise<number>((resolve, reject) => {
    child.on("message", (message: SaverMessage) => {
      if (message.type === "loaded") {
        onLoaded();
        return;
      }
      acknowledged = message.revision;
      if (message.type === "ready") resolve(message.revision);
    });
    child.once("exit", (code, signal) => reject(new Error(`the saver stopped (${code ?? signal}): ${stderr}`)));
  });
  const go = async () => {
    await Promise.race([loaded, ready]);
    child.send({ type: "go" });
  };
  // "close" comes after the IPC channel is drained: every acknowledgement sent has been read by then.
  const closed = new Promise<NodeJS.Signals | null>((resolve) => {
    child.once("close", (_code, signal) => resolve(signal));
  });
  return { child, go, ready, closed, acknowledged: () => acknowledged, stderr: () => stderr };
}

describe("drafts survive being killed mid-save", () => {
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "signdesk-drafts-crash-"));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it(`reads back the last acknowledged save or the one after it, ${rounds} kills in a row`, async () => {
    const root = path.join(work, "drafts");
    await mkdir(root);
    const source = path.join(work, "contract.pdf");
    await writeFile(source, await makePdf());
    const store = new DraftStore({ root });
    const { id, groups } = await store.createFromFile(source);
    const groupId = groups[0]?.id ?? "";
    const folder = path.join(root, id);

    const started = Date.now();
    let revision = 0;
    let maxLag = 0;
    let unacknowledged = 0;
    let leftoverTemporaries = 0;
    // The next round's saver loads while this round's saves and is killed (loading is most of a round's time).
    let upcoming: ReturnType<typeof startSaver> | null = startSaver(root, id);
    try {
      for (let round = 0; round < rounds; round += 1) {
        const saver = upcoming ?? startSaver(root, id);
        upcoming = null;
        try {
          await saver.go();
          if (round + 1 < rounds) upcoming = startSaver(root, id);
          expect(await saver.ready).toBe(revision);
          await sleep(50 + Math.random() * 350);
          saver.child.kill("SIGKILL");
          expect(await saver.closed, saver.stderr()).toBe("SIGKILL");
        } finally {
          saver.child.kill("SIGKILL");
        }

        const names = await readdir(folder);
        if (names.some((name) => name.endsWith(".tmp"))) leftoverTemporaries += 1;
        const draft = await store.open(id);
        expect(DraftSchema.safeParse(draft).success).toBe(true);
        const lag = draft.revision - saver.acknowledged();
        expect(
          lag,
          `round ${round}: read revision ${draft.revision}, acknowledged ${saver.acknowledged()}`,
        ).toBeGreaterThanOrEqual(0);
        expect(lag).toBeLessThanOrEqual(1);
        // Never back in time. (A round may save nothing when the child is killed before its first save.)
        expect(draft.revision).toBeGreaterThanOrEqual(revision);
        const expected = contentForRevision(draft.revision, groupId);
        expect(draft.name).toBe(expected.name);
        expect(draft.fields).toEqual(expected.fields);
        maxLag = Math.max(maxLag, lag);
        if (lag === 1) unacknowledged += 1;
        revision = draft.revision;
      }
    } finally {
      upcoming?.child.kill("SIGKILL");
    }
    // The kills really interrupted a stream of saves.
    expect(revision).toBeGreaterThan(rounds);
    const seconds = (Date.now() - started) / 1000;
    expect((await readdir(folder)).sort()).toEqual(["document.pdf", "draft.json"]);
    console.info(
      `drafts crash test: ${rounds} kills, ${revision} saves, max lag ${maxLag} (${unacknowledged} kills after an ` +
        `unacknowledged save), ${leftoverTemporaries} kills left a temporary file, ${seconds.toFixed(1)} s`,
    );
  });
});
