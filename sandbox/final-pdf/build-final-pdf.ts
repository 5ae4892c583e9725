import { PDFDocument, type PDFPage } from "pdf-lib";
import { type AuditTrail, drawAuditTrail } from "./audit-page";
import { checkAgreesWithChain } from "./chain-agreement";
import { embedStampFont, type StampFont } from "./font";
import { concat, IncrementalWriter } from "./incremental-update";
import { isolatePageContent } from "./page-contents";
import { repairPageTreeParents } from "./page-tree-repair";
import { asLatin1 } from "./pdf-syntax";
import type { SealCertificate } from "./seal/sandbox-certificate";
import { addSealField, signSealField } from "./seal-field";
import { createImageCache, parseStamp, type StampedField, type StampResources, stampField } from "./stamp-field";
import { refuseInflationBombs } from "./stream-decoding";
import { readXrefChain } from "./xref-chain";

export type { AuditSigner, AuditTrail } from "./audit-page";
export type { StampedField } from "./stamp-field";

export interface FinalPdf {
  /** The file in parts (the original, then each update): written one after the other, they are the final PDF. */
  parts: readonly Uint8Array[];
  /** The parts joined (made on first use: a final PDF can be large). */
  readonly bytes: Uint8Array;
  length: number;
  /** SHA-256 (lowercase hex) of the whole final PDF. */
  sha256: string;
  /**
   * SHA-256 (lowercase hex) of the stamped document without the audit trail. That document is the first bytes of
   * the file (the audit trail is an incremental update), and its length is printed in the audit trail.
   */
  signedContentSha256: string;
  /** Length of that stamped document, a byte prefix of the file. */
  signedContentLength: number;
}

/**
 * The final PDF of a completed document: the original's exact bytes, then three incremental updates — every
 * field's value stamped into its box, upright as each page is displayed (API-NOTES.md, "Numbering and
 * coordinates"); the audit trail on as many pages as it needs; a PAdES seal over the whole file. Signatures the
 * original carries stay valid: they cover a prefix that is never changed.
 * Throws an Error naming the field when a field's value, type or page is wrong; nothing is returned then.
 */
export async function buildFinalPdf(
  original: Uint8Array,
  fields: StampedField[],
  audit: AuditTrail,
  seal: SealCertificate,
): Promise<FinalPdf> {
  const text = asLatin1(original);
  refuseInflationBombs(original, text);
  const chain = readXrefChain(original, text);
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  checkAgreesWithChain(doc, original, text, chain);
  const writer = new IncrementalWriter(doc, original, chain);
  repairPageTreeParents(doc);
  const pages = doc.getPages();
  const planned = fields.map((field) => ({ field, stamp: parseStamp(field, pages.length) }));

  let font: Promise<StampFont> | undefined;
  const resources: StampResources = {
    font: () => (font ??= embedStampFont(doc, "SDSTMP")),
    image: createImageCache(doc),
  };
  const isolated = new Set<PDFPage>();
  for (const { field, stamp } of planned) {
    const page = pages[field.page - 1];
    if (page === undefined) throw new Error(`Field "${field.id}": page ${field.page} is not in the document.`);
    if (!isolated.has(page)) {
      isolatePageContent(page);
      isolated.add(page);
    }
    await stampField(page, field, stamp, resources);
  }
  const signedContentLength = (await writer.commit()).length;
  const signedContentSha256 = writer.sha256();

  drawAuditTrail(doc, await embedStampFont(doc, "SDAUDT"), audit, {
    sha256: signedContentSha256,
    byteLength: signedContentLength,
    sealFingerprint: seal.fingerprintSha256,
  });
  await writer.commit();

  const lastPage = doc.getPage(doc.getPageCount() - 1);
  const signature = addSealField(doc, lastPage, seal, new Date(audit.finalizedAt));
  const { offsets } = await writer.commit();
  const at = offsets.get(signature.objectNumber);
  if (at === undefined) throw new Error("The seal's signature dictionary was not written.");
  const parts = writer.fileParts;
  signSealField(parts, at, seal);
  let joined: Uint8Array | undefined;
  return {
    parts,
    get bytes() {
      joined ??= concat(parts);
      return joined;
    },
    length: parts.reduce((total, part) => total + part.length, 0),
    sha256: writer.sha256(),
    signedContentSha256,
    signedContentLength,
  };
}
