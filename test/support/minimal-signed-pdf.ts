import { createHash } from "node:crypto";
import { createPadesSignature, padesSignatureMaxBytes } from "../../sandbox/final-pdf/seal/cms-signature";
import type { SealCertificate } from "../../sandbox/final-pdf/seal/sandbox-certificate";

const byteRangePlaceholder = "[0 /********** /********** /**********]";
const contentsPlaceholder = `<${"0".repeat(padesSignatureMaxBytes * 2)}>`;
const signatureDictionary = `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange ${byteRangePlaceholder} /Contents ${contentsPlaceholder} /M (D:20260101120000Z) >>`;

/**
 * A one-page PDF written by hand with one PAdES signature field, signed whole: the smallest file that Poppler treats
 * as a signed document (catalog with an AcroForm, a page holding the widget, /V naming the signature dictionary).
 * `fillerBytes` adds a stream of that size, for a large file.
 */
export function minimalSignedPdf(certificate: SealCertificate, fillerBytes = 0): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /SigFlags 3 >> >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Annots [4 0 R] /Contents 6 0 R >>",
    "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Seal) /Rect [0 0 0 0] /F 132 /P 3 0 R /V 5 0 R >>",
    signatureDictionary,
    `<< /Length ${fillerBytes} >>\nstream\n${"%".repeat(fillerBytes)}\nendstream`,
  ];
  let text = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${xrefOffset(offset)} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return signLastPlaceholder(Buffer.from(text, "latin1"), certificate);
}

/**
 * `pdf` with an incremental update appended that adds a second signature dictionary and signs the whole file
 * again (not hung on a field: enough for a reader that looks for ByteRanges, not a complete second signature).
 */
export function withAnotherSignature(pdf: Buffer, certificate: SealCertificate): Buffer {
  const previousXref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString("latin1", pdf.length - 64))?.[1];
  const objectAt = pdf.length + 1;
  let update = `\n100 0 obj\n${signatureDictionary}\nendobj\n`;
  const xref = pdf.length + update.length;
  update += `xref\n0 1\n0000000000 65535 f \n100 1\n${xrefOffset(objectAt)} 00000 n \n`;
  update += `trailer\n<< /Size 101 /Root 1 0 R /Prev ${previousXref} >>\nstartxref\n${xref}\n%%EOF\n`;
  return signLastPlaceholder(Buffer.concat([pdf, Buffer.from(update, "latin1")]), certificate);
}

function signLastPlaceholder(pdf: Buffer, certificate: SealCertificate): Buffer {
  const gapStart = pdf.lastIndexOf(contentsPlaceholder, undefined, "latin1");
  const gapEnd = gapStart + contentsPlaceholder.length;
  const byteRange = `[0 ${gapStart} ${gapEnd} ${pdf.length - gapEnd}]`.padEnd(byteRangePlaceholder.length, " ");
  pdf.write(byteRange, pdf.lastIndexOf(byteRangePlaceholder, undefined, "latin1"), "latin1");
  const digest = createHash("sha256").update(pdf.subarray(0, gapStart)).update(pdf.subarray(gapEnd)).digest();
  pdf.write(Buffer.from(createPadesSignature(digest, certificate)).toString("hex"), gapStart + 1, "latin1");
  return pdf;
}

function xrefOffset(offset: number): string {
  return String(offset).padStart(10, "0");
}
