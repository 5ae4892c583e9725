import type { Hash } from "node:crypto";
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFPage,
  type PDFRef,
  PDFString,
} from "pdf-lib";
import { createPadesSignature, padesSignatureMaxBytes } from "./seal/cms-signature";
import type { SealCertificate } from "./seal/sandbox-certificate";

/**
 * The PDF side of a PAdES-B-B seal (ETSI EN 319 142-1; ISO 32000-2, 12.8): an invisible signature field on the
 * last page whose value is a signature dictionary with room reserved for the CMS, then, once the file is written,
 * its /ByteRange (the whole file but the /Contents hex string) and the CMS over those bytes.
 *
 * Hand-written: @signpdf's placeholders either rewrite the file with pdf-lib or append a classic cross-reference
 * table whatever the file's kind; this one goes into the same incremental update as the rest of the final PDF.
 */
const rangePlaceholder = 9_999_999_999;
const signerLabel = "Signdesk sandbox seal";

export function addSealField(doc: PDFDocument, page: PDFPage, certificate: SealCertificate, signedAt: Date): PDFRef {
  const { context } = doc;
  const signature = context.register(
    context.obj({
      Type: "Sig",
      Filter: "Adobe.PPKLite",
      SubFilter: "ETSI.CAdES.detached",
      ByteRange: [0, rangePlaceholder, rangePlaceholder, rangePlaceholder],
      Contents: PDFHexString.of("0".repeat(padesSignatureMaxBytes * 2)),
      M: PDFString.fromDate(signedAt),
      Name: PDFString.of(certificate.subjectName),
      Reason: PDFString.of("Sealed when the document was finalized, by the Signdesk sandbox's test certificate."),
    }),
  );
  const widget = context.register(
    context.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      T: PDFString.of(signerLabel),
      V: signature,
      Rect: [0, 0, 0, 0],
      F: 132,
      P: page.ref,
    }),
  );
  page.node.addAnnot(widget);

  const acroForm = doc.catalog.lookup(PDFName.of("AcroForm"));
  if (acroForm instanceof PDFDict) {
    const fields = acroForm.lookup(PDFName.of("Fields"));
    if (fields instanceof PDFArray) fields.push(widget);
    else acroForm.set(PDFName.of("Fields"), context.obj([widget]));
    acroForm.set(PDFName.of("SigFlags"), context.obj(3));
  } else {
    doc.catalog.set(PDFName.of("AcroForm"), context.obj({ Fields: [widget], SigFlags: 3 }));
  }
  return signature;
}

/** The final PDF as the seal signs it: everything before its last update as a hash, then that update itself. */
export interface SealedFile {
  /** SHA-256 of the bytes before `last`. */
  before: Hash;
  /** The last update, which holds the signature dictionary; it is changed in place. */
  last: Uint8Array;
  /** The whole file's length. */
  length: number;
}

/**
 * Fills the signature dictionary written at `offset` of the file (it lies in the last update): its /ByteRange,
 * then the CMS over the two ranges. No length changes.
 */
export function signSealField(file: SealedFile, offset: number, certificate: SealCertificate): void {
  const { last, length } = file;
  const lastStart = length - last.length;
  const local = offset - lastStart;
  if (local < 0) throw new Error("The seal's signature dictionary is not in the last update.");
  const text = Buffer.from(last.buffer, last.byteOffset, last.byteLength).toString(
    "latin1",
    local,
    Math.min(last.length, local + padesSignatureMaxBytes * 2 + 4096),
  );
  const range = /\/ByteRange\s*\[([^\]]*)\]/.exec(text);
  const contents = /\/Contents\s*<(0*)>/.exec(text);
  if (range?.[1] === undefined || contents?.[1] === undefined) {
    throw new Error("The seal's signature dictionary has no placeholder.");
  }
  const gapStart = local + contents.index + contents[0].indexOf("<");
  const gapEnd = gapStart + contents[1].length + 2;
  const byteRange = [0, lastStart + gapStart, lastStart + gapEnd, length - (lastStart + gapEnd)];
  const written = byteRange.join(" ");
  if (written.length > range[1].length) throw new Error("The seal's /ByteRange placeholder is too short.");
  const rangeAt = local + range.index + range[0].indexOf("[") + 1;
  last.set(Buffer.from(written.padEnd(range[1].length, " "), "latin1"), rangeAt);

  const hash = file.before.update(last.subarray(0, gapStart)).update(last.subarray(gapEnd));
  const cms = createPadesSignature(new Uint8Array(hash.digest()), certificate);
  if (cms.length > padesSignatureMaxBytes) throw new Error("The seal's signature is larger than the room reserved.");
  last.set(
    Buffer.from(Buffer.from(cms).toString("hex").toUpperCase().padEnd(contents[1].length, "0"), "latin1"),
    gapStart + 1,
  );
}
