/**
 * A private copy of the built renderer (dist/renderer), for openApp's `rendererDir`. Every `npm test`
 * rebuilds dist/ in its global setup, emptying dist/renderer first; while several test runs share one tree,
 * a page served straight from dist/ can meet a file that is missing for a moment (pdf.js's fonts, fetched
 * late, are the usual victims). A copy taken while dist/renderer is complete and unchanging cannot.
 */
import { cp, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const built = path.join(root, "dist/renderer");
const pdfjsDir = path.join(root, "node_modules/pdfjs-dist");

export interface RendererSnapshot {
  dir: string;
  remove(): Promise<void>;
}

/** Every file under `folder` with its size and modification time, sorted; null when the folder is absent. */
async function listing(folder: string): Promise<string | null> {
  try {
    const names = (await readdir(folder, { recursive: true })).sort();
    const entries = await Promise.all(
      names.map(async (name) => {
        const info = await stat(path.join(folder, name));
        return info.isFile() ? `${name} ${info.size} ${info.mtimeMs}` : `${name}/`;
      }),
    );
    return entries.join("\n");
  } catch {
    return null;
  }
}

/** The copy has index.html, every file it names, and pdf.js's run-time folders whole (same files and sizes). */
async function complete(copy: string): Promise<boolean> {
  try {
    const html = await readFile(path.join(copy, "index.html"), "utf8");
    for (const [, reference] of html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"?#]+)"/g)) {
      if ((await stat(path.join(copy, reference ?? ""))).size === 0) return false;
    }
    for (const folder of ["cmaps", "standard_fonts", "wasm", "iccs"]) {
      const wanted = (await readdir(path.join(pdfjsDir, folder))).filter((name) => !/quickjs/i.test(name));
      for (const name of wanted) {
        const [source, copied] = await Promise.all([
          stat(path.join(pdfjsDir, folder, name)),
          stat(path.join(copy, "pdfjs", folder, name)),
        ]);
        if (source.size !== copied.size) return false;
      }
    }
    return true;
  } catch {
    return false;
  }
}

/** Copies dist/renderer once it is whole and does not change during the copy (waits up to a minute). */
export async function snapshotRenderer(): Promise<RendererSnapshot> {
  const dir = await mkdtemp(path.join(tmpdir(), "signdesk-renderer-"));
  const remove = () => rm(dir, { recursive: true, force: true });
  const attempt = async (): Promise<boolean> => {
    const before = await listing(built);
    if (before === null) return false;
    await rm(dir, { recursive: true, force: true });
    await cp(built, dir, { recursive: true }).catch(() => {});
    return before === (await listing(built)) && (await complete(dir));
  };
  const deadline = Date.now() + 60_000;
  while (!(await attempt())) {
    if (Date.now() > deadline) {
      await remove();
      throw new Error(`dist/renderer was not whole and unchanging for a minute: is ${built} built?`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { dir, remove };
}
