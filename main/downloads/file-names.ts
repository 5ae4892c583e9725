import { access } from "node:fs/promises";
import path from "node:path";

/** A name that is safe on Windows, macOS and Linux: no separators, reserved characters or names. */
export function safeFileStem(name: string): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[<>:"/\\|?*]/g, " ")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[. ]+$/, "");
  const stem = /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(cleaned) ? `${cleaned} document` : cleaned;
  return (stem === "" ? "Signed document" : stem).slice(0, 120);
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** `<dir>/<stem>.pdf`, or `<stem> (2).pdf`, `(3)`… when taken. */
export async function uniquePdfPath(directory: string, stem: string): Promise<string> {
  for (let attempt = 1; attempt < 10_000; attempt += 1) {
    const candidate = path.join(directory, attempt === 1 ? `${stem}.pdf` : `${stem} (${attempt}).pdf`);
    if (!(await exists(candidate))) return candidate;
  }
  throw new Error(`Too many files named ${stem} in ${directory}`);
}
