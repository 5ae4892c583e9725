import { spawn } from "node:child_process";
import { mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PdfProblem } from "./pdf-problem";

export const conversionProblems = {
  noLibreOffice: "Word documents cannot be converted to PDF: LibreOffice is not installed.",
  failed: "The Word document could not be converted to PDF: it is damaged or not a Word document.",
  timedOut: "Converting the Word document to PDF took too long and was stopped.",
} as const;

/** LibreOffice's command: SOFFICE_PATH, else `soffice` on PATH. */
export function sofficeCommand(): string {
  return process.env.SOFFICE_PATH ?? "soffice";
}

/**
 * Converts a DOCX (or legacy .doc) to PDF with headless LibreOffice, using a private profile folder
 * (so it neither touches nor waits for the user's own LibreOffice) and a time-out. Returns the PDF path,
 * inside `outputDir`.
 */
export async function convertToPdf(input: string, outputDir: string, timeoutMs: number): Promise<string> {
  const profile = await mkdtemp(path.join(tmpdir(), "signdesk-lo-"));
  const work = await mkdtemp(path.join(outputDir, "convert-"));
  try {
    const outcome = await new Promise<"ok" | "missing" | "failed" | "timeout">((resolve) => {
      const child = spawn(
        sofficeCommand(),
        [
          `-env:UserInstallation=${pathToFileURL(profile).href}`,
          "--headless",
          "--norestore",
          "--nologo",
          "--nolockcheck",
          "--convert-to",
          "pdf:writer_pdf_Export",
          "--outdir",
          work,
          input,
        ],
        { stdio: "ignore" },
      );
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve("timeout");
      }, timeoutMs);
      child.on("error", (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve(error.code === "ENOENT" ? "missing" : "failed");
      });
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve(code === 0 ? "ok" : "failed");
      });
    });
    if (outcome === "missing") throw new PdfProblem(conversionProblems.noLibreOffice);
    if (outcome === "timeout") throw new PdfProblem(conversionProblems.timedOut);
    const produced = (await readdir(work)).find((name) => name.toLowerCase().endsWith(".pdf"));
    if (outcome !== "ok" || produced === undefined) throw new PdfProblem(conversionProblems.failed);
    const result = path.join(outputDir, `${path.basename(work)}.pdf`);
    await rename(path.join(work, produced), result);
    return result;
  } finally {
    await rm(profile, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  }
}
