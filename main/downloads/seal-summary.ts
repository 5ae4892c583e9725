import { readFile } from "node:fs/promises";
import type { PdfSealSummary } from "../../common/pdf-seal";
import { inspectPdfSeal } from "./final-pdf-seal";

/** What the details screen says of a downloaded PDF's seal, read from the file as saved. */
export async function sealSummaryOf(file: string): Promise<PdfSealSummary> {
  const report = inspectPdfSeal(new Uint8Array(await readFile(file)));
  const last = report.signatures.at(-1);
  return {
    signatures: report.signatures.length,
    sealed: report.sealed,
    intact: report.intact,
    signerName: report.sealed ? (last?.signerName ?? null) : null,
    fingerprint: report.sealed ? (last?.certificateFingerprintSha256 ?? null) : null,
  };
}
