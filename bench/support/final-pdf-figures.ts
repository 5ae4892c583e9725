import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { FieldType } from "../../common/fields";
import { buildFinalPdf, type StampedField } from "../../sandbox/final-pdf/build-final-pdf";
import { loadOrCreateSealCertificate } from "../../sandbox/final-pdf/seal/sandbox-certificate";
import { noisePng, signatureDataUrl } from "../../test/support/png.ts";
import { mixedDirectionLine, namesInScripts } from "../../test/support/script-names.ts";

const run = promisify(execFile);

/**
 * A 200-page original of about 4 MB (text and an incompressible image on every page), linearized by qpdf as
 * web-optimised files are, so that the final PDF is built on a file with a first-page cross-reference section.
 */
async function linearizedOriginal(folder: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 200; page += 1) {
    const image = await doc.embedPng(noisePng(19_000));
    const added = doc.addPage([612, 792]);
    added.drawText(`Page ${page} of the benchmark document`, { x: 72, y: 720, size: 14, font });
    added.drawImage(image, { x: 72, y: 300, width: 256, height: 400 });
  }
  const plain = path.join(folder, "plain.pdf");
  const linearized = path.join(folder, "linearized.pdf");
  await writeFile(plain, await doc.save());
  await run("qpdf", ["--linearize", plain, linearized]);
  return new Uint8Array(await readFile(linearized));
}

/** 20 fields over 10 pages: 5 signatures (one image), 5 checkboxes, 10 texts and dates. */
function benchmarkFields(): StampedField[] {
  const types: FieldType[] = ["Signature", "Text", "Checkbox", "Date"];
  const signature = signatureDataUrl();
  return Array.from({ length: 20 }, (_, index) => {
    const type = types[index % types.length] as FieldType;
    const value = type === "Signature" ? signature : type === "Checkbox" ? true : `Value ${index + 1}`;
    return { id: `f${index}`, type, page: 1 + (index % 10) * 20, x: 72, y: 80 + index * 20, value };
  });
}

export interface FinalPdfFigures {
  final_pdf_200_pages_s: number;
  final_pdf_original_mb: number;
  final_pdf_growth_kb: number;
  final_pdf_stamp_images_kb: number;
  final_pdf_all_scripts_kb: number;
}

/**
 * The final PDF of a blank one-page original with a name in each of 13 scripts and a mixed-direction line stamped,
 * and the same names as signers on the audit trail: every face embedded once as a subset (target ≤ 300 KB).
 */
async function allScriptsKb(seal: Awaited<ReturnType<typeof loadOrCreateSealCertificate>>): Promise<number> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const original = await doc.save();
  const values = [...namesInScripts.map((person) => person.name), mixedDirectionLine];
  const fields = values.map(
    (value, index): StampedField => ({ id: `n${index}`, type: "Name", page: 1, x: 72, y: 40 + index * 48, value }),
  );
  const final = await buildFinalPdf(
    original,
    fields,
    {
      documentId: "bench-scripts",
      documentName: "Договор — عقد 合同",
      createdAt: new Date().toISOString(),
      finalizedAt: new Date().toISOString(),
      signers: namesInScripts.map((person, index) => ({
        name: person.name,
        email: `signer${index}@example.com`,
        signedAt: new Date().toISOString(),
        ipAddress: "::1",
      })),
      originalSha256: "",
    },
    seal,
  );
  return Number((final.length / 1024).toFixed(1));
}

/** The median of three builds of the final PDF of that original, in this process (as the sandbox builds it). */
export async function finalPdfFigures(): Promise<FinalPdfFigures> {
  const folder = await mkdtemp(path.join(tmpdir(), "signdesk-bench-final-"));
  try {
    const original = await linearizedOriginal(folder);
    const seal = await loadOrCreateSealCertificate(path.join(folder, "seal"));
    const fields = benchmarkFields();
    const audit = {
      documentId: "bench",
      documentName: "Benchmark",
      createdAt: new Date().toISOString(),
      finalizedAt: new Date().toISOString(),
      signers: [{ name: "Bench", email: "bench@example.com", signedAt: new Date().toISOString(), ipAddress: "::1" }],
      originalSha256: "",
    };
    const times: number[] = [];
    let size = 0;
    for (let round = 0; round < 3; round += 1) {
      const started = performance.now();
      const final = await buildFinalPdf(original, fields, audit, seal);
      times.push((performance.now() - started) / 1000);
      size = final.bytes.length;
    }
    times.sort((a, b) => a - b);
    const signature = fields.find((field) => field.type === "Signature")?.value as string;
    const imageBytes = Buffer.from(signature.split(",")[1] ?? "", "base64").length;
    return {
      final_pdf_200_pages_s: Number((times[1] ?? Number.NaN).toFixed(2)),
      final_pdf_original_mb: Number((original.length / (1024 * 1024)).toFixed(2)),
      final_pdf_growth_kb: Number(((size - original.length) / 1024).toFixed(1)),
      final_pdf_stamp_images_kb: Number((imageBytes / 1024).toFixed(1)),
      final_pdf_all_scripts_kb: await allScriptsKb(seal),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
