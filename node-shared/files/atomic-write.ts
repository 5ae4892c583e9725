import { randomBytes } from "node:crypto";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import path from "node:path";

/**
 * Writes `data` (or its parts, one after the other, or what a function writes to the file's handle) to `file` so
 * that a crash leaves either the old or the new content, never a mix.
 */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array | readonly Uint8Array[] | ((handle: FileHandle) => Promise<void>),
): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temporary, "w", 0o600);
  try {
    if (typeof data === "string" || data instanceof Uint8Array) await handle.writeFile(data);
    else if (typeof data === "function") await data(handle);
    else for (const part of data) await handle.write(part);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  await syncDirectory(path.dirname(file));
}

/** Makes a rename durable: the directory entry itself is flushed (a no-op where directories cannot be opened). */
export async function syncDirectory(directory: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(directory, "r");
    await handle.sync();
  } catch {
    // Windows cannot open directories for fsync; NTFS renames are journaled.
  } finally {
    await handle?.close();
  }
}
