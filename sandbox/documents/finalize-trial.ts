import path from "node:path";
import type { FieldType } from "../../common/fields";
import { PdfProblem } from "../../node-shared/pdf/pdf-problem";
import type { SandboxContext } from "../context";
import type { StampedField } from "../final-pdf/build-final-pdf";
import { buildFinalPdfOffThread } from "../final-pdf/final-pdf-job";
import type { TemplateField } from "../state/schema";

/** A 1 × 1 transparent PNG: what a signature or initials field carries, at its smallest. */
const samplePng =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const sampleValues: Record<FieldType, string | boolean> = {
  Signature: samplePng,
  Initials: samplePng,
  Text: "Sample",
  Name: "Sample Signer",
  Email: "signer@example.com",
  Date: "2026-01-01",
  Checkbox: true,
};

/** The folder of the seal's certificate in a sandbox's data folder. */
export function sealFolderIn(dataDir: string): string {
  return path.join(dataDir, "seal");
}

/**
 * The folder of the sandbox's seal certificate, in its data folder; the certificate is made there before any
 * worker reads it, so that concurrent finalizations never make two.
 */
export async function sealFolderOf(context: SandboxContext): Promise<string> {
  const folder = sealFolderIn(context.store.dataDir);
  // Its X.509 code is loaded with the first finalization, not when the sandbox starts.
  const { loadOrCreateSealCertificate } = await import("../final-pdf/seal/sandbox-certificate");
  await loadOrCreateSealCertificate(folder);
  return folder;
}

/**
 * Finalizes a copy of a template's PDF with every field filled, before the template is accepted, so that no
 * document can be created whose final PDF can never be made: what the upload accepts, finalization finishes.
 */
export async function checkFinalizable(
  context: SandboxContext,
  pdfFile: string,
  groups: TemplateField[][],
): Promise<void> {
  await tryFinalizing(pdfFile, groups, context.now(), await sealFolderOf(context));
}

/**
 * The trial itself: the final PDF of `pdfFile` with every field of `groups` filled, built (in a worker thread, the
 * original's large streams left in the file) and thrown away; a PdfProblem saying why when it cannot be made.
 */
export async function tryFinalizing(
  pdfFile: string,
  groups: TemplateField[][],
  now: number,
  sealFolder: string,
): Promise<void> {
  const fields: StampedField[] = groups.flat().map((field) => ({
    id: field.id,
    type: field.type,
    page: field.page,
    x: field.x,
    y: field.y,
    value: sampleValues[field.type],
  }));
  const at = new Date(now).toISOString();
  try {
    await buildFinalPdfOffThread({
      originalFile: pdfFile,
      fields,
      audit: {
        documentId: "trial",
        documentName: "Trial",
        createdAt: at,
        finalizedAt: at,
        signers: [],
        originalSha256: "",
      },
      sealFolder,
      outputFile: null,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PdfProblem(`The PDF cannot be used: its signed copy could not be made (${reason.replace(/\.$/, "")}).`, {
      cause: error,
    });
  }
}
