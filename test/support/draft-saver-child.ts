import { pathToFileURL } from "node:url";
import type { DraftField } from "../../common/draft";
import { DraftStore } from "../../main/drafts/draft-store";

/**
 * A process that saves one draft as fast as it can, for the crash test (test/integration/drafts-crash.test.ts).
 * Usage: fork(this file, [root, draftId], { execArgv: ["--import", "tsx"] }). It sends `{ type: "loaded" }`
 * once its modules are loaded, and touches the draft only when told `{ type: "go" }` (so that the next saver can
 * load while the test kills this one). It sends `{ type: "ready", revision }` once the draft is open, then `{ type: "saved", revision }` after each
 * save() resolved, and starts the next save only once that message is in the pipe, so at most one
 * completed save can be unacknowledged when the process is killed.
 */

export type SaverMessage =
  | { type: "loaded" }
  | { type: "ready"; revision: number }
  | { type: "saved"; revision: number };

/** What the save of `revision` writes: a function of the revision, different from one revision to the next. */
export function contentForRevision(revision: number, groupId: string): { name: string; fields: DraftField[] } {
  // One more field each save (back to one after six), and every field moves.
  const fields = Array.from({ length: 1 + (revision % 6) }, (_, index): DraftField => {
    return {
      id: `field-${index}`,
      type: index % 2 === 0 ? "Signature" : "Text",
      groupId,
      page: 1,
      x: (revision * 7 + index * 53) % 450,
      y: 20 + index * 100 + (revision % 50),
    };
  });
  return { name: `Saved at revision ${revision}`, fields };
}

function send(message: SaverMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (process.send === undefined) {
      reject(new Error("draft-saver-child must be started with fork()"));
      return;
    }
    process.send(message, undefined, {}, (error) => (error === null ? resolve() : reject(error)));
  });
}

async function saveForever(root: string, id: string): Promise<never> {
  const store = new DraftStore({ root });
  let draft = await store.open(id);
  const groupId = draft.groups[0]?.id ?? "";
  await send({ type: "ready", revision: draft.revision });
  for (;;) {
    const next = draft.revision + 1;
    const { revision } = await store.save({ ...draft, ...contentForRevision(next, groupId) });
    if (revision !== next) throw new Error(`save wrote revision ${revision}, expected ${next}`);
    draft = { ...draft, revision };
    await send({ type: "saved", revision });
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const [root, id] = process.argv.slice(2);
  if (root === undefined || id === undefined) throw new Error("usage: draft-saver-child <root> <draftId>");
  process.once("message", () => {
    saveForever(root, id).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
  void send({ type: "loaded" });
}
