import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** DOCX → PDF with headless LibreOffice in a private profile, as the app converts (node-shared/pdf/convert-docx.ts). */
export function convertWithLibreOffice(docx: string, pdf: string): void {
  const profile = mkdtempSync(path.join(tmpdir(), "detect-corpus-lo-"));
  const out = mkdtempSync(path.join(tmpdir(), "detect-corpus-out-"));
  try {
    execFileSync(
      process.env.SOFFICE_PATH ?? "soffice",
      [
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        "--headless",
        "--norestore",
        "--convert-to",
        "pdf:writer_pdf_Export",
        "--outdir",
        out,
        docx,
      ],
      { stdio: "ignore", timeout: 120_000 },
    );
    copyFileSync(path.join(out, `${path.basename(docx, ".docx")}.pdf`), pdf);
  } finally {
    rmSync(profile, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}
