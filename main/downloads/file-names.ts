import { access } from "node:fs/promises";
import path from "node:path";
import { safeFileName } from "../../common/file-names";

export async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** "<document name> - signed.pdf", then "… - signed (2).pdf": safe on every system (common/file-names.ts). */
export function signedPdfName(documentName: string, attempt = 1): string {
  const suffix = attempt === 1 ? " - signed.pdf" : ` - signed (${attempt}).pdf`;
  return safeFileName(documentName, { suffix, fallback: "Signed document" });
}

/** `<dir>/<document name> - signed.pdf`, or `… (2).pdf`, `(3)`… when taken. */
export async function uniqueSignedPdfPath(directory: string, documentName: string): Promise<string> {
  for (let attempt = 1; attempt < 10_000; attempt += 1) {
    const candidate = path.join(directory, signedPdfName(documentName, attempt));
    if (!(await exists(candidate))) return candidate;
  }
  throw new Error(`Too many files named ${signedPdfName(documentName)} in ${directory}`);
}
