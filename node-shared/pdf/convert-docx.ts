import { spawn } from "node:child_process";
import { mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { findSofficeOnThisMachine, type SofficeLocation, type SofficeLocator } from "./find-soffice";
import { pdfProblems } from "./inspect-pdf";
import { PdfProblem } from "./pdf-problem";
import type { UploadKind } from "./sniff";

export const libreOfficeDownload = "https://www.libreoffice.org/download/";

const messages = defineMessages({
  noLibreOffice: {
    id: "pdf.convert.noLibreOffice",
    defaultMessage:
      'Word documents cannot be converted to PDF: LibreOffice was not found. Get it from {download} ({product} looks in {places}), or set the path to its program under "Word documents" on the Accounts screen.',
    description:
      "{download} is LibreOffice's download address; {places} lists the folders searched (in English). “Word documents” is the heading of a section of the Accounts screen.",
  },
  failed: {
    id: "pdf.convert.failed",
    defaultMessage: "The Word document could not be converted to PDF: it is damaged or not a Word document.",
  },
  timedOut: {
    id: "pdf.convert.timedOut",
    defaultMessage: "Converting the Word document to PDF took too long and was stopped.",
  },
  passwordProtected: {
    id: "pdf.convert.passwordProtected",
    defaultMessage: "The Word document is password-protected; save an unprotected copy and try again.",
  },
});

/** Why a Word document cannot be converted: words for people (PdfProblem's). */
export const conversionProblems = {
  noLibreOffice: (places: string) =>
    phrase(messages.noLibreOffice, { download: libreOfficeDownload, product: "Signdesk", places }),
  failed: phrase(messages.failed),
  timedOut: phrase(messages.timedOut),
  passwordProtected: phrase(messages.passwordProtected),
} as const;

/** What an upload can be used as, after sniffing; an empty, unknown or password-protected file is refused. */
export function usableKind(kind: UploadKind): "pdf" | "docx" | "doc" {
  if (kind === "empty") throw new PdfProblem(pdfProblems.empty);
  if (kind === "unknown") throw new PdfProblem(pdfProblems.notPdf);
  if (kind === "protected") throw new PdfProblem(conversionProblems.passwordProtected);
  return kind;
}

/**
 * Converts a DOCX (or legacy .doc) to PDF with headless LibreOffice, using a private profile folder
 * (so it neither touches nor waits for the user's own LibreOffice) and a time-out; LibreOffice is where `locate`
 * finds it (by default: searched on this machine). Returns the PDF path, inside `outputDir`.
 */
export async function convertToPdf(
  input: string,
  outputDir: string,
  timeoutMs: number,
  locate: SofficeLocator = findSofficeOnThisMachine,
): Promise<string> {
  const location: SofficeLocation = await locate();
  const soffice = location.path;
  if (soffice === null) throw new PdfProblem(conversionProblems.noLibreOffice(location.places));
  const profile = await mkdtemp(path.join(tmpdir(), "signdesk-lo-"));
  const work = await mkdtemp(path.join(outputDir, "convert-"));
  try {
    const outcome = await new Promise<"ok" | "missing" | "failed" | "timeout">((resolve) => {
      const child = spawn(
        soffice,
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
    if (outcome === "missing") throw new PdfProblem(conversionProblems.noLibreOffice(location.places));
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
