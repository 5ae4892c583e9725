import path from "node:path";
import type { FieldType } from "../../common/fields";
import { PdfProblem } from "../../node-shared/pdf/pdf-problem";
import type { SandboxContext } from "../context";
import type { StampedField } from "../final-pdf/build-final-pdf";
import { buildFinalPdfOffThread } from "../final-pdf/final-pdf-job";
import { loadOrCreateSealCertificate } from "../final-pdf/seal/sandbox-certificate";
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

/**
 * The folder of the sandbox's seal certificate, in its data folder; the certificate is made there before any
 * worker reads it, so that concurrent finalizations never make two.
 */
export async function sealFolderOf(context: SandboxContext): Promise<string> {
  const folder = path.join(context.store.dataDir, "seal");
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
  const fields: StampedField[] = groups.flat().map((field) => ({
    id: field.id,
    type: field.type,
    page: field.page,
    x: field.x,
    y: field.y,
    value: sampleValues[field.type],
  }));
  const now = new Date(context.now()).toISOString();
  try {
    await buildFinalPdfOffThread({
      originalFile: pdfFile,
      fields,
      audit: {
        documentId: "trial",
        documentName: "Trial",
        createdAt: now,
        finalizedAt: now,
        signers: [],
        originalSha256: "",
      },
      sealFolder: await sealFolderOf(context),
      outputFile: null,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PdfProblem(`The PDF cannot be used: its signed copy could not be made (${reason.replace(/\.$/, "")}).`, {
      cause: error,
    });
  }
}
