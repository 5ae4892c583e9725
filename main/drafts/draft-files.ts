import { copyFile, open, readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Draft, DraftSchema, describeDraftIssues } from "../../common/draft";
import { writeFileAtomic } from "../../node-shared/files/atomic-write";
import { DraftError, draftMessages } from "./draft-errors";

/** The files of one draft folder, `<root>/<id>/`. */
export const draftFiles = { pdf: "document.pdf", json: "draft.json" } as const;
/** Deleted drafts wait here, `<root>/.trash/<id>/`, until restored or purged. */
export const trashFolder = ".trash";
/** Drafts being built live in `<root>/.new-XXXXXX/` until they are complete and renamed into place. */
export const newFolderPrefix = ".new-";

/** Temporary files writeFileAtomic leaves behind when the process dies between writing and renaming. */
const staleTemporary = /^\.draft\.json\.[0-9a-f]+\.tmp$/;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

export async function pathExists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** Reads and validates `<folder>/draft.json`, whose folder name is the draft's id. */
export async function readDraftFolder(folder: string, id: string): Promise<Draft> {
  let text: string;
  try {
    text = await readFile(path.join(folder, draftFiles.json), "utf8");
  } catch (error) {
    if (!isMissing(error)) throw error;
    if (!(await pathExists(folder))) throw new DraftError("not_found", draftMessages.notFound(id));
    throw new DraftError("damaged", draftMessages.damaged(id, null, "missing"));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new DraftError("damaged", draftMessages.damaged(id, null, "notJson"));
  }
  const rawName = (raw as { name?: unknown } | null)?.name;
  const name = typeof rawName === "string" && rawName.trim() !== "" ? rawName.slice(0, 200) : null;
  const parsed = DraftSchema.safeParse(raw);
  if (!parsed.success) {
    throw new DraftError("damaged", draftMessages.damaged(id, name, { issues: describeDraftIssues(parsed.error) }));
  }
  if (parsed.data.id !== id) {
    throw new DraftError("damaged", draftMessages.damaged(id, name, "wrongId"));
  }
  return parsed.data;
}

/** Writes draft.json atomically: temporary file, fsync, rename, fsync of the folder. */
export async function writeDraftJson(folder: string, draft: Draft): Promise<void> {
  await writeFileAtomic(path.join(folder, draftFiles.json), `${JSON.stringify(draft, null, 2)}\n`);
}

/** Copies a file and flushes the copy to disk (the folder is flushed later, when it is renamed into place). */
export async function copyFileDurably(from: string, to: string): Promise<void> {
  await copyFile(from, to);
  await syncFile(to);
}

/** Flushes a file's content to disk. */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes what a killed save left behind (call only while no save of this draft is running). */
export async function removeStaleTemporaries(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names.filter((name) => staleTemporary.test(name)).map((name) => rm(path.join(folder, name), { force: true })),
  );
}
