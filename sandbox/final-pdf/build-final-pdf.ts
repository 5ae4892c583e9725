import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { type AuditTrail, drawAuditTrail } from "./audit-page";
import { embedStampFont, type StampFont } from "./font";
import { openForIncrementalEdit, saveIncrementalEdit } from "./incremental-update";
import { createImageCache, parseStamp, type StampedField, type StampResources, stampField } from "./stamp-field";

export type { AuditSigner, AuditTrail } from "./audit-page";
export type { StampedField } from "./stamp-field";

export interface FinalPdf {
  bytes: Uint8Array;
  /**
   * SHA-256 (lowercase hex) of the stamped document without the audit trail. That document is the first bytes of
   * `bytes` (the audit trail is an incremental update), and its length is printed in the audit trail.
   */
  signedContentSha256: string;
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The final PDF of a completed document: every field's value stamped into its box, upright as each page is
 * displayed (API-NOTES.md, "Numbering and coordinates"), then the audit trail on as many pages as it needs.
 * Throws an Error naming the field when a field's value, type or page is wrong; nothing is returned then.
 */
export async function buildFinalPdf(
  original: Uint8Array,
  fields: StampedField[],
  audit: AuditTrail,
): Promise<FinalPdf> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const pages = doc.getPages();
  const planned = fields.map((field) => ({ field, stamp: parseStamp(field, pages.length) }));

  let font: Promise<StampFont> | undefined;
  const resources: StampResources = {
    font: () => (font ??= embedStampFont(doc, "SDSTMP")),
    image: createImageCache(doc),
  };
  for (const { field, stamp } of planned) {
    const page = pages[field.page - 1];
    if (page === undefined) throw new Error(`Field "${field.id}": page ${field.page} is not in the document.`);
    await stampField(page, field, stamp, resources);
  }

  const signed = await doc.save({ useObjectStreams: false });
  const signedContentSha256 = sha256Hex(signed);

  const edit = await openForIncrementalEdit(signed);
  drawAuditTrail(edit.doc, await embedStampFont(edit.doc, "SDAUDT"), audit, {
    sha256: signedContentSha256,
    byteLength: signed.length,
  });
  return { bytes: await saveIncrementalEdit(signed, edit), signedContentSha256 };
}
