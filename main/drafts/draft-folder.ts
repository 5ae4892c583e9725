import { copyFile, mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { PageGeometry } from "../../common/coordinates";
import type { SourceKind } from "../../common/draft";
import { limits } from "../../common/fields";
import { syncDirectory } from "../../node-shared/files/atomic-write";
import { convertToPdf, usableKind } from "../../node-shared/pdf/convert-docx";
import type { SofficeLocator } from "../../node-shared/pdf/find-soffice";
import { inspectPdf } from "../../node-shared/pdf/inspect-pdf";
import { sniffUpload, type UploadKind } from "../../node-shared/pdf/sniff";
import { DraftError, draftMessages } from "./draft-errors";
import { copyFileDurably, draftFiles, newFolderPrefix, syncFile } from "./draft-files";

/** A folder left by a build that never finished (the process died) is removed after this long. */
const abandonedAfterMs = 60 * 60 * 1000;

/**
 * Builds a draft folder in `<root>/.new-XXXXXX/` and renames it to `<root>/<id>/` only once `build`
 * has completed, so a draft folder is either whole or absent. On failure the temporary folder is removed.
 */
export async function installDraftFolder<T>(
  root: string,
  id: string,
  build: (folder: string) => Promise<T>,
): Promise<T> {
  await mkdir(root, { recursive: true });
  const temporary = await mkdtemp(path.join(root, newFolderPrefix));
  let result: T;
  try {
    result = await build(temporary);
    await syncDirectory(temporary);
    await rename(temporary, path.join(root, id));
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  await syncDirectory(root);
  return result;
}

/** Removes `.new-*` folders of builds that died with their process. */
export async function removeAbandonedBuilds(root: string, now: number): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith(newFolderPrefix))) {
    const folder = path.join(root, name);
    const info = await stat(folder).catch(() => null);
    if (info !== null && now - info.mtimeMs > abandonedAfterMs) await rm(folder, { recursive: true, force: true });
  }
}

async function sniff(sourcePath: string): Promise<UploadKind> {
  try {
    return await sniffUpload(sourcePath);
  } catch {
    throw new DraftError("unreadable_source", draftMessages.unreadableSource(path.basename(sourcePath)));
  }
}

/**
 * Puts the document of `sourcePath` into `folder` as document.pdf (a Word document is converted by
 * LibreOffice, and the converted PDF is what is kept and later uploaded) and reads its pages. A file that
 * cannot serve throws a PdfProblem (or DraftError) whose message says why.
 */
export async function importDocument(
  sourcePath: string,
  folder: string,
  convertTimeoutMs: number,
  locateSoffice?: SofficeLocator,
): Promise<{ kind: SourceKind; pages: PageGeometry[] }> {
  const kind = usableKind(await sniff(sourcePath));
  const target = path.join(folder, draftFiles.pdf);
  if (kind === "pdf") {
    await copyFileDurably(sourcePath, target);
  } else {
    // LibreOffice picks its import filter by extension: name the copy for what its bytes say it is.
    const named = path.join(folder, `source.${kind}`);
    try {
      await copyFile(sourcePath, named);
      const converted = await convertToPdf(named, folder, convertTimeoutMs, locateSoffice);
      await rename(converted, target);
      await syncFile(target);
    } finally {
      await rm(named, { force: true });
    }
  }
  const { size } = await stat(target);
  if (size > limits.maxUploadBytes) {
    throw new DraftError("too_large", draftMessages.tooLarge(limits.maxUploadBytes / (1024 * 1024)));
  }
  return { kind, pages: await inspectPdf(target) };
}
